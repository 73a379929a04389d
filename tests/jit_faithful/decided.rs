//! Native code as the decided tree says: where threads start, packs and micro-kernels, lanes
//! and scalars on threads, waves, strips, values carried to the next iteration; each with the
//! interpreter's bits.

use super::*;

/// Where threads start is read off the decided tree, not the marks: whether a loop decided to
/// fork is inside another loop (Floyd-Warshall's `k`; an embedder's rayon pool then takes the
/// whole call), and a kernel whose marked loops run in lanes inside other loops
/// (gramschmidt on two threads: one row's work per loop) starts no threads at all, so no pool
/// is built for it. The tiles of one wave of time tiles fork inside the loop over waves
/// (jacobi1d's).
#[test]
fn where_threads_start_is_read_off_the_decided_tree() {
    use optimist::loopy::Target;
    let forks = |path: &str| {
        let f = frontend::parse_file(
            &Path::new(env!("CARGO_MANIFEST_DIR")).join(path),
            &FrontendConfig::default(),
        )
        .unwrap();
        let outcome = optimist::optimize(&f, &optimist::Config::default()).unwrap();
        let plan = outcome.plan().expect("optimized");
        plan.decide(&Target::native(2, true, true)).forks()
    };
    assert_eq!(forks("corpus/suite/floyd_warshall.c"), Some(true));
    assert_eq!(forks("corpus/suite/gemm.c"), Some(false));
    assert_eq!(forks("corpus/suite/gramschmidt.c"), None);
    assert_eq!(forks("corpus/suite/jacobi1d.c"), Some(true));
}

/// Packing is decided for the target, not undone by an emitter: in gemm's plan with its loop
/// over row blocks made parallel, native code (whose outlined bodies cannot see a buffer, and
/// whose register blocks run only in a micro-kernel) gets no pack and no register block, the
/// loops as written; C (whose OpenMP threads see the function's locals) keeps both.
#[test]
fn a_pack_whose_loops_fork_is_made_only_where_threads_see_its_buffer() {
    use optimist::codegen::{LoopKind, Node, StmtNode};
    use optimist::loopy::Target;
    let f = frontend::parse_file(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/suite/gemm.c"),
        &FrontendConfig::default(),
    )
    .unwrap();
    let outcome = optimist::optimize(&f, &optimist::Config::default()).unwrap();
    let plan = outcome.plan().expect("optimized");
    /// Marks parallel every loop over row blocks (a loop around one loop around a reduction),
    /// and no other.
    fn rows_parallel(nodes: &mut [Node], marked: &mut usize) {
        for n in nodes {
            match n {
                Node::For { body, kind, .. } => {
                    let rows = matches!(body.as_slice(), [Node::For { body: inner, .. }]
                        if matches!(inner.as_slice(), [Node::For { kind: LoopKind::Accumulate, .. }]));
                    if rows {
                        *kind = LoopKind::Parallel;
                        *marked += 1;
                    } else if *kind == LoopKind::Parallel {
                        *kind = LoopKind::Serial;
                    }
                    rows_parallel(body, marked);
                }
                Node::If { then, els, .. } => {
                    rows_parallel(then, marked);
                    rows_parallel(els, marked);
                }
                Node::Stmt(StmtNode { .. }) => {}
            }
        }
    }
    let mut ast = plan.ast.clone();
    let mut marked = 0;
    rows_parallel(&mut ast.body, &mut marked);
    assert!(marked > 0, "no loop over row blocks in gemm's plan");
    let decided = |target: &Target| ast.decide(&plan.scop, target, &plan.unchecked);
    // Native code on one thread packs; on two its row blocks' loop forks inside the pack.
    let one = decided(&Target::native(1, true, true));
    assert!(!one.packs().is_empty(), "{}", one.display(&ast, &plan.scop));
    let two = decided(&Target::native(2, true, true));
    let shown = two.display(&ast, &plan.scop);
    assert!(two.packs().is_empty(), "{shown}");
    assert!(!shown.contains("register block"), "{shown}");
    assert!(shown.contains("// threads"), "{shown}");
    let c = decided(&Target::c());
    assert!(!c.packs().is_empty(), "{}", c.display(&ast, &plan.scop));
}

