//! Paper 002's compile-time figure: the DeLICM pass alone on the scalar versions of corpus
//! kernels (`corpus/scalar/`), goal under 10 ms per kernel. The model is built once (and
//! delinearized, as in the driver); each iteration runs the pass on a fresh copy.

use criterion::{Criterion, criterion_group, criterion_main};
use optimist::scop::model::Scop;
use optimist::scop::pass::PassCx;
use std::hint::black_box;

fn benches(c: &mut Criterion) {
    for (name, f) in optimist_benches::corpus_folder("scalar") {
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
