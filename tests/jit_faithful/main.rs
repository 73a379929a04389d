//! The faithful lowering in the differential test: every corpus kernel, compiled by Cranelift
//! from the program IR, gives the interpreter's hashes bit for bit; bad inputs are errors.

use optimist::codegen::{Kernel, KernelError};
use optimist_scop::frontend::{self, FrontendConfig};
use optimist_scop::interp;
use optimist_scop::workload::{RunSpec, Workload};
use std::path::Path;

#[path = "../common/mod.rs"]
mod common;
mod decided;

use common::{corpus, run_spec};

#[test]
fn faithful_jit_matches_the_interpreter_on_every_kernel() {
    let mut failures = Vec::new();
    let files = corpus();
    for path in &files {
        let name = common::kernel_name(path);
        let f = frontend::parse_file(path, &FrontendConfig::default()).unwrap();
        let spec = run_spec(path);
        let mut reference = Workload::generate(&f, &spec).unwrap();
        interp::run(&f, &mut reference.args, &Default::default()).unwrap();
        let kernel = Kernel::faithful(&f).unwrap_or_else(|e| panic!("{name}: {e}"));
        let mut w = Workload::generate(&f, &spec).unwrap();
        kernel
            .run(&mut w.args)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        if w.hashes(&f) != reference.hashes(&f) {
            failures.push(format!(
                "{name}: interpreter {:?}, jit {:?}",
                reference.hashes(&f),
                w.hashes(&f)
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(files.len() >= 20);
}

fn compile(src: &str) -> (optimist_scop::ir::Function, Kernel) {
    let f = frontend::parse_source("t.c", src, None, &FrontendConfig::default()).unwrap();
    let k = Kernel::faithful(&f).unwrap();
    (f, k)
}

#[test]
fn bad_inputs_are_errors_not_crashes() {
    // A buffer smaller than the declared shape: refused before any code runs, untouched.
    let (f, k) =
        compile("void k(int n, double A[n][n]) {\n  A[0][0] = 1;\n  A[n - 1][n - 1] = 1;\n}");
    let mut w = Workload::generate(&f, &RunSpec::parse_args(&["--set", "n=4"]).unwrap()).unwrap();
    w.args.buffers[0] = interp::Buffer::zeroed(optimist_scop::Type::F64, 10);
    let before = w.args.buffers.clone();
    assert_eq!(
        k.run(&mut w.args),
        Err(KernelError::TooSmall {
            array: "A".into(),
            need: 16,
            have: 10
        })
    );
    assert_eq!(w.args.buffers, before);
    // A flat pointer indexed past its buffer: stopped at the access, and what was written
    // before it is undone.
    let (f, k) =
        compile("void k(int n, double *P) {\n  for (int i = 0; i < n; i++)\n    P[i] = i + 1;\n}");
    let mut w = Workload::generate(
        &f,
        &RunSpec::parse_args(&["--set", "n=8", "--len", "P=5"]).unwrap(),
    )
    .unwrap();
    let before = w.args.buffers.clone();
    assert_eq!(k.run(&mut w.args), Err(KernelError::OutOfBounds));
    assert_eq!(w.args.buffers, before);
    // Division by zero: an error, not a trap.
    let (f, k) = compile("void k(int n, int A[2]) {\n  A[1] = 5;\n  A[0] = A[1] / n;\n}");
    let mut w = Workload::generate(&f, &RunSpec::parse_args(&["--set", "n=0"]).unwrap()).unwrap();
    let before = w.args.buffers.clone();
    assert_eq!(k.run(&mut w.args), Err(KernelError::Division));
    assert_eq!(w.args.buffers, before);
    let (f, k) = compile("void k(int n, int A[2]) {\n  A[0] = (-2147483647 - 1) % n;\n}");
    let mut w = Workload::generate(&f, &RunSpec::parse_args(&["--set", "n=-1"]).unwrap()).unwrap();
    assert_eq!(k.run(&mut w.args), Err(KernelError::Division));
    // Missing argument.
    let (f, k) = compile("void k(int n, int A[2]) {\n  A[0] = n;\n}");
    let mut w = Workload::generate(&f, &RunSpec::parse_args(&["--set", "n=1"]).unwrap()).unwrap();
    w.args.scalars = optimist::scop::id::IdVec::filled(f.vars.len(), None);
    assert!(matches!(
        k.run(&mut w.args),
        Err(KernelError::BadArguments(_))
    ));
}

#[test]
fn model_based_jit_matches_the_interpreter_on_every_modelable_kernel() {
    use optimist::{Config, Strategy};
    let no_passes = |strategy| Config {
        passes: Vec::new(),
        ..Config::with(strategy)
    };
    // The passes on (the default) and off: each pass is checked against its absence.
    // Every native configuration under the automatic strategy with the passes; the default one
    // under the others (the configurations change how loops run, not the plan).
    let default = vec![optimist::NativeOptions::default()];
    for (config, natives) in [
        (Config::with(Strategy::Original), default.clone()),
        (
            Config::with(Strategy::default()),
            common::native_configurations(),
        ),
        (no_passes(Strategy::default()), default),
    ] {
        model_based_jit_with(&config, &natives);
    }
}

/// Every kernel under `config`, natively in each of `natives`; the automatic strategy must
/// succeed on every modelable one.
fn model_based_jit_with(config: &optimist::Config, natives: &[optimist::NativeOptions]) {
    // Without the deadline: a busy machine must not turn a strategy that works into a note
    // (the deadline has its own tests in `driver.rs`).
    let config = &optimist::Config {
        deadline: None,
        ..config.clone()
    };
    let (mut optimized, mut failures) = (0, Vec::new());
    for path in &corpus() {
        let name = common::kernel_name(path);
        let f = frontend::parse_file(path, &FrontendConfig::default()).unwrap();
        let spec = run_spec(path);
        let mut reference = Workload::generate(&f, &spec).unwrap();
        interp::run(&f, &mut reference.args, &Default::default()).unwrap();
        let outcome = optimist::optimize(&f, config).unwrap_or_else(|e| panic!("{name}: {e}"));
        if let Some(note) = outcome.plan().and_then(|p| p.schedule_note.as_ref()) {
            failures.push(format!("{name}: {note}"));
        }
        // Every native configuration of the same plan: threads and vector lanes change how
        // the code runs, never its results.
        for native in natives {
            let kernel_name = name.clone();
            let name = format!("{name} ({native:?})");
            let kernel = optimist::Kernel::compile_with(&f, outcome.plan(), native)
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            let mut w = Workload::generate(&f, &spec).unwrap();
            let version = kernel
                .run(&mut w.args)
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            if kernel.is_optimized() {
                // alias_shift's run line makes B point into A: the AA check sends it to the
                // fallback. Every other kernel's inputs satisfy its assumptions.
                let expected = if kernel_name == "alias_shift" {
                    optimist::codegen::Version::Fallback
                } else {
                    optimist::codegen::Version::Optimized
                };
                assert_eq!(version, expected, "{name}");
                optimized += 1;
            } else {
                assert_eq!(version, optimist::codegen::Version::Fallback);
                assert!(
                    matches!(outcome.why(), Some(optimist::Why::CannotModel(_))),
                    "{name}: {:?}",
                    outcome.why()
                );
            }
            if w.hashes(&f) != reference.hashes(&f) {
                failures.push(format!(
                    "{name}: interpreter {:?}, model jit {:?}",
                    reference.hashes(&f),
                    w.hashes(&f)
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let optimized = optimized / natives.len();
    assert!(
        optimized >= 19,
        "only {optimized} kernels ran model-based code"
    );
}

/// Loops test for the exit first, so Cranelift hoists loop-invariant code: in a product, the
/// row offsets `i * n` of `A[i][k]` and `C[i][j]` are computed outside the innermost loop.
#[test]
fn invariant_address_arithmetic_leaves_the_inner_loop() {
    let f = frontend::parse_source(
        "mm.c",
        "void mm(int n, double C[n][n], double A[n][n], double B[n][n]) {\n  for (int i = 0; i < n; i++)\n    for (int j = 0; j < n; j++)\n      for (int k = 0; k < n; k++)\n        C[i][j] += A[i][k] * B[k][j];\n}\n",
        None,
        &FrontendConfig::default(),
    )
    .unwrap();
    let report = optimist::codegen::faithful_loop_report(&f).unwrap();
    let inner = report.max_depth();
    assert_eq!(inner, 3, "{report:?}");
    // Flattening C[i][j], A[i][k] and B[k][j] multiplies by a row size three times; `i * n`
    // (shared by C and A) does not depend on k or j and must leave both inner loops, leaving
    // only B's `k * n` in the innermost one: once in each of its three copies (the nest's
    // whose accesses a test before the i loop proved in range; in the checked nest, the one
    // whose accesses a test before the k loop proved, and the checked one).
    assert_eq!(report.count(inner, "imul"), 3, "{report:?}");
    assert_eq!(report.count(inner - 1, "imul"), 0, "{report:?}");
    assert_eq!(
        report.count(1, "imul"),
        2,
        "i * n belongs to the i loop, once in each of its two copies: {report:?}"
    );
}

#[test]
fn typed_calls_check_names_types_and_sizes() {
    use optimist::codegen::ArrayArg;
    use optimist_scop::interp::Value;
    let f = frontend::parse_source("t.c", "void k(int n, double A[n], int B[n]) {\n  for (int i = 0; i < n; i++)\n    A[i] = A[i] + B[i];\n}", None, &FrontendConfig::default()).unwrap();
    for optimize in [false, true] {
        let k = if optimize {
            optimist::compile(&f, &optimist::Config::default())
                .unwrap()
                .kernel
        } else {
            Kernel::faithful(&f).unwrap()
        };
        let (mut a, mut b) = (vec![1.0f64; 4], vec![2i32; 4]);
        let v = k
            .call(
                &[("n", Value::Int(4))],
                &mut [("A", ArrayArg::F64(&mut a)), ("B", ArrayArg::I32(&mut b))],
            )
            .unwrap();
        assert_eq!(
            v,
            if optimize {
                optimist::codegen::Version::Optimized
            } else {
                optimist::codegen::Version::Fallback
            }
        );
        assert_eq!(a, [3.0; 4]);
        // A slice shorter than A[n]: refused before any code runs, faithful or optimized.
        let mut short = vec![0.0f64; 3];
        let r = k.call(
            &[("n", Value::Int(4))],
            &mut [
                ("A", ArrayArg::F64(&mut short)),
                ("B", ArrayArg::I32(&mut b)),
            ],
        );
        assert_eq!(
            r,
            Err(KernelError::TooSmall {
                array: "A".into(),
                need: 4,
                have: 3
            })
        );
        assert_eq!(short, [0.0; 3]);
        // A name given twice.
        let mut again = vec![0.0f64; 4];
        assert_eq!(
            k.call(
                &[("n", Value::Int(4))],
                &mut [
                    ("A", ArrayArg::F64(&mut again)),
                    ("B", ArrayArg::I32(&mut b)),
                    ("A", ArrayArg::F64(&mut a)),
                ]
            ),
            Err(KernelError::BadArguments("`A` is given twice".into()))
        );
        assert_eq!(again, [0.0; 4]);
        // Wrong element type, unknown names, missing values.
        let mut wrong = vec![0.0f32; 4];
        assert!(matches!(
            k.call(
                &[("n", Value::Int(4))],
                &mut [
                    ("A", ArrayArg::F32(&mut wrong)),
                    ("B", ArrayArg::I32(&mut b))
                ]
            ),
            Err(KernelError::BadArguments(_))
        ));
        assert!(matches!(
            k.call(&[("m", Value::Int(4))], &mut []),
            Err(KernelError::BadArguments(_))
        ));
        assert!(matches!(
            k.call(&[("n", Value::Int(4))], &mut [("A", ArrayArg::F64(&mut a))]),
            Err(KernelError::BadArguments(_))
        ));
        assert!(matches!(
            k.call(
                &[("n", Value::F64(4.0))],
                &mut [("A", ArrayArg::F64(&mut a)), ("B", ArrayArg::I32(&mut b))]
            ),
            Err(KernelError::BadArguments(_))
        ));
    }
}

#[test]
fn the_model_footprint_is_checked_before_running() {
    use optimist::codegen::ArrayArg;
    use optimist_scop::interp::Value;
    let f = frontend::parse_source("t.c", "void k(int n, int m, double *P) {\n  for (int i = 0; i < n; i++)\n    for (int j = 0; j < m; j++)\n      P[2 * i + j + 1] = 1;\n}", None, &FrontendConfig::default()).unwrap();
    let k = optimist::compile(&f, &optimist::Config::default())
        .unwrap()
        .kernel;
    assert!(k.is_optimized());
    // Touches P[1] .. P[2(n-1) + (m-1) + 1] = P[9] for n = 4, m = 3.
    let mut p = vec![0.0f64; 9];
    let r = k.call(
        &[("n", Value::Int(4)), ("m", Value::Int(3))],
        &mut [("P", ArrayArg::F64(&mut p))],
    );
    assert_eq!(r, Err(KernelError::Footprint { array: "P".into() }));
    assert!(
        p.iter().all(|&x| x == 0.0),
        "nothing may be written before the check"
    );
    let mut p = vec![0.0f64; 10];
    assert!(
        k.call(
            &[("n", Value::Int(4)), ("m", Value::Int(3))],
            &mut [("P", ArrayArg::F64(&mut p))]
        )
        .is_ok()
    );
    // Nothing touched (m = 0): any buffer will do.
    let mut empty: Vec<f64> = vec![];
    assert!(
        k.call(
            &[("n", Value::Int(4)), ("m", Value::Int(0))],
            &mut [("P", ArrayArg::F64(&mut empty))]
        )
        .is_ok()
    );
}

/// A buffer shorter than its array's declared size (`long C[24]`, `double D[n + 4][24]`) is
/// refused before any code runs, faithful or optimized, naming the array and both sizes, and
/// every buffer stays as it was; buffers of the declared sizes give the interpreter's results.
#[test]
fn declared_sizes_are_checked_before_any_code_runs() {
    let src = "void k(int n, long C[24], double D[n + 4][24]) {\n  for (int i = 0; i < n; i++) {\n    C[0] += i;\n    D[i][0] = D[i][0] * 2 + i;\n  }\n}";
    let f = frontend::parse_source("t.c", src, None, &FrontendConfig::default()).unwrap();
    let optimized = optimist::compile(&f, &optimist::Config::default())
        .unwrap()
        .kernel;
    assert!(optimized.is_optimized());
    use optimist::codegen::Version::{Fallback, Optimized};
    let faithful = Kernel::faithful(&f).unwrap();
    for (k, version) in [(&faithful, Fallback), (&optimized, Optimized)] {
        for (c_len, d_len, refused) in [
            (1, 168, Some(("C", 24, 1))),
            (24, 72, Some(("D", 168, 72))),
            (24, 167, Some(("D", 168, 167))),
            (24, 168, None),
        ] {
            let mut w =
                Workload::generate(&f, &RunSpec::parse_args(&["--set", "n=3"]).unwrap()).unwrap();
            w.args.buffers[0] = interp::Buffer::zeroed(optimist_scop::Type::I64, c_len);
            w.args.buffers[1].bytes.truncate(d_len * 8);
            let before = w.args.buffers.clone();
            let mut reference = w.clone();
            let interpreted = interp::run(&f, &mut reference.args, &Default::default());
            // The interpreter refuses the same calls.
            assert_eq!(interpreted.is_err(), refused.is_some());
            match refused {
                Some((array, need, have)) => {
                    assert_eq!(
                        k.run(&mut w.args),
                        Err(KernelError::TooSmall {
                            array: array.into(),
                            need,
                            have
                        })
                    );
                    assert_eq!(w.args.buffers, before);
                }
                None => {
                    assert_eq!(k.run(&mut w.args), Ok(version));
                    assert_eq!(w.args.buffers, reference.args.buffers);
                }
            }
        }
    }
}

/// The model-based code accesses arrays with declared sizes without per-access checks, after
/// proving every subscript inside its dimension; when one is outside (C allows `A[i][n]` as
/// long as the flat index is in the array), the faithful code runs, with the same results.
#[test]
fn subscripts_outside_their_dimension_run_the_faithful_code() {
    use optimist::codegen::{ArrayArg, Version};
    use optimist_scop::interp::Value;
    let src = "void k(int n, int m, double A[n][n]) {\n  for (int i = 0; i < n - 1; i++)\n    for (int j = 0; j < m; j++)\n      A[i][j] = A[i][j] + 1;\n}";
    let f = frontend::parse_source("t.c", src, None, &FrontendConfig::default()).unwrap();
    let k = optimist::compile(&f, &optimist::Config::default())
        .unwrap()
        .kernel;
    assert!(k.is_optimized());
    let run = |m: i128| {
        let mut a: Vec<f64> = (0..16).map(f64::from).collect();
        let v = k
            .call(
                &[("n", Value::Int(4)), ("m", Value::Int(m))],
                &mut [("A", ArrayArg::F64(&mut a))],
            )
            .unwrap();
        (v, a)
    };
    let (v, a) = run(4);
    assert_eq!(v, Version::Optimized);
    assert_eq!(
        a[..12].iter().sum::<f64>(),
        (0..12).sum::<i32>() as f64 + 12.0
    );
    // j up to 5 > n - 1: A[i][4] and A[i][5] are the next row's first elements.
    let (v, a) = run(6);
    assert_eq!(v, Version::Fallback);
    let mut expected: Vec<f64> = (0..16).map(f64::from).collect();
    for i in 0..3 {
        for j in 0..6 {
            expected[i * 4 + j] += 1.0;
        }
    }
    assert_eq!(a, expected);
}

/// `for (i = 0; i != n; i += 2)` ends only when `i` meets `n`: the model reads the exit as
/// `i < n`, which is the program only for even `n >= 0` (the correspondence check of paper 004,
/// §4.2, finds that set). For odd `n` the faithful code runs, and reports the program running
/// off the end of `B` as C would.
#[test]
fn the_model_runs_only_where_it_is_the_program() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/loop_forms.c");
    let f = frontend::parse_file(&path, &FrontendConfig::default()).unwrap();
    let k = optimist::compile(&f, &optimist::Config::default())
        .unwrap()
        .kernel;
    assert!(k.is_optimized());
    let run = |n: &str| {
        let mut w = Workload::generate(&f, &RunSpec::parse_args(&["--set", n]).unwrap()).unwrap();
        k.run(&mut w.args)
    };
    assert_eq!(run("n=8"), Ok(optimist::codegen::Version::Optimized));
    assert_eq!(run("n=7"), Err(KernelError::OutOfBounds));
}

/// Loops marked vector run in 128-bit lanes (f64x2 for doubles, f32x4 for floats) in the
/// innermost loop, and loops marked parallel call the thread pool with their bodies outlined;
/// with both off the code has neither.
#[test]
fn vector_lanes_and_threads_are_where_the_marks_say() {
    use optimist::codegen::model_loop_report;
    use optimist::{Config, NativeOptions};
    let report = |src: &str, native: NativeOptions| {
        let f = frontend::parse_source("k.c", src, None, &FrontendConfig::default()).unwrap();
        let outcome = optimist::optimize(&f, &Config::default()).unwrap();
        let plan = outcome.plan().expect("optimized");
        model_loop_report(&f, plan, &native).unwrap()
    };
    let count = |r: &optimist::codegen::LoopReport, op: &str| -> usize {
        (0..=r.max_depth()).map(|d| r.count(d, op)).sum()
    };
    // A product whose statement has the micro-kernel's form: its block of 4 x 4 `double`s
    // stays in eight vectors across the reduction (the loop of the kernel multiplies and adds
    // eight times per step and stores nothing), and the only calls on one thread take the
    // packing buffer and give it back.
    let product = "void mm(int n, double C[n][n], double A[n][n], double B[n][n]) {\n  for (int i = 0; i < n; i++)\n    for (int k = 0; k < n; k++)\n      for (int j = 0; j < n; j++)\n        C[i][j] += A[i][k] * B[k][j];\n}\n";
    let one_thread = NativeOptions {
        threads: 1,
        vector: true,
        registers: true,
        contract: false,
        pool: None,
        undo: true,
        wide_bytes: 0,
        cpu: optimist::Cpu::Host,
    };
    let kernel = report(product, one_thread.clone());
    assert!(
        (0..=kernel.max_depth()).any(|d| kernel.count(d, "fmul.f64x2") >= 8
            && kernel.count(d, "splat.f64x2") >= 4
            && kernel.count(d, "store.f64x2") == 0),
        "{kernel:?}"
    );
    assert_eq!(count(&kernel, "call"), 2, "{kernel:?}");
    // Without the kernel's form (the product subtracted), the product runs in lanes with
    // register tiles.
    let gemm = "void mm(int n, double C[n][n], double A[n][n], double B[n][n]) {\n  for (int i = 0; i < n; i++)\n    for (int k = 0; k < n; k++)\n      for (int j = 0; j < n; j++)\n        C[i][j] = C[i][j] - A[i][k] * B[k][j];\n}\n";
    let lanes = report(gemm, one_thread);
    let inner = lanes.max_depth();
    assert!(lanes.count(inner, "fmul.f64x2") >= 1, "{lanes:?}");
    assert!(lanes.count(inner, "load.f64x2") >= 2, "{lanes:?}");
    assert!(lanes.count(inner, "store.f64x2") >= 1, "{lanes:?}");
    assert_eq!(count(&lanes, "call"), 0, "{lanes:?}");
    // Register tiles: the loop around the vector loop is unrolled and jammed into it, so the
    // innermost loops multiply more often than they store C; without registers, as often.
    assert!(
        lanes.count(inner, "fmul.f64x2") > lanes.count(inner, "store.f64x2"),
        "{lanes:?}"
    );
    let no_tiles = report(
        gemm,
        NativeOptions {
            threads: 1,
            vector: true,
            registers: false,
            contract: false,
            pool: None,
            undo: true,
            wide_bytes: 0,
            cpu: optimist::Cpu::Host,
        },
    );
    let inner_nt = no_tiles.max_depth();
    assert_eq!(
        no_tiles.count(inner_nt, "fmul.f64x2"),
        no_tiles.count(inner_nt, "store.f64x2"),
        "{no_tiles:?}"
    );
    let plain = report(gemm, NativeOptions::sequential());
    assert_eq!(count(&plain, "fmul.f64x2"), 0, "{plain:?}");
    assert_eq!(count(&plain, "call"), 0, "{plain:?}");
    // Two threads: the outer loop's body is outlined, the main function calls the pool.
    let threads = report(
        gemm,
        NativeOptions {
            threads: 2,
            vector: true,
            registers: true,
            contract: false,
            pool: None,
            undo: true,
            wide_bytes: 0,
            cpu: optimist::Cpu::Host,
        },
    );
    assert_eq!(count(&threads, "call"), 1, "{threads:?}");
    assert_eq!(count(&threads, "fmul.f64x2"), 0, "{threads:?}");
    let blur = "void blur(int n, float A[n], float B[n]) {\n  for (int i = 1; i < n - 1; i++)\n    B[i] = (A[i - 1] + A[i] + A[i + 1]) * 0.25f;\n}\n";
    let floats = report(
        blur,
        NativeOptions {
            threads: 1,
            vector: true,
            registers: true,
            contract: false,
            pool: None,
            undo: true,
            wide_bytes: 0,
            cpu: optimist::Cpu::Host,
        },
    );
    assert!(count(&floats, "fadd.f32x4") >= 2, "{floats:?}");
}

/// A read that moves one element back along a vector loop (`A[i][n - 1 - j]` along `j`, as
/// Levinson-Durbin's `y[k - i - 1]`) runs in lanes: one vector load ending at the first lane's
/// element, its lanes reversed by a shuffle; the results are the interpreter's bits (the
/// corpus's `reverse.c` in the differential tests).
#[test]
fn a_reversed_read_runs_in_lanes() {
    use optimist::codegen::model_loop_report;
    use optimist::{Config, NativeOptions};
    let src = "void rev(int n, int m, double A[m][n], double B[m][n]) {\n  for (int i = 0; i < m; i++)\n    for (int j = 0; j < n; j++)\n      B[i][j] = 0.5 * A[i][n - 1 - j] + B[i][j];\n}\n";
    let f = frontend::parse_source("k.c", src, None, &FrontendConfig::default()).unwrap();
    let outcome = optimist::optimize(&f, &Config::default()).unwrap();
    let plan = outcome.plan().expect("optimized");
    let native = NativeOptions {
        threads: 1,
        vector: true,
        registers: true,
        contract: false,
        pool: None,
        undo: true,
        wide_bytes: 0,
        cpu: optimist::Cpu::Host,
    };
    let r = model_loop_report(&f, plan, &native).unwrap();
    let inner = r.max_depth();
    assert!(r.count(inner, "shuffle") >= 1, "{r:?}");
    assert!(r.count(inner, "load.f64x2") >= 2, "{r:?}");
    assert!(r.count(inner, "fmul.f64x2") >= 1, "{r:?}");
}

/// A vector loop keeps at most 8 invariants in registers; the others are computed where they
/// are used, each kind of invariant the lanes accept (an element, a parameter, an integer or a
/// floating constant): an integer and a floating body of eleven invariants each give the
/// interpreter's bits, in lanes, in every configuration.
#[test]
fn invariants_past_the_registers_are_computed_in_the_loop() {
    use optimist::Config;
    let sums = [("int", "3"), ("double", "0.25")];
    for (ty, constant) in sums {
        let src = format!(
            "void k(int n, {ty} c, {ty} A[n], {ty} B[n], {ty} w[9]) {{\n  for (int i = 0; i < n; i++)\n    B[i] = A[i] * w[0] + w[1] + w[2] + w[3] + w[4] + w[5] + w[6] + w[7] + w[8] + c + {constant};\n}}\n"
        );
        let f = frontend::parse_source("k.c", &src, None, &FrontendConfig::default()).unwrap();
        let outcome = optimist::optimize(&f, &Config::default()).unwrap();
        let plan = outcome.plan().expect("optimized");
        let r = one_thread_report(&f, plan, true);
        let lanes = if ty == "int" {
            "iadd.i32x4"
        } else {
            "fadd.f64x2"
        };
        assert!(r.count(r.max_depth(), lanes) >= 10, "{ty}: {r:?}");
        same_bits_in_every_configuration(&f, plan, &["--set", "n=37", "--set", "c=5"]);
    }
}

/// Floyd-Warshall's `j` loop carries dependences only to and from `j = k` (and its `i` loop
/// only to and from `i = k`): the automatic strategy splits both there (the report says so),
/// the long parts of `j` run in integer lanes, the comparison and `?:` as a lane mask (a minimum here), and the
/// long parts of `i` on threads. Without vector lanes the code has no vector instruction.
/// Every configuration gives the interpreter's bits.
#[test]
fn floyd_warshall_is_split_where_its_dependences_meet_and_runs_in_integer_lanes() {
    use optimist::codegen::model_loop_report;
    use optimist::{Config, NativeOptions};
    let src = "void fw(int n, int path[n][n]) {\n  for (int k = 0; k < n; k++)\n    for (int i = 0; i < n; i++)\n      for (int j = 0; j < n; j++)\n        path[i][j] = path[i][j] < path[i][k] + path[k][j] ? path[i][j] : path[i][k] + path[k][j];\n}\n";
    let f = frontend::parse_source("fw.c", src, None, &FrontendConfig::default()).unwrap();
    let outcome = optimist::optimize(&f, &Config::default()).unwrap();
    let plan = outcome.plan().expect("optimized");
    use optimist::loopy::{Decision, Departure, decision::SplitLoop};
    let split: Vec<&SplitLoop> = plan
        .decisions
        .iter()
        .filter_map(|d| match d {
            Decision::Departed(v) => Some(v),
            _ => None,
        })
        .flatten()
        .filter_map(|d| match d {
            Departure::Split(loops) => Some(loops),
            _ => None,
        })
        .flatten()
        .collect();
    assert!(
        split.iter().any(|l| matches!(l, SplitLoop::Lanes { .. }))
            && split.iter().any(|l| matches!(l, SplitLoop::Threads { .. })),
        "{}",
        plan.transformation
    );
    let report = |native: &NativeOptions| model_loop_report(&f, plan, native).unwrap();
    let count = |r: &optimist::codegen::LoopReport, op: &str| -> usize {
        (0..=r.max_depth()).map(|d| r.count(d, op)).sum()
    };
    let lanes = report(&NativeOptions {
        threads: 1,
        vector: true,
        registers: true,
        contract: false,
        pool: None,
        undo: true,
        wide_bytes: 0,
        cpu: optimist::Cpu::Host,
    });
    for op in ["load.i32x4", "iadd.i32x4", "store.i32x4"] {
        assert!(count(&lanes, op) >= 2, "{op}: {lanes:?}");
    }
    // The mask and the select of `a < b ? a : b` (Cranelift folds the pair into a minimum).
    let selects = ["bitselect.i32x4", "smin.i32x4"].map(|op| count(&lanes, op));
    assert!(selects.iter().sum::<usize>() >= 2, "{lanes:?}");
    let plain = report(&NativeOptions::sequential());
    assert_eq!(count(&plain, "iadd.i32x4"), 0, "{plain:?}");
    let threads = report(&NativeOptions {
        threads: 2,
        vector: true,
        registers: true,
        contract: false,
        pool: None,
        undo: true,
        wide_bytes: 0,
        cpu: optimist::Cpu::Host,
    });
    assert!(count(&threads, "call") >= 2, "{threads:?}");
    let spec = RunSpec::parse_args(&["--set", "n=37"]).unwrap();
    let reference = common::interpreter_hashes(&f, &spec);
    for native in common::native_configurations() {
        let k = Kernel::compile_with(&f, Some(plan), &native).unwrap();
        let (version, hashes) = common::native_hashes(&k, &f, &spec);
        assert_eq!(version, optimist::codegen::Version::Optimized, "{native:?}");
        assert_eq!(hashes, reference, "{native:?}");
    }
}

/// A dynamic program whose innermost loop walks a column (Nussinov's maximum over split
/// points `k`, inside `j`) has neither unit stride, threads nor lanes in isl's schedule or the
/// program's order; with `k` and `j` interchanged `j` is all three. The strategy takes that
/// order, says so, and the innermost loop runs in integer lanes with the interpreter's bits in
/// every configuration.
#[test]
fn a_column_walking_reduction_is_interchanged_into_lanes() {
    use optimist::Config;
    let src = "void nussinov(int n, int table[n][n]) {\n  for (int i = n - 1; i >= 0; i--)\n    for (int j = i + 1; j < n; j++)\n      for (int k = i + 1; k < j; k++)\n        table[i][j] = table[i][j] > table[i][k] + table[k + 1][j] ? table[i][j] : table[i][k] + table[k + 1][j];\n}\n";
    let f = frontend::parse_source("nussinov.c", src, None, &FrontendConfig::default()).unwrap();
    let outcome = optimist::optimize(&f, &Config::default()).unwrap();
    let plan = outcome.plan().expect("optimized");
    assert!(
        plan.transformation
            .lines()
            .any(|l| l == "schedule: the program's order, loops interchanged"),
        "{}",
        plan.transformation
    );
    let lanes = one_thread_report(&f, plan, true);
    let count = |op: &str| -> usize { (0..=lanes.max_depth()).map(|d| lanes.count(d, op)).sum() };
    assert!(
        count("load.i32x4") >= 2 && count("store.i32x4") >= 1,
        "{lanes:?}"
    );
    same_bits_in_every_configuration(&f, plan, &["--set", "n=31"]);
}

/// Modified Gram-Schmidt's updates of row `k` of `R` and of `A` walk columns in their
/// innermost loop `i`, inside `j`, in isl's schedule and in the program's order. Distributing
/// the `j` loop over its body (the reduction into `R[k][j]` apart from the update of `A` that
/// uses it) and then interchanging `j` and `i` makes `j` innermost, unit stride and in lanes
/// for both. The strategy takes that order, names both statements, and gives the
/// interpreter's bits in every configuration.
#[test]
fn a_loop_is_distributed_to_interchange_a_reduction_and_its_use() {
    use optimist::Config;
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/suite/gramschmidt.c");
    let f = frontend::parse_file(&path, &FrontendConfig::default()).unwrap();
    let outcome = optimist::optimize(&f, &Config::default()).unwrap();
    let plan = outcome.plan().expect("optimized");
    let lines: Vec<&str> = plan.transformation.lines().collect();
    assert!(
        lines.contains(&"schedule: the program's order, loops interchanged")
            && lines
                .iter()
                .any(|l| l.contains("the two innermost loops of S5, S6 interchanged")),
        "{}",
        plan.transformation
    );
    let lanes = one_thread_report(&f, plan, true);
    let count = |op: &str| -> usize { (0..=lanes.max_depth()).map(|d| lanes.count(d, op)).sum() };
    // `R[k][j]` and `A[i][j]` stored in lanes: both statements' loops walk rows.
    assert!(count("store.f64x2") >= 2, "{lanes:?}");
    same_bits_in_every_configuration(&f, plan, &["--set", "m=15", "--set", "n=12"]);
}

/// A convolution's `x` loop runs in lanes around its short `dy, dx` loops (the strategy
/// counts them as unrolled, and keeps them inside `x`): native code unrolls them, so one
/// vector iteration computes 25 products into `out[y][x]`, kept in a register; the weights are
/// splat before the loop. The bits are the interpreter's in every configuration.
#[test]
fn short_loops_inside_a_vector_loop_are_unrolled_into_lanes() {
    use optimist::Config;
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/suite/conv2d.c");
    let f = frontend::parse_file(&path, &FrontendConfig::default()).unwrap();
    let outcome = optimist::optimize(&f, &Config::default()).unwrap();
    let plan = outcome.plan().expect("optimized");
    let lanes = one_thread_report(&f, plan, false);
    // The deepest blocks with vector products: the vector loop's body, all 25 of them, and
    // one store of `out` (not 25).
    let depth = (0..=lanes.max_depth())
        .filter(|&d| lanes.count(d, "fmul.f32x4") > 0)
        .max()
        .expect("products in lanes");
    assert_eq!(lanes.count(depth, "fmul.f32x4"), 25, "{lanes:?}");
    assert_eq!(lanes.count(depth, "store.f32x4"), 1, "{lanes:?}");
    same_bits_in_every_configuration(&f, plan, &["--set", "h=20", "--set", "w=37"]);
}

/// A `?:` whose arms are cheap and cannot fail (constants, arithmetic, reads of arrays proved
/// in range) runs without a branch: both arms computed, one picked by `select`. An arm that
/// may fail (an integer division: the error status when the divisor is 0) keeps its branch,
/// so it runs only when the program runs it. Both give the interpreter's bits.
#[test]
fn a_conditional_with_safe_arms_has_no_branch() {
    use optimist::codegen::model_loop_report;
    use optimist::{Config, NativeOptions, Strategy};
    let report = |src: &str| {
        let f = frontend::parse_source("k.c", src, None, &FrontendConfig::default()).unwrap();
        let outcome = optimist::optimize(&f, &Config::with(Strategy::Original)).unwrap();
        let plan = outcome.plan().expect("optimized");
        let r = model_loop_report(&f, plan, &NativeOptions::sequential()).unwrap();
        let spec = RunSpec::parse_args(&["--set", "n=29"]).unwrap();
        let k = Kernel::compile_with(&f, Some(plan), &NativeOptions::sequential()).unwrap();
        assert_eq!(
            common::native_hashes(&k, &f, &spec),
            (
                optimist::codegen::Version::Optimized,
                common::interpreter_hashes(&f, &spec)
            ),
            "{src}"
        );
        r
    };
    let count = |r: &optimist::codegen::LoopReport, op: &str| -> usize {
        (0..=r.max_depth()).map(|d| r.count(d, op)).sum()
    };
    let safe = report(
        "void k(int n, double A[n], double B[n]) {\n  for (int i = 0; i < n; i++)\n    B[i] = A[i] > 0.5 ? A[i] * 2.0 : A[i] + 1.0;\n}\n",
    );
    assert!(count(&safe, "select") >= 1, "{safe:?}");
    let failing = report(
        "void k(int n, int A[n], int B[n]) {\n  for (int i = 0; i < n; i++)\n    B[i] = A[i] != 0 ? 1000 / A[i] : 7;\n}\n",
    );
    assert_eq!(count(&failing, "select"), 0, "{failing:?}");
    assert!(count(&failing, "sdiv") >= 1, "{failing:?}");
}

/// An accumulator the innermost loop keeps at one address (`sum[p]` while `s` moves) lives in
/// a register: the innermost loop neither loads nor stores it; without registers it does both.
#[test]
fn an_innermost_accumulator_lives_in_a_register() {
    use optimist::codegen::model_loop_report;
    use optimist::{Config, NativeOptions};
    let src = "void mv(int n, double y[n], double A[n][n], double x[n]) {\n  for (int p = 0; p < n; p++)\n    for (int s = 0; s < n; s++)\n      y[p] += A[p][s] * x[s];\n}\n";
    let f = frontend::parse_source("mv.c", src, None, &FrontendConfig::default()).unwrap();
    let outcome = optimist::optimize(&f, &Config::with(optimist::Strategy::Original)).unwrap();
    let plan = outcome.plan().expect("optimized");
    let report = |registers| {
        let native = NativeOptions {
            registers,
            ..NativeOptions::sequential()
        };
        model_loop_report(&f, plan, &native).unwrap()
    };
    let on = report(true);
    let inner = on.max_depth();
    assert_eq!(inner, 2, "{on:?}");
    assert_eq!(on.count(inner, "store"), 0, "{on:?}");
    assert_eq!(on.count(inner, "load"), 2, "A and x only: {on:?}");
    assert_eq!(
        on.count(inner - 1, "store"),
        1,
        "stored after the loop: {on:?}"
    );
    let off = report(false);
    assert_eq!(off.count(inner, "store"), 1, "{off:?}");
    assert_eq!(off.count(inner, "load"), 3, "{off:?}");
}

/// An element kept in a register while other accesses of the loop move through its array:
/// before the loop the code checks whether one of them reaches it in the loop's iterations,
/// and runs the loop as written when one does (`f[i][2]` is read back as `f[i][k]` at `k = 2`,
/// after two updates), in registers when none does (`d[i][n - 1]`, `k < n - 1`). Every
/// configuration gives the interpreter's bits, and so does the C, which makes the same test
/// (`decide`'s, on the addresses `optimist_a0`, ...) before the same loop on a local (the arrays are named `f` and `d`, names
/// C's test must not take).
#[test]
fn a_kept_element_reached_by_a_moving_access_stays_in_memory() {
    use optimist::{Config, Kernel};
    for (name, src) in [
        (
            "hit",
            "void k(int n, int m, double f[n][n]) {\n  for (int i = 0; i < n; i++)\n    for (int k = 0; k < m; k++)\n      f[i][2] += f[i][k] * 0.5;\n}\n",
        ),
        (
            "miss",
            "void k(int n, double d[n][n]) {\n  for (int i = 0; i < n; i++)\n    for (int k = 0; k < n - 1; k++)\n      d[i][n - 1] += d[i][k] * 0.5;\n}\n",
        ),
    ] {
        let f = frontend::parse_source("k.c", src, None, &FrontendConfig::default()).unwrap();
        let sets: &[&str] = if name == "hit" {
            &["--set", "n=9", "--set", "m=7"]
        } else {
            &["--set", "n=9"]
        };
        let spec = RunSpec::parse_args(sets).unwrap();
        let reference = common::interpreter_hashes(&f, &spec);
        let outcome = optimist::optimize(&f, &Config::default()).unwrap();
        for native in common::native_configurations() {
            let kernel = Kernel::compile_with(&f, outcome.plan(), &native).unwrap();
            let (version, hashes) = common::native_hashes(&kernel, &f, &spec);
            assert_eq!(version, optimist::Version::Optimized, "{name} {native:?}");
            assert_eq!(hashes, reference, "{name} {native:?}");
        }
        default_c_gives(&f, &spec, &format!("kept_{name}"), reference, |code| {
            assert!(
                code.contains("const long optimist_a0 = (long)(void *)&")
                    && code.contains("double optimist_kept0 ="),
                "{code}"
            )
        });
    }
}

/// The plan's native code, in every configuration of [`common::native_configurations`], runs
/// its optimized version with the interpreter's bits on the inputs of `args`.
fn same_bits_in_every_configuration(
    f: &optimist_scop::ir::Function,
    plan: &optimist::Plan,
    args: &[&str],
) {
    let spec = RunSpec::parse_args(args).unwrap();
    let reference = common::interpreter_hashes(f, &spec);
    for native in common::native_configurations() {
        let k = Kernel::compile_with(f, Some(plan), &native).unwrap();
        assert_eq!(
            common::native_hashes(&k, f, &spec),
            (optimist::codegen::Version::Optimized, reference.clone()),
            "{native:?}"
        );
    }
}

/// The loop report of the plan's native code on one thread, in vector lanes, with registers
/// or without.
fn one_thread_report(
    f: &optimist_scop::ir::Function,
    plan: &optimist::Plan,
    registers: bool,
) -> optimist::codegen::LoopReport {
    optimist::codegen::model_loop_report(
        f,
        plan,
        &optimist::NativeOptions {
            threads: 1,
            vector: true,
            registers,
            contract: false,
            pool: None,
            undo: true,
            wide_bytes: 0,
            cpu: optimist::Cpu::Host,
        },
    )
    .unwrap()
}

/// The faithful code tests the range of an innermost loop's accesses once, before the loop
/// (`codegen/src/native/faithful/ranges.rs`), and runs a copy without their checks when every iteration is in
/// range. When one is not, the checked copy runs and stops at the access the program stops
/// at: the elements written before it are the interpreter's, and the status is `OutOfBounds`.
/// Subscripts in `int` arithmetic near its limits (where a widened value would wrap), a
/// loop counting down with `>=`, a data-dependent subscript beside an affine one, and loops
/// that run no iteration give the interpreter's bits.
#[test]
fn range_tests_before_inner_loops_keep_the_programs_stops_and_bits() {
    let cases: &[(&str, &[&str])] = &[
        // The last row's inner loop runs off the end of A (its buffer holds 30 elements of
        // 4 x 8): rows 0-2 are written, row 3 up to element 29.
        (
            "void k(int n, int m, double A[][m]) {\n  for (int i = 0; i < n; i++)\n    for (int j = 0; j < m; j++)\n      A[i][j] = A[i][j] + i * 10 + j;\n}",
            &["--set", "n=4", "--set", "m=8", "--len", "A=30"],
        ),
        // Counting down with >=, a negative coefficient and an offset: in range.
        (
            "void k(int n, double A[n], double B[n]) {\n  for (int i = n - 1; i >= 0; i--)\n    B[n - 1 - i] = 2.0 * A[i] + 1.0;\n}",
            &["--set", "n=9"],
        ),
        // Counting down past the start of A: stops at A[-1].
        (
            "void k(int n, double A[n], double B[n]) {\n  for (int i = n - 1; i >= -1; i--)\n    B[0] = B[0] + A[i];\n}",
            &["--set", "n=9"],
        ),
        // `int` arithmetic that wraps before it is widened: the checked copy decides.
        (
            "void k(int n, int big, double *P) {\n  for (int i = 0; i < n; i++)\n    P[i + big] = i;\n}",
            &["--set", "n=4", "--set", "big=2147483646", "--len", "P=8"],
        ),
        // An indirect subscript keeps its check; the affine ones beside it are tested.
        (
            "void k(int n, int idx[n], double A[n], double B[n]) {\n  for (int i = 0; i < n; i++)\n    B[i] = A[idx[i]] + A[i];\n}",
            &["--set", "n=6", "--array", "idx=0,5,2,7,1,1"],
        ),
        // <= up to the bound, and a loop that runs no iteration.
        (
            "void k(int n, int m, double A[n]) {\n  for (int i = 0; i <= n - 1; i++)\n    A[i] = A[i] * 0.5;\n  for (int j = m; j < 0; j++)\n    A[j] = 7.0;\n}",
            &["--set", "n=5", "--set", "m=3"],
        ),
    ];
    for (src, args) in cases {
        faithful_agrees(src, args);
    }
}

/// The faithful code tests a whole loop nest's accesses once, before its outermost loop, over
/// the hulls of its iterators (`codegen/src/native/faithful/ranges.rs`), and runs a copy without their checks
/// when the test holds; otherwise the checked copy runs (its innermost loops tested on their
/// own) and stops where the program stops. Cases: a nest whose last row runs off its buffer,
/// triangular and downward inner loops, two inner loops of one iterator one after the other,
/// an inner iterator read after its loop, a convolution's short constant loops inside, an
/// inner loop that never runs with bounds that would be out of range, iterators read in the
/// bodies and after their loops, and `int` subscripts that wrap in one inner iteration only.
#[test]
fn range_tests_before_loop_nests_keep_the_programs_stops_and_bits() {
    let cases: &[(&str, &[&str])] = &[
        // Rows 0-2 in range, row 3 runs off A's 30 elements at element 30.
        (
            "void k(int n, int m, double A[][m]) {\n  for (int t = 0; t < 2; t++)\n    for (int i = 0; i < n; i++)\n      for (int j = 0; j < m; j++)\n        A[i][j] = A[i][j] + t + i * 10 + j;\n}",
            &["--set", "n=4", "--set", "m=8", "--len", "A=30"],
        ),
        // Triangular and downward inner loops, in range.
        (
            "void k(int n, double A[n][n], double x[n]) {\n  for (int i = 0; i < n; i++) {\n    for (int j = 0; j < i; j++)\n      x[i] = x[i] - A[i][j] * x[j];\n    for (int j = n - 1; j > i; j--)\n      A[j][i] = A[i][j] + x[n - 1 - j];\n  }\n}",
            &["--set", "n=9"],
        ),
        // The triangle reaches one element past x: the first row that reads it stops.
        (
            "void k(int n, double A[n][n], double *x) {\n  for (int i = 0; i < n; i++)\n    for (int j = 0; j <= i; j++)\n      A[i][j] = x[i + j];\n}",
            &["--set", "n=6", "--len", "x=10"],
        ),
        // One iterator for two inner loops; the second one reaches past B.
        (
            "void k(int n, int m, double A[n], double *B) {\n  int j;\n  for (int i = 0; i < n; i++) {\n    for (j = 0; j < m; j++)\n      A[i] = A[i] + B[j];\n    for (j = m; j < 2 * m; j++)\n      A[i] = A[i] * 0.5 + B[j];\n  }\n}",
            &["--set", "n=5", "--set", "m=4", "--len", "B=7"],
        ),
        // An inner iterator read after its loop (its value there is past the loop's range).
        (
            "void k(int n, int m, double A[n], double *B) {\n  int j;\n  for (int i = 0; i < n; i++) {\n    for (j = 0; j < m; j++)\n      A[i] = A[i] + B[j];\n    B[j] = A[i];\n  }\n}",
            &["--set", "n=5", "--set", "m=4", "--len", "B=4"],
        ),
        // A 3 x 3 convolution: the taps' short loops inside the tested rows.
        (
            "void k(int h, int w, float in[h][w], float wt[3][3], float out[h][w]) {\n  for (int y = 1; y < h - 1; y++)\n    for (int x = 1; x < w - 1; x++) {\n      out[y][x] = 0.0f;\n      for (int dy = 0; dy < 3; dy++)\n        for (int dx = 0; dx < 3; dx++)\n          out[y][x] += wt[dy][dx] * in[y + dy - 1][x + dx - 1];\n    }\n}",
            &["--set", "h=7", "--set", "w=9"],
        ),
        // The same taps off the image's last row: stops at the first tap past in.
        (
            "void k(int h, int w, float in[h][w], float wt[3][3], float out[h][w]) {\n  for (int y = 1; y < h; y++)\n    for (int x = 1; x < w - 1; x++) {\n      out[y][x] = 0.0f;\n      for (int dy = 0; dy < 3; dy++)\n        for (int dx = 0; dx < 3; dx++)\n          out[y][x] += wt[dy][dx] * in[y + dy - 1][x + dx - 1];\n    }\n}",
            &["--set", "h=7", "--set", "w=9"],
        ),
        // An inner loop that never runs, whose subscripts would be far out of range.
        (
            "void k(int n, int m, double A[n]) {\n  for (int i = 0; i < n; i++) {\n    A[i] = A[i] + 1.0;\n    for (int j = m; j < 0; j++)\n      A[j - 1000] = 7.0;\n  }\n}",
            &["--set", "n=5", "--set", "m=3"],
        ),
        // Iterators as values in the bodies and after their loops (the proved loops count a
        // 64-bit copy): up, down to -1, and a `long` iterator.
        (
            "void k(int n, int m, double A[n][m], int last[n], long W[n]) {\n  int j;\n  for (int i = 0; i < n; i++) {\n    for (j = 0; j < m; j++)\n      A[i][j] = i * 100 + j;\n    last[i] = j;\n    for (j = m - 1; j >= 0; j--)\n      A[i][j] = A[i][j] + j;\n    last[i] = last[i] * 10 + j;\n    long q;\n    for (q = 0; q <= i; q++)\n      W[q] = W[q] + q;\n    W[i] = W[i] + q;\n  }\n}",
            &["--set", "n=6", "--set", "m=5"],
        ),
        // `int` subscripts that wrap in the last inner iteration only.
        (
            "void k(int n, int big, double *P) {\n  for (int i = 0; i < n; i++)\n    for (int j = 0; j < 3; j++)\n      P[i + j + big] = i;\n}",
            &["--set", "n=4", "--set", "big=2147483643", "--len", "P=8"],
        ),
    ];
    let mut stopped = 0;
    for (src, args) in cases {
        if faithful_agrees(src, args) {
            stopped += 1;
        }
    }
    assert_eq!(stopped, 6, "the cases that run off their buffers stop");
}

/// Random two-level nests against the interpreter (a fixed seed): the outer loop in either
/// direction, an inner loop whose bounds are affine in the outer iterator (triangles, shifts,
/// empty rows), subscripts with negative, zero and large coefficients in both iterators,
/// buffers from empty to long enough. The faithful code stops where the interpreter stops,
/// with the same elements written before, or finishes with its bits.
#[test]
fn nest_range_tests_agree_with_the_interpreter_on_random_nests() {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = |n: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % n
    };
    let heads = [("<", "i++"), (">=", "i--")];
    let inner = [
        ("j = 0", "j < m", "j++"),
        ("j = i", "j < m", "j++"),
        ("j = 0", "j <= i", "j++"),
        ("j = m - 1", "j > i", "j--"),
        ("j = i - 2", "j < i + 2", "j++"),
    ];
    let mut stopped = 0;
    let cases = 160;
    for _ in 0..cases {
        let (op, step) = heads[next(2) as usize];
        let (init, cond, jstep) = inner[next(inner.len() as u64) as usize];
        let (c1, c2) = (next(5) as i64 - 2, next(4) as i64 - 1);
        let src = format!(
            "void k(int lo, int hi, int m, int d, double A[hi + 4][m + 4], double *B) {{\n  for (int i = lo; i {op} hi; {step})\n    for (int {init}; {cond}; {jstep})\n      A[i + 2][j + 2] = A[i + 2][j + 2] * 0.5 + B[{c1} * i + {c2} * j + d];\n}}"
        );
        let (lo, hi) = (next(8) as i64 - 2, next(8) as i64);
        let (lo, hi) = if op == "<" { (lo, hi) } else { (hi, lo) };
        let args: Vec<String> = vec![
            format!("lo={lo}"),
            format!("hi={}", hi.max(lo.min(hi))),
            format!("m={}", next(7) + 1),
            format!("d={}", next(16) as i64 - 4),
        ];
        let mut args: Vec<String> = args
            .into_iter()
            .flat_map(|a| ["--set".to_string(), a])
            .collect();
        args.extend(["--len".to_string(), format!("B={}", next(30))]);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        if faithful_agrees(&src, &args) {
            stopped += 1;
        }
    }
    // Both outcomes were exercised.
    assert!(
        (20..cases - 20).contains(&stopped),
        "{stopped} of {cases} stopped"
    );
}

/// A `?:` over proved elements, in a statement storing to an element that moves with its
/// loop, is a select in the faithful code (Floyd-Warshall's minimum: no branch to
/// mispredict); one accumulated into a single element along the loop keeps its branch
/// (nussinov's maximum).
#[test]
fn minima_into_moving_elements_are_selects_in_the_faithful_code() {
    let report = |path: &str| {
        let f = frontend::parse_file(
            &Path::new(env!("CARGO_MANIFEST_DIR")).join(path),
            &FrontendConfig::default(),
        )
        .unwrap();
        optimist::codegen::faithful_loop_report(&f).unwrap()
    };
    // Cranelift makes a select of a comparison of its arms a minimum or a maximum.
    let selects = |r: &optimist::codegen::LoopReport| {
        ["select", "smin", "smax"]
            .iter()
            .map(|op| r.count(r.max_depth(), op))
            .sum::<usize>()
    };
    let floyd = report("corpus/suite/floyd_warshall.c");
    assert!(selects(&floyd) >= 1, "{floyd:?}");
    let nussinov = report("corpus/suite/nussinov_lite.c");
    assert_eq!(selects(&nussinov), 0, "{nussinov:?}");
}

/// Runs `src` with `args` through the interpreter and the faithful native code: the same
/// outcome (an out-of-range stop is `OutOfBounds`) and the same bits, also after a stop.
/// Returns whether the program stopped.
fn faithful_agrees(src: &str, args: &[&str]) -> bool {
    // Without undo: a stop leaves what was written before it, as in the interpreter.
    let f = frontend::parse_source("t.c", src, None, &FrontendConfig::default()).unwrap();
    let in_place = optimist::NativeOptions {
        undo: false,
        ..Default::default()
    };
    let k = Kernel::compile_with(&f, None, &in_place).unwrap();
    let spec = RunSpec::parse_args(args).unwrap();
    let mut reference = Workload::generate(&f, &spec).unwrap();
    let expected = interp::run(&f, &mut reference.args, &Default::default()).map(|_| ());
    let mut w = Workload::generate(&f, &spec).unwrap();
    let got = k.run(&mut w.args);
    assert_eq!(
        got.is_ok(),
        expected.is_ok(),
        "{src} {args:?}: jit {got:?}, interpreter {expected:?}"
    );
    if expected.is_err() {
        assert_eq!(got, Err(KernelError::OutOfBounds), "{src} {args:?}");
    }
    assert_eq!(w.hashes(&f), reference.hashes(&f), "{src} {args:?}");
    expected.is_err()
}

/// `f`'s versioned C of the default configuration: `check` looks at its text, then, where a C
/// compiler is present, it runs on `spec` and gives `reference` from its optimized version.
pub(crate) fn default_c_gives(
    f: &optimist_scop::ir::Function,
    spec: &RunSpec,
    name: &str,
    reference: Vec<String>,
    check: impl FnOnce(&str),
) {
    let (p, _) =
        optimist::compile_c(f, &optimist::Config::default(), "optimist_generated").unwrap();
    check(&p.code);
    let Some(cc) = common::cc() else {
        eprintln!("no C compiler: the C is not run");
        return;
    };
    let (theirs, version) = common::versioned_c_run(&cc, name, f, spec, &p.code);
    assert_eq!((theirs, version.as_str()), (reference, "optimized"));
}

/// Loops whose whole vectors run in the wide-loop emitter's code (`native/wide.rs`), at each
/// width this CPU has (256 bits with AVX, 512 with AVX-512F): the decided tree says so, the
/// optimized version runs, and every array is the interpreter's, bit for bit, at sizes that
/// leave remainders of every length (the Cranelift lanes and the scalar loop run them) and
/// below one wide vector (the emitter's code does not run). The kernels hold what it takes:
/// `double` and `float`, negation, `sqrt`, division, scalars, an element read at one place, an
/// array kept in registers across statements (a convolution's output) and more values than
/// the general registers hold addresses for, `int` and `long` lanes, `?:` on each comparison
/// (maxima and minima among them; a NaN from `0.0 / 0.0`), and a loop jammed into the wide
/// one.
#[test]
fn wide_loops_give_the_interpreters_bits() {
    use optimist::NativeOptions;
    let host = NativeOptions::host_wide_bytes();
    if host == 0 {
        eprintln!("no wide vectors on this CPU: nothing to test");
        return;
    }
    let kernels = [
        "void k(int n, double a, double x[n], double y[n], double z[n]) {\n  for (int i = 0; i < n; i++)\n    y[i] = a * x[i] + -y[i] / sqrt(z[i] * z[i] + 1.0);\n}\n",
        "void k(int n, float a, float x[n], float y[n], float s[1]) {\n  for (int i = 0; i < n; i++)\n    y[i] = (x[i] - s[0]) * a - y[i];\n}\n",
        "void k(int n, double A[n][n], double B[n][n]) {\n  for (int t = 0; t < 2; t++) {\n    for (int i = 1; i < n - 1; i++)\n      for (int j = 1; j < n - 1; j++)\n        B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][j + 1] + A[i - 1][j] + A[i + 1][j]);\n    for (int i = 1; i < n - 1; i++)\n      for (int j = 1; j < n - 1; j++)\n        A[i][j] = 0.2 * (B[i][j] + B[i][j - 1] + B[i][j + 1] + B[i - 1][j] + B[i + 1][j]);\n  }\n}\n",
        "void k(int n, float out[n][n], float img[n + 2][n + 2], float w[3][3]) {\n  for (int y = 0; y < n; y++)\n    for (int x = 0; x < n; x++) {\n      out[y][x] = 0.0f;\n      for (int dy = 0; dy < 3; dy++)\n        for (int dx = 0; dx < 3; dx++)\n          out[y][x] += w[dy][dx] * img[y + dy][x + dx];\n    }\n}\n",
        "void k(int n, double a[n], double b[n], double c[n], double d[n], double e[n], double f[n], double g[n], double h[n], double p[n], double q[n], double r[n], double s[n]) {\n  for (int i = 0; i < n; i++) {\n    a[i] = b[i] * c[i] - d[i] * e[i] + f[i] / g[i] - h[i] * p[i] + q[i] * r[i] - s[i];\n    s[i] = a[i] + b[i];\n  }\n}\n",
        // Integer lanes and conditions: a maximum (`vpmaxsd`), a general `?:` of each
        // comparison, `long` lanes, and floating ones (`maxpd`'s rule, `!=` with NaNs).
        "void k(int n, int a, int x[n], int y[n], int z[n]) {\n  for (int i = 0; i < n; i++) {\n    y[i] = x[i] > y[i] + a ? x[i] : y[i] + a;\n    z[i] = x[i] <= z[i] ? x[i] * 3 - z[i] : z[i] + 1;\n    x[i] = y[i] == z[i] ? 5 : (x[i] != a ? x[i] - y[i] : z[i]);\n  }\n}\n",
        "void k(int n, long x[n], long y[n], long z[n]) {\n  for (int i = 0; i < n; i++) {\n    y[i] = x[i] >= y[i] ? x[i] : y[i];\n    z[i] = x[i] < z[i] ? z[i] - x[i] : (y[i] > z[i] ? y[i] + y[i] : z[i]);\n    x[i] = y[i] <= x[i] ? y[i] : x[i];\n  }\n}\n",
        "void k(int n, float a, float x[n], float y[n], float z[n]) {\n  for (int i = 0; i < n; i++) {\n    y[i] = x[i] > y[i] ? x[i] : y[i];\n    x[i] = z[i] >= y[i] ? y[i] : z[i] / a;\n  }\n}\n",
        "void k(int n, float a, float x[n], float z[n]) {\n  for (int i = 0; i < n; i++)\n    z[i] = x[i] < a ? -x[i] : x[i] * z[i];\n}\n",
        "void k(int n, double x[n], double y[n], double z[n]) {\n  for (int i = 0; i < n; i++) {\n    z[i] = x[i] / y[i];\n    y[i] = z[i] != z[i] ? 0.0 : (z[i] < x[i] ? z[i] : x[i]);\n    x[i] = y[i] == x[i] ? x[i] : (x[i] < 0.0 ? y[i] : -y[i]);\n  }\n}\n",
        // C's `fma`, rounded once (`vfmadd231`), as a program or its contraction writes it.
        "void k(int n, double a, double x[n], double y[n], double z[n]) {\n  for (int i = 0; i < n; i++)\n    y[i] = fma(a, x[i], -y[i]) + fma(x[i], x[i], z[i] * a);\n}\n",
        "void k(int n, float a, float x[n], float y[n], float z[n]) {\n  for (int i = 0; i < n; i++)\n    y[i] = fmaf(x[i], y[i], a) - fmaf(-x[i], z[i], y[i]);\n}\n",
        // A matrix-vector product along the columns: the loop over `j` jammed into the wide
        // loop over `i`, `x[i]` kept across its copies.
        "void k(int n, double A[n][n], double x[n], double y[n]) {\n  for (int j = 0; j < n; j++)\n    for (int i = 0; i < n; i++)\n      x[i] = x[i] + A[j][i] * y[j];\n}\n",
    ];
    let mut failures = Vec::new();
    for width in [32u32, 64].into_iter().filter(|&w| w <= host) {
        for (k, src) in kernels.iter().enumerate() {
            let name = format!("kernel {k} at {} bits", width * 8);
            let (f, compiled, shown) = compiled_wide(src, width, &name);
            assert!(
                shown.contains(&format!("whole vectors in {} bits first", width * 8)),
                "{name}: {shown}"
            );
            assert!(
                k + 1 < kernels.len() || shown.contains("jammed"),
                "{name}: {shown}"
            );
            for n in [1, 3, 7, 8, 9, 15, 16, 17, 31, 33, 70] {
                let mut args = vec!["--set".to_string(), format!("n={n}")];
                if src.contains("int a,") {
                    args.extend(["--set".to_string(), "a=3".to_string()]);
                } else if src.contains(" a,") {
                    args.extend(["--set".to_string(), "a=1.25".to_string()]);
                }
                let spec = RunSpec::parse_args(&args).unwrap();
                let reference = common::interpreter_hashes(&f, &spec);
                let (version, hashes) = common::native_hashes(&compiled.kernel, &f, &spec);
                if hashes != reference || version != optimist_codegen::Version::Optimized {
                    failures.push(format!(
                        "{name}, n = {n}: {version:?} {hashes:?} against {reference:?}"
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Products whose register blocks run in the wide emitter's micro-kernel (`WideKernel` in
/// `native/wide.rs`, 32-byte vectors at every wide width): the decided tree says so, the
/// optimized version runs, and every array is the interpreter's, bit for bit, at sizes that cut
/// blocks at every edge (a zeroed copy on the stack) and reductions shorter and longer than
/// one tile. The kernels hold `double` and `float`, both orders of the product and of the sum,
/// a triangle (syrk's `j <= i`), and two products summed (syr2k's).
#[test]
fn wide_micro_kernels_give_the_interpreters_bits() {
    use optimist::NativeOptions;
    let host = NativeOptions::host_wide_bytes();
    if host < 32 {
        eprintln!("no wide vectors on this CPU: nothing to test");
        return;
    }
    let kernels = [
        "void k(int ni, int nj, int nk, double a, double C[ni][nj], double A[ni][nk], double B[nk][nj]) {\n  for (int i = 0; i < ni; i++)\n    for (int k = 0; k < nk; k++)\n      for (int j = 0; j < nj; j++)\n        C[i][j] += a * A[i][k] * B[k][j];\n}\n",
        "void k(int ni, int nj, int nk, float a, float C[ni][nj], float A[ni][nk], float B[nk][nj]) {\n  for (int i = 0; i < ni; i++)\n    for (int k = 0; k < nk; k++)\n      for (int j = 0; j < nj; j++)\n        C[i][j] = B[k][j] * A[i][k] + C[i][j];\n}\n",
        "void k(int ni, int nj, int nk, double a, double C[ni][ni], double A[ni][nk]) {\n  for (int i = 0; i < ni; i++)\n    for (int k = 0; k < nk; k++)\n      for (int j = 0; j <= i; j++)\n        C[i][j] += a * A[i][k] * A[j][k];\n}\n",
        // Two products summed (syr2k's), in a triangle and in a box, each order of the
        // products' factors and of the sums.
        "void k(int ni, int nj, int nk, double a, double C[ni][ni], double A[ni][nk], double B[ni][nk]) {\n  for (int i = 0; i < ni; i++)\n    for (int k = 0; k < nk; k++)\n      for (int j = 0; j <= i; j++)\n        C[i][j] += A[j][k] * a * B[i][k] + B[j][k] * a * A[i][k];\n}\n",
        "void k(int ni, int nj, int nk, float a, float C[ni][nj], float A[ni][nk], float B[nk][nj], float D[nk][nj]) {\n  for (int i = 0; i < ni; i++)\n    for (int k = 0; k < nk; k++)\n      for (int j = 0; j < nj; j++)\n        C[i][j] = (A[i][k] * B[k][j] + D[k][j] * (a * A[i][k])) + C[i][j];\n}\n",
    ];
    let mut failures = Vec::new();
    for width in [32u32, 64].into_iter().filter(|&w| w <= host) {
        for (k, src) in kernels.iter().enumerate() {
            let name = format!("kernel {k} at {} bits", width * 8);
            let (f, compiled, shown) = compiled_wide(src, width, &name);
            assert!(
                shown.contains("for a micro-kernel in 2 vectors of 32 bytes per row"),
                "{name}: {shown}"
            );
            for (ni, nj, nk) in [
                (1, 1, 1),
                (6, 8, 3),
                (7, 17, 130),
                (13, 37, 150),
                (29, 9, 257),
            ] {
                let args: Vec<String> = [("ni", ni), ("nj", nj), ("nk", nk)]
                    .iter()
                    .flat_map(|(p, v)| ["--set".to_string(), format!("{p}={v}")])
                    .chain(["--set".to_string(), "a=1.25".to_string()])
                    .collect();
                let spec = RunSpec::parse_args(&args).unwrap();
                let reference = common::interpreter_hashes(&f, &spec);
                let (version, hashes) = common::native_hashes(&compiled.kernel, &f, &spec);
                if hashes != reference || version != optimist_codegen::Version::Optimized {
                    failures.push(format!(
                        "{name}, {ni} x {nj} x {nk}: {version:?} {hashes:?} against {reference:?}"
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `src` compiled for one thread with the wide emitter's vectors of `width` bytes: the function,
/// what it compiled to (optimized: else a panic naming `name`), and the decided tree as `show
/// ast` prints it.
fn compiled_wide(
    src: &str,
    width: u32,
    name: &str,
) -> (optimist_scop::ir::Function, optimist::Compiled, String) {
    let native = optimist::NativeOptions {
        threads: 1,
        wide_bytes: width,
        ..optimist::NativeOptions::default()
    };
    let config = optimist::Config {
        native: native.clone(),
        deadline: None,
        ..optimist::Config::default()
    };
    let f = frontend::parse_source("k.c", src, None, &FrontendConfig::default()).unwrap();
    let compiled = optimist::compile(&f, &config).unwrap_or_else(|e| panic!("{name}: {e}"));
    let shown = compiled
        .outcome
        .plan()
        .unwrap_or_else(|| panic!("{name}: not optimized"))
        .show_decided(&native.target(), &f.file_scope);
    (f, compiled, shown)
}