/// The range test before inner loops against the interpreter on many small random loops
/// (a fixed seed): both directions and all four exit tests, subscripts `c * i + d` with
/// negative, zero and large coefficients, a 2-d array indexed past its rows and walked along
/// its columns (an address stepping by a row), buffers from empty to long enough. The faithful code must stop where the interpreter stops, with the
/// same elements written before, or finish with its bits.
#[test]
fn range_tests_agree_with_the_interpreter_on_random_loops() {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = |n: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % n
    };
    let heads = [("<", "i++"), ("<=", "i++"), (">", "i--"), (">=", "i--")];
    let mut stopped = 0;
    for case in 0..240 {
        let (op, step) = heads[next(4) as usize];
        let c1 = next(6) as i64 - 2;
        let c2 = next(5) as i64 - 1;
        let two_d = case % 3 == 0;
        let src = if two_d {
            format!(
                "void k(int lo, int hi, int d, int r, int m, double A[r][m], double *B) {{\n  for (int i = lo; i {op} hi; {step})\n    A[i % 2 == 0 ? 1 : 0][{c1} * i + d] = B[{c2} * i + d] + A[1][i] + A[{c1} * (i - lo)][m - 1];\n}}"
            )
        } else {
            format!(
                "void k(int lo, int hi, int d, int e, double *A, double *B) {{\n  for (int i = lo; i {op} hi; {step})\n    A[{c1} * i + d] = B[{c2} * i + e] * 0.5 + A[i + e];\n}}"
            )
        };
        let (lo, hi) = (next(24) as i64 - 4, next(24) as i64 - 4);
        let (d, e) = (next(12) as i64 - 3, next(12) as i64 - 3);
        let (la, lb) = (next(40), next(40));
        let mut args: Vec<String> = vec![
            "--set".into(),
            format!("lo={lo}"),
            "--set".into(),
            format!("hi={hi}"),
            "--set".into(),
            format!("d={d}"),
        ];
        if two_d {
            for a in [
                &format!("r={}", next(24) + 2),
                &format!("m={}", next(20) + 1),
            ] {
                args.extend(["--set".to_string(), a.to_string()]);
            }
            args.extend(["--len".to_string(), format!("B={lb}")]);
        } else {
            args.extend(["--set".to_string(), format!("e={e}")]);
            args.extend(["--len".to_string(), format!("A={la}")]);
            args.extend(["--len".to_string(), format!("B={lb}")]);
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        if faithful_agrees(&src, &args) {
            stopped += 1;
        }
    }
    // Both outcomes were exercised.
    assert!((40..200).contains(&stopped), "{stopped} of 240 stopped");
}

/// A product whose statement is the element plus a product of the packed operand and a factor
/// of the rows runs in native code's micro-kernel (`native/model/block.rs`): both operands
/// packed into the thread's buffer, blocks of 4 x 4 held in `f64x2`/`f32x4` accumulators,
/// blocks cut short by the edges (13 rows, 37 columns, a reduction of 150: a tile of 128 and
/// one of 22) on a copy. Every order of the operands, in `double` and `float`, on one thread
/// and on two, gives the interpreter's bits.
#[test]
fn a_products_micro_kernel_gives_the_interpreters_bits() {
    let statements = [
        "C[i][j] += alpha * A[i][k] * B[k][j];",
        "C[i][j] = C[i][j] + B[k][j] * (alpha * A[i][k]);",
        "C[i][j] = alpha * A[i][k] * B[k][j] + C[i][j];",
        "C[i][j] = B[k][j] * A[i][k] + C[i][j];",
    ];
    let args = ["ni=13", "nj=37", "nk=150", "alpha=1.5"];
    let args: Vec<&str> = args.iter().flat_map(|s| ["--set", s]).collect();
    let spec = RunSpec::parse_args(&args).unwrap();
    for ty in ["double", "float"] {
        for s in statements {
            let src = format!(
                "void mm(int ni, int nj, int nk, {ty} alpha, {ty} C[ni][nj], {ty} A[ni][nk], {ty} B[nk][nj]) {{\n  for (int i = 0; i < ni; i++)\n    for (int k = 0; k < nk; k++)\n      for (int j = 0; j < nj; j++)\n        {s}\n}}\n"
            );
            let f = frontend::parse_source("k.c", &src, None, &FrontendConfig::default()).unwrap();
            micro_kernel_gives_the_interpreters_bits(&f, &spec, &format!("{ty} {s}"), |p| {
                p.micro_kernel
            });
        }
    }
}

