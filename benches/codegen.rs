//! Generated-code speed and compile time: a 200x200x200 product through the faithful lowering
//! and through the model (original schedule), both native code from Cranelift; compile time
//! with the automatic strategy; and the micro-kernel of native code's products (`micro-kernel`
//! group, throughput in floating-point operations: criterion's "elem/s" are FLOP/s) on one
//! thread at a size whose operands stay in the caches (128: 384 KiB) and at one that streams
//! them (512), against 28.6 GFLOP/s, the peak of 16-byte vectors without fused multiply-adds
//! on this project's machine (`scripts/bench-product.sh` measures it).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
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
    // The automatic strategy's product on one thread: packed operands, register blocks in the
    // micro-kernel.
    let config = Config {
        native: optimist::NativeOptions {
            threads: 1,
            ..Default::default()
        },
        ..Config::default()
    };
    let kernel = optimist::compile(&f, &config).unwrap().kernel;
    let mut group = c.benchmark_group("micro-kernel");
    group.sample_size(20);
    for n in [128usize, 512] {
        let mut m = optimist_benches::Matrices::new(n);
        group.throughput(Throughput::Elements(2 * (n as u64).pow(3)));
        group.bench_function(format!("product {n}, one thread"), |b| {
            b.iter(|| m.run(&kernel, n))
        });
    }
    group.finish();
}

criterion_group!(codegen, benches);
criterion_main!(codegen);
