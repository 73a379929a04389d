//! Compile time as users see it: `optimist::optimize` with the default configuration (the
//! passes, the automatic strategy, the loop AST and the run-time check) on every kernel of the
//! corpus (`corpus/`, `corpus/flat/`, `corpus/scalar/`, `corpus/pipelines/`) and of the
//! benchmark suite (`corpus/suite/`) and of the inputs built to be expensive
//! (`corpus/pathological/`), then Cranelift's native code for the same plan.
//! `scripts/compile-times.sh` runs it and prints the median and the worst kernel.

use criterion::{Criterion, criterion_group, criterion_main};
use optimist::Config;
use std::hint::black_box;
use std::time::Duration;

fn benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("optimize");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(1))
        .warm_up_time(Duration::from_millis(200));
    let config = Config::default();
    for folder in ["", "flat", "scalar", "pipelines", "suite", "pathological"] {
        for (name, f) in optimist_benches::corpus_folder(folder) {
            let id = if folder.is_empty() {
                name
            } else {
                format!("{folder}/{name}")
            };
            group.bench_function(&id, |b| {
                b.iter(|| black_box(optimist::optimize(&f, &config).unwrap()))
            });
        }
    }
    group.finish();
}

criterion_group!(compile, benches);
criterion_main!(compile);