/// Compiles `f` for native code on one thread and on two, checks that a pack of its decided
/// tree is as `wanted` says (a micro-kernel's), and that the run gives the interpreter's bits.
fn micro_kernel_gives_the_interpreters_bits(
    f: &optimist_scop::ir::Function,
    spec: &RunSpec,
    what: &str,
    wanted: impl Fn(&optimist_codegen::PackShape) -> bool,
) {
    let reference = common::interpreter_hashes(f, spec);
    for threads in [1, 2] {
        let on = on_threads(f, spec, threads);
        assert!(
            on.decided.packs().iter().any(&wanted),
            "{what}: no micro-kernel"
        );
        assert_eq!(
            on.run,
            (optimist_codegen::Version::Optimized, reference.clone()),
            "{what} on {threads} threads"
        );
    }
}

/// A product over a triangle runs in native code's micro-kernel too: syrk's `j <= i`,
/// covariance's `j >= i` and a strict `j < i`, whose blocks pack what they read as they run
/// and whose blocks the diagonal or the edges cut (37 rows and columns, blocks of 4 x 4, a
/// reduction of 150 in tiles of 128) run on a copy of which only the triangle's elements
/// are stored: the interpreter's bits, on one thread and on two.
#[test]
fn a_triangular_products_micro_kernel_gives_the_interpreters_bits() {
    let args = ["n=37", "m=150", "alpha=1.5"];
    let args: Vec<&str> = args.iter().flat_map(|s| ["--set", s]).collect();
    let spec = RunSpec::parse_args(&args).unwrap();
    for (from, to) in [("0", "i + 1"), ("i", "n"), ("0", "i")] {
        let src = format!(
            "void tri(int n, int m, double alpha, double C[n][n], double A[n][m]) {{\n  for (int i = 0; i < n; i++)\n    for (int k = 0; k < m; k++)\n      for (int j = {from}; j < {to}; j++)\n        C[i][j] += alpha * A[i][k] * A[j][k];\n}}\n"
        );
        let f = frontend::parse_source("tri.c", &src, None, &FrontendConfig::default()).unwrap();
        micro_kernel_gives_the_interpreters_bits(
            &f,
            &spec,
            &format!("j from {from} to {to}"),
            |p| p.micro_kernel && !p.boxed && !p.upfront,
        );
    }
}

