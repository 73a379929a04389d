//! Filetests of the execution decisions: for every kernel of the corpus and the suite, and for
//! each target (native code on 2 threads with lanes and registers, and C), the strategy's
//! decisions and the loop tree decided for that target (`optimist show ast FILE.c --opt default
//! --target native|c`), compared with one expected file per kernel and target in
//! `tests/decided/`. Every change of the strategy or of a decision rule shows up as a diff of
//! those files, reviewed like code; `UPDATE_EXPECT=1 cargo test --test decided` rewrites them.
//! The plans are made without the wall-clock deadline, so the files do not depend on the load.

mod common;

use common::kernels_in;
use optimist::scop::frontend::{self, FrontendConfig};
use optimist::{Config, Outcome, Target};
use std::path::{Path, PathBuf};

/// The expected file of `kernel` (a path under `corpus/`) for `target`.
fn expected_file(kernel: &Path, target: &Target) -> PathBuf {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let rel = kernel.strip_prefix(&corpus).unwrap().with_extension("");
    let name = rel.to_string_lossy().replace('/', "_");
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/decided")
        .join(format!("{name}.{}.decided", target.name()))
}

/// What the decisions of `kernel` for `target` look like.
fn decided(kernel: &Path, target: &Target) -> String {
    let f = match frontend::parse_file(kernel, &FrontendConfig::default()) {
        Ok(f) => f,
        Err(e) => return format!("not parsed: {e}\n"),
    };
    let config = Config {
        target: Some(target.clone()),
        deadline: None,
        ..Config::default()
    };
    let text = match optimist::optimize(&f, &config) {
        Ok(Outcome::Optimized(p)) => p.show_decided(target, &f.file_scope),
        Ok(Outcome::FaithfulOnly(why)) => format!("faithful code only: {why}\n"),
        Err(e) => format!("error: {e}\n"),
    };
    // Messages name the file: relative to the repository, wherever it is checked out.
    text.replace(concat!(env!("CARGO_MANIFEST_DIR"), "/"), "")
}

/// Compares (or, with `UPDATE_EXPECT`, writes) the files of the kernels in `sub` for both
/// targets; every difference is reported, with its first differing line.
fn check(sub: &str) {
    let update = std::env::var_os("UPDATE_EXPECT").is_some();
    let mut failures = Vec::new();
    for kernel in kernels_in(sub) {
        for target in [Target::native(2, true, true), Target::c()] {
            let got = decided(&kernel, &target);
            let file = expected_file(&kernel, &target);
            let want = std::fs::read_to_string(&file).unwrap_or_default();
            if got == want {
                continue;
            }
            if update {
                std::fs::create_dir_all(file.parent().unwrap()).unwrap();
                std::fs::write(&file, &got).unwrap();
                continue;
            }
            let line = got
                .lines()
                .zip(want.lines().chain(std::iter::repeat("")))
                .position(|(a, b)| a != b)
                .unwrap_or(got.lines().count());
            failures.push(format!(
                "{}: line {}:\n  expected: {}\n  got:      {}",
                file.display(),
                line + 1,
                want.lines().nth(line).unwrap_or("(end)"),
                got.lines().nth(line).unwrap_or("(end)"),
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "decisions differ from the expected files (review, then UPDATE_EXPECT=1):\n{}",
        failures.join("\n")
    );
}

#[test]
fn corpus() {
    check("");
}

#[test]
fn corpus_flat() {
    check("flat");
}

#[test]
fn corpus_scalar_and_pipelines() {
    check("scalar");
    check("pipelines");
}

#[test]
fn corpus_pathological() {
    check("pathological");
}

#[test]
fn suite() {
    check("suite");
}

/// A loop inside another's threads runs in order on every target: the rule is made once
/// (`optimist_codegen::Plan::decide`), and both back ends follow it (C prints one `omp parallel for`).
#[test]
fn threads_are_started_once_on_every_target() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/tagged.c");
    let f = frontend::parse_file(&path, &FrontendConfig::default()).unwrap();
    let script = optimist::loopy::Script::parse("parallel(Outer, 0)\nparallel(Outer, 1)").unwrap();
    for target in [Target::native(2, true, true), Target::c()] {
        let config = Config {
            target: Some(target.clone()),
            deadline: None,
            ..Config::with(optimist::Strategy::Script(script.clone()))
        };
        let plan = optimist::optimize(&f, &config).unwrap();
        let shown = plan.plan().unwrap().show_decided(&target, &f.file_scope);
        assert_eq!(shown.matches("// threads").count(), 1, "{shown}");
    }
    let config = Config::with(optimist::Strategy::Script(script));
    let (c, _) = optimist::compile_c(&f, &config, "tagged").unwrap();
    assert_eq!(c.code.matches("#pragma omp parallel for").count(), 1);
}
