//! Whole C files, source to source (`optimist::rewrite_c`, `optimist c`): the programs of
//! `tests/whole/` (a stencil with a time loop, a product with its own allocation and timing, a
//! triangular solver, a file with three regions, a region that cannot be read yet) rewritten,
//! compiled by `cc` and run print exactly what the originals print; every function is
//! replaced or kept with its reason, and the rest of each file is untouched.

use optimist::{Config, Rewrite};
use std::path::{Path, PathBuf};
use std::process::Command;

mod common;

/// Compiles `source` with `cc` (and `flags`) and runs it: its standard output.
fn run(cc: &str, source: &Path, exe: &Path, flags: &[&str]) -> String {
    let out = Command::new(cc)
        .args(["-O2", "-ffp-contract=off", "-o"])
        .arg(exe)
        .arg(source)
        .args(flags)
        .arg("-lm")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}: {}",
        source.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    let run = Command::new(exe)
        .env("OMP_NUM_THREADS", "2")
        .output()
        .unwrap();
    assert!(run.status.success(), "{}", source.display());
    String::from_utf8_lossy(&run.stdout).into_owned()
}

#[test]
fn rewritten_programs_print_what_the_originals_print() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/whole");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "c"))
        .collect();
    files.sort();
    assert_eq!(files.len(), 5);
    let scratch = std::env::temp_dir().join(format!("optimist-whole-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    let cc = common::cc();
    let mut optimized = 0;
    for path in &files {
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(path).unwrap();
        let out = optimist::rewrite_c(
            &path.display().to_string(),
            &text,
            path.parent(),
            &Default::default(),
            &[],
            &Config::default(),
        )
        .unwrap_or_else(|e| panic!("{name}: {e}"));
        for (function, what) in &out.functions {
            match what {
                Rewrite::Optimized => optimized += 1,
                Rewrite::Kept(why) => {
                    // Only the region in main between statements is kept, saying why.
                    assert_eq!(
                        (name.as_str(), function.as_str()),
                        ("kept", "main"),
                        "{why}"
                    );
                    assert!(
                        why.contains("statement outside the `#pragma scop` region"),
                        "{why}"
                    );
                    assert!(
                        out.text
                            .contains(&format!("// optimist: {why}\nint main() {{"))
                    );
                }
            }
        }
        // Everything but the replaced functions is the original's text: its first lines (up
        // to the first function) and its `main` (kept or after the last replaced function).
        let head = &text[..text.find("#define").unwrap()];
        assert!(out.text.starts_with(head), "{name}");
        let main_at = text.find("int main").unwrap();
        assert!(out.text.ends_with(&text[main_at..]), "{name}");
        let Some(cc) = &cc else { continue };
        let rewritten = scratch.join(format!("{name}.c"));
        std::fs::write(&rewritten, &out.text).unwrap();
        let original = run(cc, path, &scratch.join(format!("{name}_original")), &[]);
        let ours = run(
            cc,
            &rewritten,
            &scratch.join(format!("{name}_ours")),
            &["-fopenmp"],
        );
        assert_eq!(ours, original, "{name}");
        assert!(!original.is_empty());
    }
    // jacobi, gemm, trisolv, the three of two_regions, kept's scale.
    assert_eq!(optimized, 7);
    std::fs::remove_dir_all(&scratch).ok();
}

/// `--function` names a function without a region; a name the file does not define is an
/// error naming it.
#[test]
fn functions_asked_for_by_name() {
    let src = "#define N 32\nvoid axpy(int n, double a, double X[N], double Y[N]) {\n  for (int i = 0; i < n; i++)\n    Y[i] += a * X[i];\n}\nint main(void) { return 0; }\n";
    let none = optimist::rewrite_c(
        "a.c",
        src,
        None,
        &Default::default(),
        &[],
        &Config::default(),
    )
    .unwrap();
    assert!(none.functions.is_empty());
    assert_eq!(none.text, src);
    let asked = ["axpy".to_string()];
    let out = optimist::rewrite_c(
        "a.c",
        src,
        None,
        &Default::default(),
        &asked,
        &Config::default(),
    )
    .unwrap();
    assert_eq!(out.functions, [("axpy".to_string(), Rewrite::Optimized)]);
    assert!(out.text.contains("static void axpy_optimized("));
    assert!(out.text.ends_with("int main(void) { return 0; }\n"));
    let missing = ["nope".to_string()];
    let e = optimist::rewrite_c(
        "a.c",
        src,
        None,
        &Default::default(),
        &missing,
        &Config::default(),
    )
    .unwrap_err();
    assert!(e.to_string().contains("no function `nope`"), "{e}");
}
