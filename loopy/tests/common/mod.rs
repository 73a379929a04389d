//! What the tests of this crate share.

use std::path::{Path, PathBuf};

/// The kernels of `corpus/`, sorted.
pub fn corpus() -> Vec<PathBuf> {
    c_files("../corpus")
}

/// The kernels of `corpus/suite/` (the benchmark suite), sorted.
#[allow(dead_code)]
pub fn suite() -> Vec<PathBuf> {
    c_files("../corpus/suite")
}

fn c_files(dir: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "c"))
        .collect();
    files.sort();
    files
}
