//! The automatic strategy on every modelable kernel of the corpus.

use optimist_loopy::{AutoConfig, auto, verify};
use optimist_scop::frontend::{self, FrontendConfig};
use optimist_scop::model::{Dependences, Scop};

mod common;

use common::{corpus, suite};

#[test]
fn auto_schedules_every_modelable_kernel() {
    let mut failures = Vec::new();
    for path in corpus().iter().chain(&suite()) {
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        let f = frontend::parse_file(path, &FrontendConfig::default()).unwrap();
        let Ok(scop) = Scop::build(&f, &Default::default()) else {
            continue;
        };
        let deps = Dependences::compute(&scop, &Default::default()).unwrap();
        match auto(&scop, &deps, &AutoConfig::default(), &Default::default()) {
            Ok(t) => {
                eprintln!("{name}: parallel {:?} vector {:?}", t.parallel, t.vector);
                // The strategy verifies the untiled schedule and each tiling on its own; the
                // relation code is generated from, tile loops included, must pass the verifier
                // with its marks.
                let marks: Vec<_> = t
                    .parallel
                    .iter()
                    .chain(&t.vector)
                    .map(|m| (m.stmts.clone(), m.dim))
                    .collect();
                if let Err(e) = verify(&scop, &deps, &t.theta, &marks) {
                    failures.push(format!("{name}: the tiled relation: {e}"));
                }
            }
            Err(e) => failures.push(format!("{name}: {e}")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
