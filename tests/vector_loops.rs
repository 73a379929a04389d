//! The loop collection of `benches/loops/` (issue 63: loops of the kinds the test suites of
//! vectorizing compilers hold, on file-scope arrays, in float and double, as one program of
//! eight files): every file rewritten by `optimist::rewrite_c`, the program compiled by every C
//! compiler at hand at `-O1 -ffp-contract=off` with one repetition per loop, prints the bits
//! the original prints; and the optimized version of every optimized region is what ran.
//! The speed of the same programs is `scripts/bench-loops.sh`'s.

use optimist::{Config, Rewrite};
use std::path::{Path, PathBuf};
use std::process::Command;

mod common;

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/loops/src")
}

/// Compiles the C files `files` (with `include`) by `cc` and runs the program: what it
/// prints, without the times (the third column).
fn run(cc: &str, files: &[PathBuf], include: &Path, exe: &Path) -> Vec<String> {
    let out = Command::new(cc)
        .args(["-O1", "-ffp-contract=off", "-DREPS=1", "-I"])
        .arg(include)
        .args(files)
        .arg("-o")
        .arg(exe)
        .arg("-lm")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{cc}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let run = Command::new(exe).output().unwrap();
    assert!(run.status.success());
    String::from_utf8_lossy(&run.stdout)
        .lines()
        .map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            match w.as_slice() {
                [name, ty, _, rest @ ..] => format!("{name} {ty} {}", rest.join(" ")),
                _ => l.to_string(),
            }
        })
        .collect()
}

#[test]
fn rewritten_loops_print_the_originals_bits_and_run_optimized() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(src())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("loops_")
        })
        .collect();
    files.sort();
    assert_eq!(files.len(), 8);
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("vector_loops");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // Each file rewritten, on two threads (the files are independent).
    let rewritten: Vec<(PathBuf, optimist::Rewritten)> = std::thread::scope(|s| {
        let jobs: Vec<_> = files
            .chunks(4)
            .map(|chunk| {
                s.spawn(move || {
                    chunk
                        .iter()
                        .map(|f| {
                            let text = std::fs::read_to_string(f).unwrap();
                            let out = optimist::rewrite_c(
                                &f.display().to_string(),
                                &text,
                                f.parent(),
                                &Default::default(),
                                &[],
                                &Config::default(),
                            )
                            .unwrap_or_else(|e| panic!("{}: {e}", f.display()));
                            (f.clone(), out)
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        jobs.into_iter().flat_map(|j| j.join().unwrap()).collect()
    });
    let (mut optimized, mut kept, mut reporters) = (0, Vec::new(), String::new());
    let mut new_files = vec![src().join("main.c")];
    for (k, (f, out)) in rewritten.iter().enumerate() {
        for p in &out.parts {
            match &p.outcome {
                Rewrite::Optimized => optimized += 1,
                other => kept.push(format!("{}: {other:?}", p.function)),
            }
        }
        // Which version each kernel ran last: a function of the file sums the flags.
        let versions: Vec<String> = out
            .text
            .lines()
            .filter_map(|l| l.strip_prefix("static int "))
            .filter_map(|l| l.strip_suffix("_version;"))
            .map(|n| format!("{n}_version"))
            .collect();
        let mut text = out.text.clone();
        text.push_str(&format!(
            "int optimist_ran_{k}(void) {{ return 0{}; }}\n",
            versions
                .iter()
                .map(|v| format!(" + {v}"))
                .collect::<String>()
        ));
        reporters.push_str(&format!(
            "int optimist_ran_{k}(void); n += optimist_ran_{k}(); "
        ));
        let path = dir.join(f.file_name().unwrap());
        std::fs::write(&path, text).unwrap();
        new_files.push(path);
    }
    let report = dir.join("report.c");
    std::fs::write(
        &report,
        format!(
            "#include <stdio.h>\n__attribute__((destructor)) static void report(void) {{ int n = 0; {reporters}printf(\"ran optimized - %d\\n\", n); }}\n"
        ),
    )
    .unwrap();
    // Loops whose plan adds nothing for C (the program's order, its loops in order or in
    // lanes the compiler finds itself over file-scope arrays, scalars in registers the
    // program's own variables are in anyway) are kept as written: 178 of 256 at this writing;
    // the other 78 are rewritten (28 restructured).
    let as_written = kept.iter().filter(|k| k.contains("adds nothing")).count();
    assert!(
        (65..=100).contains(&optimized),
        "{optimized} optimized; kept: {kept:#?}"
    );
    assert!(
        (155..=190).contains(&as_written),
        "{as_written} kept as written; kept: {kept:#?}"
    );
    let mut originals: Vec<PathBuf> = files.clone();
    originals.push(src().join("main.c"));
    new_files.push(report);
    let compilers = common::c_compilers();
    assert!(!compilers.is_empty(), "no C compiler");
    for cc in compilers {
        let before = run(&cc, &originals, &src(), &dir.join("before"));
        let mut after = run(&cc, &new_files, &src(), &dir.join("after"));
        let ran = after.pop().unwrap();
        assert_eq!(before.len(), 256);
        assert_eq!(before, after, "{cc}");
        // Every optimized region's check held: the optimized version ran.
        assert_eq!(ran, format!("ran optimized {optimized}"), "{cc}");
    }
}
