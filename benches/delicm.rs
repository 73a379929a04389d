//! Paper 002's compile-time figure: the DeLICM pass alone on the scalar versions of corpus
//! kernels (`corpus/scalar/`), goal under 10 ms per kernel. The model is built once (and
//! delinearized, as in the driver); each iteration runs the pass on a fresh copy.

use criterion::{Criterion, criterion_group, criterion_main};
use optimist::scop::frontend::{self, FrontendConfig};
use optimist::scop::model::Scop;
use optimist::scop::pass::PassCx;
use std::hint::black_box;

fn benches(c: &mut Criterion) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus/scalar");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "c"))
        .collect();
    files.sort();
    for path in files {
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        let f = frontend::parse_file(&path, &FrontendConfig::default()).unwrap();
        let mut scop = Scop::build(&f, &Default::default()).unwrap();
        let cx = PassCx::new(&f);
        optimist::delin::run(&mut scop, &cx).unwrap();
        c.bench_function(&format!("delicm pass: {name}"), |b| {
            b.iter(|| {
                let mut s = scop.clone();
                black_box(optimist::delicm::run(&mut s, &cx).unwrap())
            })
        });
    }
}

criterion_group!(delicm, benches);
criterion_main!(delicm);
