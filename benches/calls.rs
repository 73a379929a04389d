//! The cost of a call on tiny kernels: the demo's `figure1.c` (bounds loaded from `grid`, at
//! most 8 x 8 x 5 stores) and an 8 x 8 product, each called through `Kernel::call` as
//! faithful code and as versioned code (the run-time check, then the optimized code) on one
//! thread and on two, through the typed surface (`Kernel::signature`: names resolved once,
//! arguments by position) and through the C entry (`Kernel::entry`, a raw function pointer). The
//! versioned call should cost at most 1 µs more than the faithful one (issue 39); the figures
//! are in `RESULTS.md`.

use criterion::{Criterion, criterion_group, criterion_main};
use optimist::codegen::ArrayArg;
use optimist::{Config, Kernel, NativeOptions};
use optimist_scop::frontend::{self, FrontendConfig};
use optimist_scop::interp::Value;
use std::hint::black_box;
use std::time::{Duration, Instant};

const FIGURE1: &str = include_str!("../assume/tests/kernels/figure1.c");

/// The faithful kernel, and the versioned one on `threads` threads.
fn kernels(src: &str, threads: usize) -> (Kernel, Kernel) {
    let f = frontend::parse_source("k.c", src, None, &FrontendConfig::default()).unwrap();
    let config = Config {
        native: NativeOptions {
            threads,
            ..NativeOptions::default()
        },
        ..Config::default()
    };
    let versioned = optimist::compile(&f, &config).unwrap();
    assert!(versioned.outcome.plan().is_some());
    (Kernel::faithful(&f).unwrap(), versioned.kernel)
}

fn benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("call");
    for threads in [1, 2] {
        let (faithful, versioned) = kernels(FIGURE1, threads);
        let mut grid = [3i32, 4, 7, 9];
        let mut rhs = vec![0i32; 8 * 8 * 5];
        for (label, kernel) in [("faithful", &faithful), ("versioned", &versioned)] {
            group.bench_function(format!("figure1 {label}, {threads} threads"), |b| {
                b.iter(|| {
                    grid = [3, 4, 7, 9];
                    kernel
                        .call(
                            &[("k", Value::Int(3))],
                            &mut [
                                ("grid", ArrayArg::I32(&mut grid)),
                                ("rhs", ArrayArg::I32(&mut rhs)),
                            ],
                        )
                        .unwrap()
                })
            });
        }
        let (faithful, versioned) = kernels(optimist_benches::PRODUCT, threads);
        let mut m = optimist_benches::Matrices::new(8);
        for (label, kernel) in [("faithful", &faithful), ("versioned", &versioned)] {
            group.bench_function(format!("product 8 {label}, {threads} threads"), |b| {
                b.iter(|| black_box(m.run(kernel, 8)))
            });
        }
        // The typed surface: names resolved once, arguments by position (issue 62: within
        // 30 ns of the C entry below).
        for (label, kernel) in [("faithful", &faithful), ("versioned", &versioned)] {
            let mut mm = kernel.signature();
            let (mut cc, a, b) = (vec![0.0f64; 64], vec![0.5f64; 64], vec![0.25f64; 64]);
            group.bench_function(
                format!("product 8 typed {label}, {threads} threads"),
                |bch| {
                    bch.iter(|| {
                        black_box(
                            mm.call(&mut [
                                8i32.into(),
                                cc.as_mut_slice().into(),
                                a.as_slice().into(),
                                b.as_slice().into(),
                            ])
                            .unwrap(),
                        )
                    })
                },
            );
        }
        // The C entry: `void mm(int n, double C[n][n], double A[n][n], double B[n][n])`.
        type Mm = unsafe extern "C" fn(i32, *mut f64, *mut f64, *mut f64);
        let (mut cc, mut a, mut b) = (vec![0.0; 64], vec![0.5; 64], vec![0.25; 64]);
        for (label, kernel) in [("faithful", &faithful), ("versioned", &versioned)] {
            let mm = kernel.entry().typed::<Mm>().unwrap();
            group.bench_function(
                format!("product 8 C entry {label}, {threads} threads"),
                |bch| {
                    // SAFETY: three buffers of 8 x 8 doubles, used by nothing else.
                    bch.iter(|| unsafe { mm(8, cc.as_mut_ptr(), a.as_mut_ptr(), b.as_mut_ptr()) })
                },
            );
            // The typed call and the C entry measured in turns, batches of 16 calls each, so
            // that the machine's drift falls on both alike: "paired typed" times the typed
            // calls, "paired C entry" the C entry's, each run between batches of the other.
            let mut sig = kernel.signature();
            let (mut c2, a2, b2) = (vec![0.0f64; 64], vec![0.5f64; 64], vec![0.25f64; 64]);
            let mut typed = || {
                black_box(
                    sig.call(&mut [
                        8i32.into(),
                        c2.as_mut_slice().into(),
                        a2.as_slice().into(),
                        b2.as_slice().into(),
                    ])
                    .unwrap(),
                );
            };
            let (mut c3, mut a3, mut b3) = (vec![0.0; 64], vec![0.5; 64], vec![0.25; 64]);
            // SAFETY: three buffers of 8 x 8 doubles, used by nothing else.
            let mut raw = || unsafe { mm(8, c3.as_mut_ptr(), a3.as_mut_ptr(), b3.as_mut_ptr()) };
            group.bench_function(
                format!("product 8 paired typed {label}, {threads} threads"),
                |bch| bch.iter_custom(|iters| paired(iters, &mut typed, &mut raw)),
            );
            group.bench_function(
                format!("product 8 paired C entry {label}, {threads} threads"),
                |bch| bch.iter_custom(|iters| paired(iters, &mut raw, &mut typed)),
            );
        }
    }
    group.finish();
}

/// The time of `iters` calls of `timed`, run in batches of 16 with 16 calls of `other`
/// (untimed) after each batch.
fn paired(iters: u64, timed: &mut dyn FnMut(), other: &mut dyn FnMut()) -> Duration {
    let mut total = Duration::ZERO;
    let mut done = 0;
    while done < iters {
        let batch = (iters - done).min(16);
        let start = Instant::now();
        for _ in 0..batch {
            timed();
        }
        total += start.elapsed();
        for _ in 0..batch {
            other();
        }
        done += batch;
    }
    total
}

criterion_group!(calls, benches);
criterion_main!(calls);
