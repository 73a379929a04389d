//! Snapshot tests of the SCoP model and its dependences: for every kernel of `corpus/` and of
//! `scop/tests/models/`, the dump of `optimist show scop` and of `optimist show deps` (or the
//! reason the kernel cannot be modeled) is compared with `scop/tests/snapshots/<name>.scop` and
//! `<name>.deps`. `UPDATE_EXPECT=1 cargo test` rewrites them; review the diff as code.

use optimist_scop::frontend::{self, FrontendConfig};
use optimist_scop::model::{Config, DepConfig, Dependences, Scop};
use std::path::{Path, PathBuf};

fn kernels() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in [root.join("../corpus"), root.join("tests/models")] {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.extension().is_some_and(|e| e == "c") {
                files.push(p);
            }
        }
    }
    files.sort_by_key(|p| p.file_name().map(|f| f.to_owned()));
    files
}

/// Compares `actual` with the snapshot file, or rewrites it under `UPDATE_EXPECT=1`.
fn check_file(path: &Path, actual: &str) -> Result<(), String> {
    if std::env::var_os("UPDATE_EXPECT").is_some() {
        std::fs::write(path, actual).unwrap();
        return Ok(());
    }
    let expected = std::fs::read_to_string(path).unwrap_or_default();
    if expected == actual {
        Ok(())
    } else {
        let first = expected
            .lines()
            .zip(actual.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(0);
        Err(format!(
            "{} differs from line {} (run with UPDATE_EXPECT=1 and review the diff):\n  expected: {}\n  actual:   {}",
            path.display(),
            first + 1,
            expected.lines().nth(first).unwrap_or("<end>"),
            actual.lines().nth(first).unwrap_or("<end>")
        ))
    }
}

#[test]
fn models_and_dependences_of_every_kernel() {
    let snapshots = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots");
    let files = kernels();
    assert!(files.len() >= 20, "only {} kernels", files.len());
    let mut failures = Vec::new();
    for path in &files {
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        let f = frontend::parse_file(path, &FrontendConfig::default())
            .unwrap_or_else(|e| panic!("{e}"));
        let (scop_text, deps_text) = match Scop::build(&f, &Config::default()) {
            Ok(scop) => {
                scop.verify()
                    .unwrap_or_else(|e| panic!("{name}: invalid model: {e}"));
                let deps = Dependences::compute(&scop, &DepConfig::default())
                    .unwrap_or_else(|e| panic!("{name}: {e}"));
                (scop.dump(&f), deps.dump())
            }
            Err(e) => (format!("{e}\n"), format!("{e}\n")),
        };
        // Positions name the kernel's file only, so snapshots do not depend on the checkout.
        let here = path.display().to_string();
        let (scop_text, deps_text) = (
            scop_text.replace(&here, &format!("{name}.c")),
            deps_text.replace(&here, &format!("{name}.c")),
        );
        for (ext, text) in [("scop", &scop_text), ("deps", &deps_text)] {
            if let Err(e) = check_file(&snapshots.join(format!("{name}.{ext}")), text) {
                failures.push(e);
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The driver asks only the memory-based dependences ([`Dependences::memory_only_isl`]), which
/// pair each earlier access with each later one directly instead of asking isl's dataflow
/// analysis: on every kernel of the corpus, its subdirectories and the models here, they are the
/// relations [`Dependences::compute`] gives.
#[test]
fn memory_dependences_asked_directly_equal_the_dataflow_ones() {
    use optimist_scop::model::DepKind;
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus");
    let mut files = kernels();
    for dir in std::fs::read_dir(&root).unwrap() {
        let dir = dir.unwrap().path();
        if dir.is_dir() {
            for e in std::fs::read_dir(dir).unwrap() {
                let p = e.unwrap().path();
                if p.extension().is_some_and(|e| e == "c") {
                    files.push(p);
                }
            }
        }
    }
    let mut compared = 0;
    for path in &files {
        let Ok(f) = frontend::parse_file(path, &FrontendConfig::default()) else {
            continue;
        };
        let Ok(scop) = Scop::build(&f, &Config::default()) else {
            continue;
        };
        let config = DepConfig::default();
        let (Ok(direct), Ok(flow)) = (
            Dependences::memory_only_isl(&scop, &config),
            Dependences::compute_isl(&scop, &config),
        ) else {
            continue;
        };
        for kind in [DepKind::Raw, DepKind::War, DepKind::Waw] {
            let (a, b) = (direct.get(kind, false), flow.get(kind, false));
            assert!(
                a.is_equal(b).unwrap(),
                "{}: {kind:?}\n direct: {a}\n dataflow: {b}",
                path.display()
            );
        }
        compared += 1;
    }
    assert!(compared >= 60, "only {compared} kernels compared");
}
