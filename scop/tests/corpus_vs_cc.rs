//! The interpreter against the system C compiler: every kernel of `corpus/` runs in the
//! interpreter and, compiled by `cc -O1 -ffp-contract=off`, in the C harness of
//! `Workload::c_harness` that generates the same inputs by the contract of `optimist run`
//! (written again in C); the hashes of every array must be identical.
//!
//! The first line of each kernel holds its arguments: `// run: --set n=10 --len A=100 ...`.

use optimist_scop::frontend::{self, FrontendConfig};
use optimist_scop::interp;
use optimist_scop::workload::{RunSpec, Workload};
use std::path::{Path, PathBuf};
use std::process::Command;

fn corpus() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("corpus directory")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "c"))
        .collect();
    files.sort();
    assert!(files.len() >= 15, "the corpus has {} kernels", files.len());
    files
}

/// The arguments on the kernel's first line.
fn run_spec(path: &Path) -> RunSpec {
    let text = std::fs::read_to_string(path).unwrap();
    let line = text.lines().next().unwrap_or_default();
    let args = line
        .strip_prefix("// run:")
        .unwrap_or_else(|| panic!("{}: no `// run:` line", path.display()));
    let args: Vec<&str> = args.split_whitespace().collect();
    RunSpec::parse_args(&args).unwrap()
}

fn cc() -> Option<String> {
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
    Command::new(&cc)
        .arg("--version")
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|_| cc)
}

#[test]
fn interpreter_matches_compiled_c_on_every_kernel() {
    let Some(cc) = cc() else {
        eprintln!("no C compiler: the interpreter is not compared with compiled C");
        return;
    };
    let dir = std::env::temp_dir().join(format!("optimist-corpus-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut failures = Vec::new();
    for path in corpus() {
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        let spec = run_spec(&path);
        let f = frontend::parse_file(&path, &FrontendConfig::default())
            .unwrap_or_else(|e| panic!("{e}"));
        let mut w = Workload::generate(&f, &spec).unwrap_or_else(|e| panic!("{name}: {e}"));
        let include = path.canonicalize().unwrap().display().to_string();
        let c_source = w.c_harness(&f, &spec, &include, None, &Default::default());
        interp::run(&f, &mut w.args, &Default::default()).unwrap_or_else(|e| panic!("{name}: {e}"));
        let ours: Vec<String> = w
            .hashes(&f)
            .iter()
            .map(|(n, h)| format!("{n} {h:016x}"))
            .collect();

        let src = dir.join(format!("{name}_main.c"));
        let exe = dir.join(&name);
        std::fs::write(&src, &c_source).unwrap();
        let out = Command::new(&cc)
            .args(["-O1", "-ffp-contract=off", "-o"])
            .arg(&exe)
            .arg(&src)
            .arg("-lm")
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{name}: cc failed:\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let run = Command::new(&exe).output().unwrap();
        assert!(run.status.success(), "{name}: the compiled kernel failed");
        let theirs: Vec<String> = String::from_utf8_lossy(&run.stdout)
            .lines()
            .map(str::to_string)
            .collect();
        if ours != theirs {
            failures.push(format!(
                "{name}:\n  interpreter {ours:?}\n  cc          {theirs:?}"
            ));
        }
    }
    std::fs::remove_dir_all(&dir).ok();
    assert!(
        failures.is_empty(),
        "hashes differ:\n{}",
        failures.join("\n")
    );
}