/// `NativeOptions::contract` compiles the contracted program (`Function::contracted`: every
/// floating `x * y + z` as `fma(x, y, z)`, rounded once), whose reference is the interpreter run
/// on that program: bit for bit, in `double` and `float`, on one thread and on two, in
/// Cranelift's 16-byte kernel (its loop fused, `fma.f64x2`) and the wide emitter's
/// (`vfmadd231`). The inputs make products round, so that the contracted program's bits differ from the
/// program's: asserted, so the fused code is what ran.
#[test]
fn a_contracted_program_gives_the_interpreters_bits() {
    use optimist::codegen::model_loop_report;
    let args = ["ni=13", "nj=37", "nk=150", "alpha=1.37"];
    let args: Vec<&str> = args.iter().flat_map(|s| ["--set", s]).collect();
    let spec = RunSpec::parse_args(&args).unwrap();
    for ty in ["double", "float"] {
        let src = format!(
            "void mm(int ni, int nj, int nk, {ty} alpha, {ty} C[ni][nj], {ty} A[ni][nk], {ty} B[nk][nj]) {{\n  for (int i = 0; i < ni; i++)\n    for (int k = 0; k < nk; k++)\n      for (int j = 0; j < nj; j++)\n        C[i][j] += alpha * A[i][k] * B[k][j];\n}}\n"
        );
        let f = frontend::parse_source("k.c", &src, None, &FrontendConfig::default()).unwrap();
        let contracted = f.contracted().unwrap();
        // Values whose products round (the generated ones are exact in `double`).
        let scramble = |w: &mut Workload| {
            for (b, buffer) in w.args.buffers.iter_mut().enumerate() {
                let mut x = 0.123_456_789_f64 + b as f64;
                let mut next = || {
                    x = (x * 3.987_654_321 + 0.314_159).fract();
                    0.5 + x
                };
                if ty == "double" {
                    for c in buffer.bytes.chunks_exact_mut(8) {
                        c.copy_from_slice(&next().to_ne_bytes());
                    }
                } else {
                    for c in buffer.bytes.chunks_exact_mut(4) {
                        c.copy_from_slice(&(next() as f32).to_ne_bytes());
                    }
                }
            }
        };
        let reference = |g: &optimist_scop::ir::Function| {
            let mut w = Workload::generate(g, &spec).unwrap();
            scramble(&mut w);
            interp::run(g, &mut w.args, &Default::default()).unwrap();
            w.args.buffers
        };
        let (want, unfused) = (reference(&contracted), reference(&f));
        assert_ne!(want, unfused, "{ty}: no product rounds");
        let host = optimist::NativeOptions::host_wide_bytes();
        for (threads, wide_bytes) in [(1, 0), (2, 0), (1, host), (2, host)] {
            let config = optimist::Config {
                native: optimist::NativeOptions {
                    threads,
                    contract: true,
                    pool: None,
                    wide_bytes,
                    ..Default::default()
                },
                ..Default::default()
            };
            let compiled = optimist::compile(&f, &config).unwrap();
            let plan = compiled.outcome.plan().expect("a plan");
            assert_eq!(compiled.kernel.function(), &contracted);
            let r = model_loop_report(&contracted, plan, &config.native).unwrap();
            let count = |op: &str| (0..=r.max_depth()).map(|d| r.count(d, op)).sum::<usize>();
            // On one thread (on two, the loops are in the function each thread runs).
            if threads == 1 && std::is_x86_feature_detected!("fma") {
                if wide_bytes == 0 {
                    assert!(count("fma.f64x2") + count("fma.f32x4") >= 4, "{ty}: {r:?}");
                } else {
                    // The wide kernel's, called from the loop around it.
                    assert!(count("call") >= 1, "{ty}: {r:?}");
                }
            }
            let mut w = Workload::generate(&f, &spec).unwrap();
            scramble(&mut w);
            assert_eq!(
                compiled.kernel.run(&mut w.args).unwrap(),
                optimist_codegen::Version::Optimized
            );
            assert!(
                w.args.buffers == want,
                "{ty} on {threads} threads, {wide_bytes}-byte vectors: not the contracted program's bits"
            );
        }
    }
}

/// A loop in lanes whose iterations threads share (no loop around on threads: a time loop's
/// sweeps) runs each thread's block of iterations in lanes, at sizes where it forks (a sweep of
/// 20011 points is above `fork_work`; blocks of odd lengths leave scalar remainders), in
/// `double` and `float`: the interpreter's bits, on two threads and three. Time tiles are off:
/// by default these rows run in time tiles of rows.
#[test]
fn lanes_shared_among_threads_give_the_interpreters_bits() {
    for (ty, f) in [("double", ""), ("float", "f")] {
        let src = format!(
            "void sweep(int tsteps, int n, {ty} A[n], {ty} B[n]) {{\n  for (int t = 0; t < tsteps; t++) {{\n    for (int i = 1; i < n - 1; i++)\n      B[i] = 0.33333{f} * (A[i - 1] + A[i] + A[i + 1]);\n    for (int i = 1; i < n - 1; i++)\n      A[i] = B[i] - 0.25{f} * (B[i - 1] - B[i + 1]);\n  }}\n}}\n"
        );
        let f = frontend::parse_source("k.c", &src, None, &FrontendConfig::default()).unwrap();
        let spec = RunSpec::parse_args(&["--set", "tsteps=3", "--set", "n=20011"]).unwrap();
        let reference = common::interpreter_hashes(&f, &spec);
        for threads in [2, 3] {
            let untiled = optimist::Strategy::Auto(optimist::loopy::AutoConfig {
                time_tiles: false,
                ..Default::default()
            });
            let on = on_threads_with(&f, &spec, threads, untiled);
            assert!(on.shown.contains("lanes of"), "{ty}: {}", on.shown);
            assert!(on.shown.contains("on threads"), "{ty}: {}", on.shown);
            assert_eq!(on.pool, Some(threads));
            assert_eq!(
                on.run,
                (optimist_codegen::Version::Optimized, reference.clone()),
                "{ty} on {threads} threads"
            );
        }
    }
}

