//! The interpreter against the system C compiler: every kernel of `corpus/` runs in the
//! interpreter and, compiled by `cc -O1 -ffp-contract=off`, in a C harness that generates the
//! same inputs by the contract of `optimist run` (written again in C, independently); the
//! hashes of every array must be identical.
//!
//! The first line of each kernel holds its arguments: `// run: --set n=10 --len A=100 ...`.

use optimist_scop::frontend::{self, FrontendConfig};
use optimist_scop::interp::{self, Value};
use optimist_scop::ir::{Function, Param};
use optimist_scop::types::Type;
use optimist_scop::workload::{RunSpec, Workload};
use std::fmt::Write;
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

/// A C literal for a scalar argument, exact for every value.
fn c_literal(v: Value, ty: Type) -> String {
    match v {
        Value::Int(x) => format!("({})({x}LL)", ty.c_name()),
        Value::F64(x) => format!("{x:e}"),
        Value::F32(x) => format!("{x:e}f"),
    }
}

/// The C harness: allocate and fill buffers, call the kernel, print the hashes.
fn harness(path: &Path, f: &Function, w: &Workload, spec: &RunSpec) -> String {
    let mut c = String::new();
    writeln!(
        c,
        "#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n#include <stdint.h>"
    )
    .unwrap();
    writeln!(c, "#include \"{}\"", path.canonicalize().unwrap().display()).unwrap();
    c.push_str(
        "static uint64_t fnv1a(const void *p, size_t n) {\n  const unsigned char *b = p;\n  uint64_t h = 0xcbf29ce484222325ull;\n  for (size_t i = 0; i < n; i++) { h ^= b[i]; h *= 0x100000001b3ull; }\n  return h;\n}\n",
    );
    c.push_str("int main(void) {\n");
    // Buffers, filled by the contract: position `a` among the array parameters.
    let array_params: Vec<_> = f.array_params().collect();
    for &(a, b) in &w.owners {
        let arr = f.array(a);
        let position = array_params.iter().position(|&x| x == a).unwrap();
        let len = w.args.buffers[b].len();
        let t = arr.elem.c_name();
        writeln!(c, "  {t} *buf{b} = malloc({len} * sizeof({t}) + 1);").unwrap();
        if arr.elem.is_float() {
            writeln!(c, "  for (long k = 0; k < {len}; k++) buf{b}[k] = ({t})(((k * 7 + {position} * 3) % 17 + 1) / 16.0);").unwrap();
        } else {
            writeln!(c, "  for (long k = 0; k < {len}; k++) buf{b}[k] = ({t})((k * 7 + {position} * 3) % 17);").unwrap();
        }
        if let Some((_, values)) = spec.arrays.iter().find(|(n, _)| *n == arr.name) {
            for (k, v) in values
                .split(',')
                .map(str::trim)
                .filter(|v| !v.is_empty())
                .enumerate()
            {
                writeln!(c, "  buf{b}[{k}] = ({t})({v});").unwrap();
            }
        }
    }
    let args: Vec<String> = f
        .params
        .iter()
        .map(|p| match *p {
            Param::Scalar(v) => c_literal(w.args.scalars[v.0 as usize].unwrap(), f.var(v).ty),
            Param::Array(a) => {
                let b = w.args.bindings[a.0 as usize].unwrap();
                format!("(void *)(buf{} + {})", b.buffer, b.offset)
            }
        })
        .collect();
    writeln!(c, "  {}({});", f.name, args.join(", ")).unwrap();
    for &(a, b) in &w.owners {
        let len = w.args.buffers[b].len();
        let t = f.array(a).elem.c_name();
        writeln!(c, "  printf(\"%s %016llx\\n\", \"{}\", (unsigned long long)fnv1a(buf{b}, {len} * sizeof({t})));", f.array(a).name).unwrap();
    }
    c.push_str("  return 0;\n}\n");
    c
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
        let c_source = harness(&path, &f, &w, &spec);
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
