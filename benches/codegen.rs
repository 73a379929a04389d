//! Generated-code speed and compile time: a 200x200x200 product through the faithful lowering
//! and through the model (original schedule), both native code from Cranelift; compile time
//! with the automatic strategy.

use criterion::{Criterion, criterion_group, criterion_main};
use optimist::{Config, Kernel, Strategy};
use optimist_scop::frontend::{self, FrontendConfig};
use std::hint::black_box;

use optimist_benches::PRODUCT;

fn benches(c: &mut Criterion) {
    let f = frontend::parse_source("mm.c", PRODUCT, None, &FrontendConfig::default()).unwrap();
    c.bench_function("product: compile faithful", |b| {
        b.iter(|| black_box(Kernel::faithful(&f).unwrap()))
    });
    c.bench_function("product: compile from the model", |b| {
        let config = Config::with(Strategy::Original);
        b.iter(|| black_box(optimist::compile(&f, &config).unwrap()))
    });
    c.bench_function(
        "product: optimize (the driver alone, automatic strategy)",
        |b| {
            let config = Config::default();
            b.iter(|| black_box(optimist::optimize(&f, &config).unwrap()))
        },
    );
    c.bench_function("product: compile with the automatic strategy", |b| {
        let config = Config::default();
        b.iter(|| black_box(optimist::compile(&f, &config).unwrap()))
    });
    let n = 200usize;
    let mut m = optimist_benches::Matrices::new(n);
    for optimize in [false, true] {
        let kernel = if optimize {
            optimist::compile(&f, &Config::with(Strategy::Original))
                .unwrap()
                .kernel
        } else {
            Kernel::faithful(&f).unwrap()
        };
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
