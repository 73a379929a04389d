//! Paper 001's compile-time figure: the delinearization pass alone on the flat-pointer versions
//! of corpus kernels (`corpus/flat/`), goal under 5 ms per kernel. The model is built once; each
//! iteration runs the pass on a fresh copy.

use criterion::{Criterion, criterion_group, criterion_main};
use optimist::scop::model::Scop;
use optimist::scop::pass::PassCx;
use std::hint::black_box;

fn benches(c: &mut Criterion) {
    for (name, f) in optimist_benches::corpus_folder("flat") {
        let scop = Scop::build(&f, &Default::default()).unwrap();
        let cx = PassCx::new(&f);
        c.bench_function(&format!("delin pass: {name}"), |b| {
            b.iter(|| {
                let mut s = scop.clone();
                black_box(optimist::delin::run(&mut s, &cx).unwrap())
            })
        });
    }
}

criterion_group!(delin, benches);
criterion_main!(delin);