/// Rows walked with scalars set at each row's start (a recursive filter's `p` and `q`): the
/// row loop runs on threads, each with its own copies of the scalars, in strips of rows side by
/// side, a copy per row (native code's outlined body keeps them on its stack; C lists the
/// scalars in `private` and declares `p_lanes`), above the fork bound, and gives the
/// interpreter's bits on 2 and 3 threads, and in C on OpenMP's two. 67 rows: four whole strips
/// and a short one.
#[test]
fn scalars_each_thread_owns_give_the_interpreters_bits() {
    let src = "void rows(int w, int h, float a, float X[w][h], float Y[w][h]) {\n  for (int i = 0; i < w; i++) {\n    float p = 0.0f;\n    float q = 0.0f;\n    for (int j = 0; j < h; j++) {\n      Y[i][j] = X[i][j] + a * p - 0.5f * q;\n      q = p;\n      p = Y[i][j];\n    }\n  }\n}\n";
    let f = frontend::parse_source("rows.c", src, None, &FrontendConfig::default()).unwrap();
    let spec =
        RunSpec::parse_args(&["--set", "w=67", "--set", "h=301", "--set", "a=0.75"]).unwrap();
    let reference = common::interpreter_hashes(&f, &spec);
    for threads in [2, 3] {
        let on = on_threads(&f, &spec, threads);
        assert!(
            on.shown.contains("// threads (own c")
                && on
                    .shown
                    .contains(", p, q), from 8192 instances, in strips of 16 side by side"),
            "{}",
            on.shown
        );
        assert_eq!(on.pool, Some(threads));
        assert_eq!(
            on.run,
            (optimist_codegen::Version::Optimized, reference.clone()),
            "{threads} threads"
        );
    }
    default_c_gives(&f, &spec, "rows_private", reference, |code| {
        assert!(
            code.contains(", p, q) if(") && code.contains("float p_lanes[16] = {0};"),
            "{code}"
        )
    });
}

/// Columns walked with scalars set at each column's start (deriche's column passes: the
/// parallel loop's iterations are neighbouring columns): the strips of 16 columns run their
/// statements in vectors across the strip (`f32x4`, `f64x2`: the elements along the strip are
/// contiguous, the scalars' copies too), a short strip one column at a time; with a `?:`,
/// `sqrt` and a division in `double`. On 1, 2 and 3 threads: the interpreter's bits. 67
/// columns: four whole strips and a short one.
#[test]
fn strips_of_columns_run_in_lanes_with_the_interpreters_bits() {
    let kernels = [
        (
            "float",
            "f32x4",
            "void cols(int w, int h, float a, float X[w][h], float Y[w][h]) {\n  for (int j = 0; j < h; j++) {\n    float p = 0.0f;\n    float q = 0.0f;\n    for (int i = 0; i < w; i++) {\n      Y[i][j] = X[i][j] + a * p - 0.5f * q;\n      q = p;\n      p = Y[i][j];\n    }\n  }\n}\n",
        ),
        (
            "double",
            "f64x2",
            "void cols(int w, int h, double a, double X[w][h], double Y[w][h]) {\n  for (int j = 0; j < h; j++) {\n    double p = 1.0;\n    double q = -0.5;\n    for (int i = 0; i < w; i++) {\n      Y[i][j] = p > q ? sqrt(p) + X[i][j] * a : X[i][j] / (q - 2.0);\n      q = -p;\n      p = Y[i][j] - a;\n    }\n  }\n}\n",
        ),
    ];
    for (ty, vector, src) in kernels {
        let f = frontend::parse_source("cols.c", src, None, &FrontendConfig::default()).unwrap();
        let spec =
            RunSpec::parse_args(&["--set", "w=41", "--set", "h=67", "--set", "a=0.75"]).unwrap();
        let reference = common::interpreter_hashes(&f, &spec);
        for threads in [1, 2, 3] {
            let on = on_threads(&f, &spec, threads);
            assert!(
                on.shown.contains("in strips of 16 side by side"),
                "{}",
                on.shown
            );
            assert_eq!(
                on.run,
                (optimist_codegen::Version::Optimized, reference.clone()),
                "{ty} on {threads} threads"
            );
        }
        // The strips' statements in vectors: the only vectors of this code.
        let r = loops_on_one_thread(&f);
        let mul = (0..=r.max_depth())
            .map(|d| r.count(d, &format!("fmul.{vector}")))
            .sum::<usize>();
        assert!(mul >= 16 / 4, "{ty}: {r:?}");
    }
}

