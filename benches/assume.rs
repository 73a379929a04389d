//! Paper 000's figures: collecting and simplifying the assumptions of a three-matrix product
//! (`corpus/three_mm.c`, target under 5 ms), and the run-time check against the kernel it
//! guards on a 700x700 product (target under 1%). The check is timed as a whole call of the
//! versioned kernel with n = 0: the check is straight-line code that costs the same for every
//! n, and then no loop iterates, so the figure also holds the call's argument checks (an upper
//! bound for the check).

use criterion::{Criterion, criterion_group, criterion_main};
use optimist::{Config, Version};
use optimist_scop::frontend::{self, FrontendConfig};
use optimist_scop::model::Scop;
use std::hint::black_box;

use optimist_benches::PRODUCT;

fn benches(c: &mut Criterion) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus/three_mm.c");
    let f = frontend::parse_file(&path, &FrontendConfig::default()).unwrap();
    let scop = Scop::build(&f, &Default::default()).unwrap();
    c.bench_function("3mm: collect and simplify the assumptions", |b| {
        b.iter(|| {
            let mut s = scop.clone();
            black_box(optimist_assume::collect(&mut s, &Default::default()).unwrap())
        })
    });

    let f = frontend::parse_source("mm.c", PRODUCT, None, &FrontendConfig::default()).unwrap();
    let kernel = optimist::compile(&f, &Config::default()).unwrap().kernel;
    let n = 700usize;
    let mut m = optimist_benches::Matrices::new(n);
    assert_eq!(m.run(&kernel, n), Version::Optimized);
    let mut group = c.benchmark_group("product 700");
    group.sample_size(10);
    group.bench_function("versioned kernel (check + optimized code)", |b| {
        b.iter(|| black_box(m.run(&kernel, n)))
    });
    group.bench_function("run-time check alone (n = 0)", |b| {
        b.iter(|| black_box(m.run(&kernel, 0)))
    });
    group.finish();
}

criterion_group!(assume, benches);
criterion_main!(assume);
