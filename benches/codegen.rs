//! Generated-code speed and compile time: a 200x200x200 product through the faithful lowering
//! and through the model (original schedule), both native code from Cranelift; compile time
//! with the automatic strategy.

use criterion::{Criterion, criterion_group, criterion_main};
use optimist_codegen::{Kernel, Options, Strategy};
use optimist_scop::frontend::{self, FrontendConfig};
use std::hint::black_box;

use optimist_benches::PRODUCT;

fn benches(c: &mut Criterion) {
    let f = frontend::parse_source("mm.c", PRODUCT, None, &FrontendConfig::default()).unwrap();
    c.bench_function("product: compile faithful", |b| {
        b.iter(|| black_box(Kernel::compile(&f, &Options::default()).unwrap()))
    });
    c.bench_function("product: compile from the model", |b| {
        b.iter(|| black_box(Kernel::compile(&f, &Options::with(Strategy::Original)).unwrap()))
    });
    c.bench_function("product: compile with the automatic strategy", |b| {
        b.iter(|| black_box(Kernel::compile(&f, &Options::optimized()).unwrap()))
    });
    let n = 200usize;
    let mut m = optimist_benches::Matrices::new(n);
    for optimize in [false, true] {
        let options = if optimize {
            Options::with(Strategy::Original)
        } else {
            Options::default()
        };
        let kernel = Kernel::compile(&f, &options).unwrap();
        let name = if optimize {
            "product 200: run model code"
        } else {
            "product 200: run faithful code"
        };
        let mut group = c.benchmark_group("run");
        group.sample_size(20);
        group.bench_function(name, |b| b.iter(|| m.run(&kernel, n)));
        group.finish();
    }
}

criterion_group!(codegen, benches);
criterion_main!(codegen);
