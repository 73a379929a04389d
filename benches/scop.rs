//! Compile-time cost of the SCoP layer on a three-matrix product written in C (`corpus/three_mm.c`):
//! the front end, building the model, and computing the dependences.

use criterion::{Criterion, criterion_group, criterion_main};
use optimist_scop::frontend::{self, FrontendConfig};
use optimist_scop::model::{Config, DepConfig, Dependences, Scop};
use std::hint::black_box;

fn benches(c: &mut Criterion) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus/three_mm.c");
    let source = std::fs::read_to_string(&path).unwrap();
    c.bench_function("3mm: C front end", |b| {
        b.iter(|| {
            black_box(
                frontend::parse_source("three_mm.c", &source, None, &FrontendConfig::default())
                    .unwrap(),
            )
        })
    });
    let f =
        frontend::parse_source("three_mm.c", &source, None, &FrontendConfig::default()).unwrap();
    c.bench_function("3mm: build the model", |b| {
        b.iter(|| black_box(Scop::build(&f, &Config::default()).unwrap()))
    });
    c.bench_function("3mm: build the model + dependences", |b| {
        b.iter(|| {
            let scop = Scop::build(&f, &Config::default()).unwrap();
            black_box(Dependences::compute(&scop, &DepConfig::default()).unwrap())
        })
    });
}

criterion_group!(scop, benches);
criterion_main!(scop);
