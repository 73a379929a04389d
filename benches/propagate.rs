//! Paper 003's compile-time figure: the expression propagation pass alone on the pipelines of
//! `corpus/pipelines/`. The model is built once and taken through the passes before it
//! (delinearization and DeLICM, as in the driver); each iteration runs the pass on a fresh copy.

use criterion::{Criterion, criterion_group, criterion_main};
use optimist::scop::model::Scop;
use optimist::scop::pass::PassCx;
use std::hint::black_box;

fn benches(c: &mut Criterion) {
    for (name, f) in optimist_benches::corpus_folder("pipelines") {
        let mut scop = Scop::build(&f, &Default::default()).unwrap();
        let cx = PassCx::new(&f);
        optimist::delin::run(&mut scop, &cx).unwrap();
        optimist::delicm::run(&mut scop, &cx).unwrap();
        c.bench_function(&format!("propagate pass: {name}"), |b| {
            b.iter(|| {
                let mut s = scop.clone();
                black_box(optimist::propagate::run(&mut s, &cx).unwrap())
            })
        });
    }
}

criterion_group!(propagate, benches);
criterion_main!(propagate);
