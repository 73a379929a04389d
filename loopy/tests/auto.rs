//! The automatic strategy on every modelable kernel of the corpus.

use optimist_loopy::{AutoConfig, auto};
use optimist_scop::frontend::{self, FrontendConfig};
use optimist_scop::model::{Dependences, Scop};
use std::path::{Path, PathBuf};

fn corpus() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "c"))
        .collect();
    files.sort();
    files
}

#[test]
fn auto_schedules_every_modelable_kernel() {
    let mut failures = Vec::new();
    for path in &corpus() {
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        let f = frontend::parse_file(path, &FrontendConfig::default()).unwrap();
        let Ok(scop) = Scop::build(&f, &Default::default()) else {
            continue;
        };
        let deps = Dependences::compute(&scop, &Default::default()).unwrap();
        match auto(&scop, &deps, &AutoConfig::default()) {
            Ok(t) => eprintln!("{name}: parallel {:?} vector {:?}", t.parallel, t.vector),
            Err(e) => failures.push(format!("{name}: {e}")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
