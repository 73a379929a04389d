//! The automatic strategy on every modelable kernel of the corpus.

use optimist_loopy::{AutoConfig, auto};
use optimist_scop::frontend::{self, FrontendConfig};
use optimist_scop::model::{Dependences, Scop};

mod common;

use common::corpus;

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