/// A reduction kept in a register along a loop bounded from above (cholesky's
/// `A[i][j] -= A[i][k] * A[j][k]`, in tiles whose trip counts are odd and even) runs two
/// iterations per trip, then the one left: a block of the innermost loop holds two of the
/// statement's multiplies, and every size gives the interpreter's bits, on 1 and 2 threads.
#[test]
fn reductions_in_registers_run_in_pairs_with_the_interpreters_bits() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/suite/cholesky.c");
    let f = frontend::parse_file(&path, &FrontendConfig::default()).unwrap();
    for n in [1, 2, 5, 33, 70] {
        let spec = RunSpec::parse_args(&["--set", &format!("n={n}")]).unwrap();
        let reference = common::interpreter_hashes(&f, &spec);
        for threads in [1, 2] {
            let on = on_threads(&f, &spec, threads);
            assert!(
                on.shown.contains("1 element(s) in registers"),
                "{}",
                on.shown
            );
            assert_eq!(
                on.run,
                (optimist_codegen::Version::Optimized, reference.clone()),
                "n = {n} on {threads} threads"
            );
        }
    }
    let r = loops_on_one_thread(&f);
    let deepest = r.max_depth();
    assert!(
        r.blocks
            .iter()
            .any(|(d, ops)| *d == deepest && ops.iter().filter(|o| *o == "fmul").count() == 2),
        "{r:?}"
    );
}

/// ludcmp at a size whose waves of tiles fork (both of its tiled bands run as wavefronts, each
/// wave's tiles on threads): native code on 2 and 3 threads and the C on OpenMP's two give
/// the interpreter's bits.
#[test]
fn waves_of_two_bands_give_the_interpreters_bits() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/suite/ludcmp.c");
    let f = frontend::parse_file(&path, &FrontendConfig::default()).unwrap();
    let spec = RunSpec::parse_args(&["--set", "n=230"]).unwrap();
    let reference = common::interpreter_hashes(&f, &spec);
    for threads in [2, 3] {
        let on = on_threads(&f, &spec, threads);
        // The factorization's two wave loops, then the solve's.
        assert_eq!(
            on.shown.matches("threads (own c3, c4, c5, c6)").count(),
            2,
            "{}",
            on.shown
        );
        assert!(on.shown.contains("threads (own c4, c5)"), "{}", on.shown);
        assert_eq!(
            on.run,
            (optimist_codegen::Version::Optimized, reference.clone()),
            "{threads} threads"
        );
    }
    default_c_gives(&f, &spec, "ludcmp_waves", reference, |_| ());
}

/// `f` compiled for native code on `threads` threads, and what tests ask of it.
struct OnThreads {
    /// The decided tree.
    decided: optimist_codegen::Decided,
    /// The decided tree as `show ast` prints it.
    shown: String,
    /// The size of the kernel's pool.
    pool: Option<usize>,
    /// The version and hashes of a run.
    run: (optimist_codegen::Version, Vec<String>),
}

/// The operations of each loop of `f`'s optimized code, compiled by default on one thread.
fn loops_on_one_thread(f: &optimist_scop::ir::Function) -> optimist::codegen::LoopReport {
    let config = optimist::Config {
        native: optimist::NativeOptions {
            threads: 1,
            ..Default::default()
        },
        ..Default::default()
    };
    let compiled = optimist::compile(f, &config).unwrap();
    let plan = compiled.outcome.plan().expect("a plan");
    optimist::codegen::model_loop_report(f, plan, &config.native).unwrap()
}

fn on_threads(f: &optimist_scop::ir::Function, spec: &RunSpec, threads: usize) -> OnThreads {
    on_threads_with(f, spec, threads, optimist::Strategy::default())
}

/// [`on_threads`] with `strategy`.
fn on_threads_with(
    f: &optimist_scop::ir::Function,
    spec: &RunSpec,
    threads: usize,
    strategy: optimist::Strategy,
) -> OnThreads {
    let config = optimist::Config {
        native: optimist::NativeOptions {
            threads,
            ..Default::default()
        },
        ..optimist::Config::with(strategy)
    };
    let compiled = optimist::compile(f, &config).unwrap();
    let plan = compiled.outcome.plan().expect("a plan");
    let decided = plan.decide_native(&config.native);
    OnThreads {
        shown: decided.display(&plan.ast, &plan.scop),
        decided,
        pool: compiled.kernel.pool().map(|p| p.threads()),
        run: common::native_hashes(&compiled.kernel, f, spec),
    }
}

/// Rows of recurrences through an array, one per iteration of a parallel loop (adi's sweeps:
/// `p[i][j]` from `p[i][j - 1]` through a division, then a back substitution down a column),
/// run in strips of 16 rows side by side: each run of statements loops over the strip's rows,
/// and the values the rows' loops carried from one iteration to the next are given up (the
/// loop's body runs for every row of the strip). 37 rows: two whole strips and a short one. On 1
/// and 2 threads, every native configuration: the interpreter's bits.
#[test]
fn rows_in_strips_give_the_interpreters_bits() {
    let src = "void k(int n, double p[n][n], double q[n][n], double v[n][n]) {\n  for (int i = 0; i < n; i++) {\n    for (int j = 1; j < n - 1; j++) {\n      p[i][j] = 0.5 / (p[i][j - 1] + 2.0);\n      q[i][j] = q[i][j - 1] * 0.25 + p[i][j - 1] - p[i][j] + q[i][j + 1];\n    }\n    for (int j = n - 2; j >= 1; j--)\n      v[j][i] = p[i][j] * v[j + 1][i] + q[i][j];\n  }\n}\n";
    decided_alike_with_the_interpreters_bits(src, |shown| {
        shown.contains("in strips of 16 side by side") && !shown.contains("carried")
    });
}

/// Recurrences through an array (one of adi's sweeps: `p[j]` from `p[j - 1]`): the value an
/// iteration stores is the next one's read, kept in a register from one to the next (the store
/// still happens), read after the write in the same iteration too, beside a read one element
/// ahead (from memory) and in a loop that runs downwards. On 1 and 2 threads, every native
/// configuration: the interpreter's bits. (adi's rows themselves, one per iteration of a
/// parallel loop, run in strips side by side instead: `rows_in_strips_give_the_interpreters_bits`.)
#[test]
fn values_carried_to_the_next_iteration_give_the_interpreters_bits() {
    let src = "void k(int n, double p[n], double q[n], double v[n]) {\n  for (int j = 1; j < n - 1; j++) {\n    p[j] = 0.5 / (p[j - 1] + 2.0);\n    q[j] = q[j - 1] * 0.25 + p[j - 1] - p[j] + q[j + 1];\n  }\n  for (int j = n - 2; j >= 1; j--)\n    v[j] = p[j] * v[j + 1] + q[j];\n}\n";
    decided_alike_with_the_interpreters_bits(src, |shown| {
        shown.contains("// 2 value(s) carried to the next iteration")
            && shown.contains("// 1 value(s) carried to the next iteration")
    });
}

/// `src` (parameter `n`) at `n = 37`, on 1 and 2 threads: its decided tree as `show ast`
/// prints it passes `decided`, and it runs optimized with the interpreter's bits; then with
/// them in every native configuration.
fn decided_alike_with_the_interpreters_bits(src: &str, decided: impl Fn(&str) -> bool) {
    let f = frontend::parse_source("k.c", src, None, &FrontendConfig::default()).unwrap();
    let spec = RunSpec::parse_args(&["--set", "n=37"]).unwrap();
    let reference = common::interpreter_hashes(&f, &spec);
    for threads in [1, 2] {
        let on = on_threads(&f, &spec, threads);
        assert!(decided(&on.shown), "{threads} threads: {}", on.shown);
        assert_eq!(
            on.run,
            (optimist_codegen::Version::Optimized, reference.clone()),
            "{threads} threads"
        );
    }
    let outcome = optimist::optimize(&f, &optimist::Config::default()).unwrap();
    same_bits_in_every_configuration(&f, outcome.plan().unwrap(), &["--set", "n=37"]);
}
