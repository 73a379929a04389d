//! The C backend in the differential test: for every kernel of `corpus/` that can be modeled,
//! C generated from the model (original schedule and the automatic strategy's), compiled by
//! `cc -O1 -ffp-contract=off`, gives the interpreter's hashes bit for bit. And a snapshot of the
//! generated C.

use expect_test::expect;
use optimist_codegen::{Target, c_function, generate};
use optimist_scop::frontend::{self, FrontendConfig};
use optimist_scop::model::{Config, Scop};

mod common;

use common::{cc, corpus, hashes_of_c, interpreter_hashes, run_spec};

#[test]
fn generated_c_matches_the_interpreter_on_every_modelable_kernel() {
    let Some(cc) = cc() else {
        eprintln!("no C compiler: the C backend is not checked");
        return;
    };
    let (mut checked, mut failures) = (0, Vec::new());
    for path in corpus() {
        let name = common::kernel_name(&path);
        let f = frontend::parse_file(&path, &FrontendConfig::default()).unwrap();
        let Ok(scop) = Scop::build(&f, &Config::default()) else {
            continue;
        };
        // The original order and the automatic strategy's.
        let deps = optimist_scop::model::Dependences::compute(&scop, &Default::default()).unwrap();
        let auto = optimist_loopy::auto(&scop, &deps, &Default::default(), &Default::default())
            .unwrap_or_else(|e| panic!("{name}: {e}"))
            .schedule;
        for (order, schedule) in [("original", &scop.schedule), ("auto", &auto)] {
            let name = format!("{name}_{order}");
            let ast = generate(&scop, schedule).unwrap_or_else(|e| panic!("{name}: {e}"));
            let code = c_function(
                &f,
                &scop,
                &ast.decide(&scop, &Target::c(), &[]),
                Some("optimist_generated"),
            );
            let spec = run_spec(&path);
            let ours = interpreter_hashes(&f, &spec);
            let theirs = hashes_of_c(&cc, &name, &f, &spec, &code);
            if ours != theirs {
                failures.push(format!(
                    "{name}:\n  interpreter {ours:?}\n  generated C {theirs:?}\n{code}"
                ));
            }
            checked += 1;
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(checked >= 36, "only {checked} kernel schedules checked");
}

/// The versioned C program of every kernel (run-time check, optimized code, faithful fallback)
/// under the original order and the automatic strategy gives the interpreter's hashes, and
/// runs the version the native code runs (C cannot see the extent of a buffer, so where the
/// check needs one, C runs the fallback).
#[test]
fn versioned_c_matches_the_interpreter_and_the_native_version() {
    use optimist::{Config, Kernel, Strategy, Version};
    let Some(cc) = cc() else {
        eprintln!("no C compiler: the C backend is not checked");
        return;
    };
    let (mut optimized, mut failures) = (0, Vec::new());
    for path in corpus() {
        let name = common::kernel_name(&path);
        let f = frontend::parse_file(&path, &FrontendConfig::default()).unwrap();
        let spec = run_spec(&path);
        let ours = interpreter_hashes(&f, &spec);
        // The original order and the automatic strategy, with the passes on and off.
        let configs = [
            ("original", Config::with(Strategy::Original)),
            ("auto", Config::with(Strategy::default())),
            (
                "auto_no_passes",
                Config {
                    passes: Vec::new(),
                    ..Config::with(Strategy::default())
                },
            ),
        ];
        for (label, config) in configs {
            let name = format!("{name}_{label}");
            // One plan for both backends: the C as `compile_c` makes it, native code with the
            // configuration it uses; the plans must be the same, so the C runs the check the
            // native code runs.
            let config = optimist::config_for_c(&config);
            let outcome = optimist::optimize(&f, &config).unwrap();
            let (p, c_outcome) = optimist::compile_c(&f, &config, "optimist_generated").unwrap();
            let dump = |o: &optimist::Outcome| o.plan().map(|plan| plan.dump(&f));
            if dump(&outcome) != dump(&c_outcome) {
                failures.push(format!("{name}: the C back end got another plan"));
            }
            let (theirs, version) = common::versioned_c_run(&cc, &name, &f, &spec, &p.code);
            if ours != theirs {
                failures.push(format!(
                    "{name}:\n  interpreter {ours:?}\n  versioned C {theirs:?}"
                ));
            }
            let kernel = Kernel::compile(&f, outcome.plan()).unwrap();
            let mut w = optimist_scop::workload::Workload::generate(&f, &spec).unwrap();
            let native = kernel.run(&mut w.args).unwrap();
            let needs_extent = p
                .check
                .as_deref()
                .is_some_and(|c| c.contains("start(") || c.contains("end("));
            // A plan that adds nothing for C is the program's code alone (`as_written`).
            let expected = match native {
                Version::Optimized if !needs_extent && p.as_written.is_none() => "optimized",
                _ => "fallback",
            };
            if version != expected {
                failures.push(format!("{name}: C ran {version}, native code {native:?}"));
            }
            optimized += usize::from(version == "optimized");
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(
        optimized >= 30,
        "only {optimized} versioned programs ran optimized code"
    );
}

#[test]
fn generated_c_for_a_product() {
    let src = "void mm(int n, double C[n][n], double A[n][n], double B[n][n]) {\n  for (int i = 0; i < n; i++)\n    for (int j = 0; j < n; j++) {\n      C[i][j] = 0;\n      for (int k = 0; k < n; k++)\n        C[i][j] += A[i][k] * B[k][j];\n    }\n}\n";
    let f = frontend::parse_source("mm.c", src, None, &FrontendConfig::default()).unwrap();
    let scop = Scop::build(&f, &Config::default()).unwrap();
    let ast = generate(&scop, &scop.schedule).unwrap();
    expect![[r##"
        #ifndef OPTIMIST_PREAMBLE
        #define OPTIMIST_PREAMBLE
        #include <math.h>
        #include <stdlib.h>
        static inline long optimist_floord(long a, long b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }
        static inline long optimist_min(long a, long b) { return a < b ? a : b; }
        static inline long optimist_max(long a, long b) { return a > b ? a : b; }
        #if defined(__clang__)
        #define OPTIMIST_VECTOR _Pragma("clang loop vectorize(assume_safety)")
        #elif defined(__GNUC__)
        #define OPTIMIST_VECTOR _Pragma("GCC ivdep")
        #else
        #define OPTIMIST_VECTOR
        #endif
        #if !defined(OPTIMIST_POINT) && defined(__clang__)
        #define OPTIMIST_POINT _Pragma("clang loop unroll(disable)")
        #elif !defined(OPTIMIST_POINT)
        #define OPTIMIST_POINT
        #endif
        #if defined(_OPENMP)
        #include <omp.h>
        static inline long optimist_threads(void) { return omp_get_max_threads(); }
        static inline long optimist_thread(void) { return omp_get_thread_num(); }
        #define OPTIMIST_PARALLEL_VECTOR _Pragma("omp parallel for simd")
        #define OPTIMIST_SHARED_VECTOR _Pragma("omp for simd")
        #else
        static inline long optimist_threads(void) { return 1; }
        static inline long optimist_thread(void) { return 0; }
        #define OPTIMIST_PARALLEL_VECTOR OPTIMIST_VECTOR
        #define OPTIMIST_SHARED_VECTOR OPTIMIST_VECTOR
        #endif
        #endif
        void mm(int n, double C[n][n], double A[n][n], double B[n][n]) {
          long c0_, c1_, c2_;
          for (c0_ = 0L; (c0_ < (long)n); c0_ += 1) {
            for (c1_ = 0L; (c1_ < (long)n); c1_ += 1) {
              C[c0_][c1_] = (double){0};
              for (c2_ = 0L; (c2_ < (long)n); c2_ += 1) {
                C[c0_][c1_] = C[c0_][c1_] + A[c0_][c2_] * B[c2_][c1_];
              }
            }
          }
        }
    "##]].assert_eq(&c_function(&f, &scop, &ast.decide(&scop, &Target::c(), &[]), None));
}

/// Versioned C for Figure 9's kernel: the faithful function, the model, and the entry that
/// checks `n <= 127` with overflow detection.
#[test]
fn versioned_c_for_a_wrapping_subscript() {
    let src = "void wrap_index(int n, double A[256]) {\n  for (int i = 0; i < n; i++)\n    A[(unsigned char)(i + 129)] = A[i] + 1.0;\n}\n";
    let f = frontend::parse_source("wrap.c", src, None, &FrontendConfig::default()).unwrap();
    let mut config =
        optimist::Config::with(optimist::Strategy::Auto(optimist::loopy::AutoConfig {
            tile_size: 0,
            ..Default::default()
        }));
    // The program's order in order adds nothing for C; the versioned C is what is tested.
    config.target = Some(optimist::Target {
        as_written: false,
        ..optimist::Target::c()
    });
    let (p, _) = optimist::compile_c(&f, &config, "wrap_index").unwrap();
    expect![[r##"
        #ifndef OPTIMIST_PREAMBLE
        #define OPTIMIST_PREAMBLE
        #include <math.h>
        #include <stdlib.h>
        static inline long optimist_floord(long a, long b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }
        static inline long optimist_min(long a, long b) { return a < b ? a : b; }
        static inline long optimist_max(long a, long b) { return a > b ? a : b; }
        #if defined(__clang__)
        #define OPTIMIST_VECTOR _Pragma("clang loop vectorize(assume_safety)")
        #elif defined(__GNUC__)
        #define OPTIMIST_VECTOR _Pragma("GCC ivdep")
        #else
        #define OPTIMIST_VECTOR
        #endif
        #if !defined(OPTIMIST_POINT) && defined(__clang__)
        #define OPTIMIST_POINT _Pragma("clang loop unroll(disable)")
        #elif !defined(OPTIMIST_POINT)
        #define OPTIMIST_POINT
        #endif
        #if defined(_OPENMP)
        #include <omp.h>
        static inline long optimist_threads(void) { return omp_get_max_threads(); }
        static inline long optimist_thread(void) { return omp_get_thread_num(); }
        #define OPTIMIST_PARALLEL_VECTOR _Pragma("omp parallel for simd")
        #define OPTIMIST_SHARED_VECTOR _Pragma("omp for simd")
        #else
        static inline long optimist_threads(void) { return 1; }
        static inline long optimist_thread(void) { return 0; }
        #define OPTIMIST_PARALLEL_VECTOR OPTIMIST_VECTOR
        #define OPTIMIST_SHARED_VECTOR OPTIMIST_VECTOR
        #endif
        #endif
        int wrap_index_version;
        static void wrap_index_fallback(int n, double A[256]) {
          int i;
          for (i = 0; i < n; i++) {
            A[(unsigned char)(i + 129)] = A[i] + 1.0;
          }
        }
        #ifndef OPTIMIST_CHECK_HELPERS
        #define OPTIMIST_CHECK_HELPERS
        static inline long ck_add(long a, long b, int *o) { long r; *o |= __builtin_add_overflow(a, b, &r); return r; }
        static inline long ck_sub(long a, long b, int *o) { long r; *o |= __builtin_sub_overflow(a, b, &r); return r; }
        static inline long ck_mul(long a, long b, int *o) { long r; *o |= __builtin_mul_overflow(a, b, &r); return r; }
        static inline int ck_bad_div(long a, long b, int *o) { int bad = b == 0 || (b == -1 && a == (-9223372036854775807L - 1)); *o |= bad; return bad; }
        static inline long ck_div(long a, long b, int *o) { return ck_bad_div(a, b, o) ? 0 : a / b; }
        static inline long ck_rem(long a, long b, int *o) { return ck_bad_div(a, b, o) ? 0 : a % b; }
        static inline long ck_fdiv(long a, long b, int *o) { if (ck_bad_div(a, b, o)) return 0; long q = a / b, r = a % b; return q - (r != 0 && ((r < 0) != (b < 0))); }
        static inline long ck_sel(long c, long a, long b) { return c ? a : b; }
        static inline long ck_and(long a, long b) { return (a != 0) & (b != 0); }
        static inline long ck_or(long a, long b) { return (a != 0) | (b != 0); }
        #endif
        static void wrap_index_optimized(int n, double A[256]) {
          long c0_;
          for (c0_ = 0L; (c0_ < (long)n); c0_ += 1) {
            A[(c0_ + 129L)] = A[c0_] + 1.0;
          }
        }
        void wrap_index(int n, double A[256]) {
          int ovf = 0;
          long check = (long)((long)n <= 127L);
          if (!ovf && check) {
            wrap_index_version = 1;
            wrap_index_optimized(n, A);
          } else {
            wrap_index_version = 0;
            wrap_index_fallback(n, A);
          }
        }
    "##]]
    .assert_eq(&p.code);
}

/// The C carries the loop marks: `omp parallel for` on the parallel loop, with the counters of
/// the loops inside private to each thread (`-fopenmp` runs it on threads, other compilers
/// ignore it), and `OPTIMIST_VECTOR` (`GCC ivdep`, or clang's `vectorize(assume_safety)`) on
/// the vector loop. The differential test above compiles every versioned program with
/// `-fopenmp` on two threads.
#[test]
fn versioned_c_carries_the_parallel_and_vector_marks() {
    let src = "void scale(int n, int m, double A[n][m], double B[n][m]) {\n  for (int i = 0; i < n; i++)\n    for (int j = 0; j < m; j++)\n      B[i][j] = 2.0 * A[i][j] + 1.0;\n}\n";
    let f = frontend::parse_source("scale.c", src, None, &FrontendConfig::default()).unwrap();
    let (p, _) = optimist::compile_c(&f, &optimist::Config::default(), "scale").unwrap();
    let start = p.code.find("static void scale_optimized").unwrap();
    let end = start + p.code[start..].find("\n}\n").unwrap() + 3;
    expect![[r#"
        static void scale_optimized(int n, int m, double A[n][m], double B[n][m]) {
          long c0_, c1_;
          #pragma omp parallel for private(c1_) if(optimist_min((optimist_min(optimist_max((long)n, 0L), 1073741824L) * optimist_min(optimist_max((long)m, 0L), 1073741824L)), 1073741824L) >= 8192L)
          for (c0_ = 0L; c0_ < (long)n; c0_ += 1) {
            OPTIMIST_VECTOR
            for (c1_ = 0L; (c1_ < (long)m); c1_ += 1) {
              B[c0_][c1_] = 2.0 * A[c0_][c1_] + 1.0;
            }
          }
        }
    "#]]
    .assert_eq(&p.code[start..end]);
}

/// A loop marked jam around a vector loop is unrolled and jammed in the C too, as native code
/// runs it: four iterations of the product's `k` per iteration of `j` (`C[i][j]` updated four
/// times in a row, which the C compiler keeps in a register), then the remaining ones as
/// written, from where the groups of four stopped (a parallel loop's counter is undefined
/// after it). Sizes that leave a remainder give the interpreter's bits on two threads. (Without
/// register blocks, native code's schedule: with them, C keeps the product's block in
/// registers instead, `versioned_c_keeps_a_products_block_in_registers`.)
#[test]
fn versioned_c_unrolls_and_jams_like_native_code() {
    let Some(cc) = cc() else {
        eprintln!("no C compiler: the C backend is not checked");
        return;
    };
    let src = "void mm(int n, double C[n][n], double A[n][n], double B[n][n]) {\n  for (int i = 0; i < n; i++)\n    for (int k = 0; k < n; k++)\n      for (int j = 0; j < n; j++)\n        C[i][j] += A[i][k] * B[k][j];\n}\n";
    let f = frontend::parse_source("mm.c", src, None, &FrontendConfig::default()).unwrap();
    let config = optimist::Config {
        target: Some(optimist::Target {
            register_blocks: false,
            ..optimist::Target::c()
        }),
        ..Default::default()
    };
    let (p, _) = optimist::compile_c(&f, &config, "optimist_generated").unwrap();
    let copies = |k: &str| {
        p.code
            .lines()
            .filter(|l| l.trim_start().starts_with("C[") && l.contains(&format!("[({k} + 3L)]")))
            .count()
    };
    let jammed = ["c3_", "c4_", "c5_"].iter().any(|k| copies(k) == 1);
    assert!(jammed, "{}", p.code);
    assert!(p.code.contains("+= 4) {"), "{}", p.code);
    for n in ["n=37", "n=9", "n=3"] {
        let spec = optimist_scop::workload::RunSpec::parse_args(&["--set", n]).unwrap();
        let ours = interpreter_hashes(&f, &spec);
        let (theirs, version) = common::versioned_c_run(&cc, "mm_jam", &f, &spec, &p.code);
        assert_eq!((theirs, version.as_str()), (ours, "optimized"), "{n}");
    }
}

/// A vector loop with short loops inside (a 3x3 convolution's `dy, dx` inside `x`): the C has
/// them unrolled, the element the iteration sums into in a local stored once at its end, and
/// the weights read into locals before the loop, under the loop's own test (the C compiler
/// cannot keep either in a register across the stores otherwise: as far as it knows, `out`
/// may overlap `wt` and `in`; the run-time check proved they do not). The bits are the
/// interpreter's.
#[test]
fn versioned_c_keeps_a_vector_iteration_in_locals() {
    let src = "void conv(int h, int w, float in[h][w], float wt[3][3], float out[h][w]) {\n  for (int y = 1; y < h - 1; y++)\n    for (int x = 1; x < w - 1; x++) {\n      out[y][x] = 0.0f;\n      for (int dy = 0; dy < 3; dy++)\n        for (int dx = 0; dx < 3; dx++)\n          out[y][x] += wt[dy][dx] * in[y + dy - 1][x + dx - 1];\n    }\n}\n";
    let optimized = optimized_c_with_the_interpreters_bits(src, &["h=19", "w=45"]);
    expect![[r#"
        static void optimist_generated_optimized(int h, int w, float in[h][w], float wt[3][3], float out[h][w]) {
          long c0_, c1_, c3_, c4_;
          #pragma omp parallel for private(c1_, c3_, c4_) if(optimist_min((optimist_min(optimist_max((((long)h - 1L) - 1L), 0L), 1073741824L) * optimist_min((optimist_min(optimist_max((((long)w - 1L) - 1L), 0L), 1073741824L) * 10L), 1073741824L)), 1073741824L) >= 8192L)
          for (c0_ = 1L; c0_ < ((long)h - 1L); c0_ += 1) {
            c1_ = 1L;
            if ((c1_ < ((long)w - 1L))) {
              const float optimist_h0 = wt[0L][0L];
              const float optimist_h1 = wt[0L][1L];
              const float optimist_h2 = wt[0L][2L];
              const float optimist_h3 = wt[1L][0L];
              const float optimist_h4 = wt[1L][1L];
              const float optimist_h5 = wt[1L][2L];
              const float optimist_h6 = wt[2L][0L];
              const float optimist_h7 = wt[2L][1L];
              const float optimist_h8 = wt[2L][2L];
              OPTIMIST_VECTOR
              for (c1_ = 1L; (c1_ < ((long)w - 1L)); c1_ += 1) {
                float optimist_r0;
                optimist_r0 = (float){0.0f};
                optimist_r0 = optimist_r0 + optimist_h0 * in[(c0_ - 1L)][(c1_ - 1L)];
                optimist_r0 = optimist_r0 + optimist_h1 * in[(c0_ - 1L)][((c1_ + 1L) - 1L)];
                optimist_r0 = optimist_r0 + optimist_h2 * in[(c0_ - 1L)][((c1_ + 2L) - 1L)];
                optimist_r0 = optimist_r0 + optimist_h3 * in[((c0_ + 1L) - 1L)][(c1_ - 1L)];
                optimist_r0 = optimist_r0 + optimist_h4 * in[((c0_ + 1L) - 1L)][((c1_ + 1L) - 1L)];
                optimist_r0 = optimist_r0 + optimist_h5 * in[((c0_ + 1L) - 1L)][((c1_ + 2L) - 1L)];
                optimist_r0 = optimist_r0 + optimist_h6 * in[((c0_ + 2L) - 1L)][(c1_ - 1L)];
                optimist_r0 = optimist_r0 + optimist_h7 * in[((c0_ + 2L) - 1L)][((c1_ + 1L) - 1L)];
                optimist_r0 = optimist_r0 + optimist_h8 * in[((c0_ + 2L) - 1L)][((c1_ + 2L) - 1L)];
                out[c0_][c1_] = optimist_r0;
              }
            }
          }
        }
    "#]]
    .assert_eq(&optimized);
}

/// A product's element stays where it is along the reduction: the strategy gives its band
/// register blocks (4 rows by 16 columns of `double`, a reduction tile of 128), and the C
/// loads each whole block into a local array before the reduction loop, computes in it, and
/// stores it after; a block cut short by the edges runs the loops as written. The operand
/// along the columns (`B`) is packed per row tile into a buffer the kernel owns, 16 columns
/// per step of the reduction contiguous, where whole blocks read it. 37 columns and 150 steps
/// of the reduction give whole blocks, blocks cut short, a reduction tile cut short, and a
/// packed tile with a column block left out; the bits are the interpreter's.
#[test]
fn versioned_c_keeps_a_products_block_in_registers() {
    let src = "void mm(int ni, int nj, int nk, double C[ni][nj], double A[ni][nk], double B[nk][nj]) {\n  for (int i = 0; i < ni; i++)\n    for (int j = 0; j < nj; j++)\n      for (int k = 0; k < nk; k++)\n        C[i][j] += A[i][k] * B[k][j];\n}\n";
    let optimized = optimized_c_with_the_interpreters_bits(src, &["ni=10", "nj=37", "nk=150"]);
    expect![[r#"
        static void optimist_generated_optimized(int ni, int nj, int nk, double C[ni][nj], double A[ni][nk], double B[nk][nj]) {
          long c6_, c8_, c5_, c0_, c1_, c2_, c3_, c4_;
          const long optimist_buffers = optimist_threads(), optimist_buffer_bytes = 782336L;
          static char *optimist_kept_buffer;
          static long optimist_kept_bytes;
          static int optimist_kept_busy;
          char *optimist_buffer = 0;
          const int optimist_kept = !__atomic_exchange_n(&optimist_kept_busy, 1, __ATOMIC_ACQUIRE);
          if (optimist_kept) {
            if (optimist_kept_bytes < optimist_buffers * optimist_buffer_bytes) {
              free(optimist_kept_buffer);
              optimist_kept_buffer = (char *)calloc((size_t)optimist_buffers, (size_t)optimist_buffer_bytes);
              optimist_kept_bytes = optimist_kept_buffer ? optimist_buffers * optimist_buffer_bytes : 0;
            }
            optimist_buffer = optimist_kept_buffer;
          } else {
            optimist_buffer = (char *)calloc((size_t)optimist_buffers, (size_t)optimist_buffer_bytes);
          }
          #pragma omp parallel for private(c1_, c2_, c3_, c4_, c5_, c6_, c8_) if(optimist_min((optimist_min(optimist_max((optimist_floord(((long)ni - 1L), 252L) + 1L), 0L), 1073741824L) * optimist_min((optimist_min(optimist_max((optimist_floord(((long)nj - 1L), 512L) + 1L), 0L), 1073741824L) * optimist_min((optimist_min(optimist_max((optimist_floord(((long)nk - 1L), 128L) + 1L), 0L), 1073741824L) * optimist_min((optimist_min(optimist_max((optimist_min(41L, (((long)ni - 1L) / 6L)) + 1L), 0L), 1073741824L) * optimist_min((optimist_min(optimist_max((optimist_min(31L, (((long)nj - 1L) / 16L)) + 1L), 0L), 1073741824L) * optimist_min((optimist_min(optimist_max((optimist_min(((long)nk - 1L), 127L) + 1L), 0L), 1073741824L) * optimist_min((optimist_min(optimist_max((optimist_min(((long)ni - 1L), 5L) + 1L), 0L), 1073741824L) * optimist_min(optimist_max((optimist_min(((long)nj - 1L), 15L) + 1L), 0L), 1073741824L)), 1073741824L)), 1073741824L)), 1073741824L)), 1073741824L)), 1073741824L)), 1073741824L)), 1073741824L) >= 8192L)
          for (c0_ = 0L; c0_ < (optimist_floord(((long)ni - 1L), 252L) + 1L); c0_ += 1) {
            for (c1_ = 0L; (c1_ <= optimist_floord(((long)nj - 1L), 512L)); c1_ += 1) {
              for (c2_ = 0L; (c2_ <= optimist_floord(((long)nk - 1L), 128L)); c2_ += 1) {
                {
                  double *optimist_pack = optimist_buffer && optimist_thread() < optimist_buffers ? (double *)(optimist_buffer + optimist_thread() * optimist_buffer_bytes) : 0;
                  c3_ = (42L * c0_);
                  if (optimist_pack && (c3_ <= optimist_min(((42L * c0_) + 41L), (((long)ni - 1L) / 6L))))
                    for (c4_ = (32L * c1_); (c4_ <= optimist_min(((32L * c1_) + 31L), (((long)nj - 1L) / 16L))); c4_ += 1)
                      for (c5_ = (128L * c2_); (c5_ <= optimist_min(((long)nk - 1L), ((128L * c2_) + 127L))); c5_ += 1)
                        for (c8_ = (16L * c4_); c8_ < (16L * c4_) + 16L; c8_ += 1)
                          optimist_pack[((c4_ - (32L * c1_)) * 128L + (c5_ - (128L * c2_))) * 16L + (c8_ - ((16L * c4_)))] = c8_ < (optimist_min(((long)nj - 1L), ((16L * c4_) + 15L)) + 1L) ? B[c5_][c8_] : 0;
                  if (optimist_pack && (c4_ = (32L * c1_), (c4_ <= optimist_min(((32L * c1_) + 31L), (((long)nj - 1L) / 16L))))) for (c3_ = (42L * c0_); (c3_ <= optimist_min(((42L * c0_) + 41L), (((long)ni - 1L) / 6L))); c3_ += 1)
                    for (c5_ = (128L * c2_); (c5_ <= optimist_min(((long)nk - 1L), ((128L * c2_) + 127L))); c5_ += 1)
                      for (c6_ = (6L * c3_); c6_ < (6L * c3_) + 6L; c6_ += 1)
                        optimist_pack[65536L + ((c3_ - (42L * c0_)) * 128L + (c5_ - (128L * c2_))) * 6L + (c6_ - (6L * c3_))] = c6_ < (optimist_min(((long)ni - 1L), ((6L * c3_) + 5L)) + 1L) ? A[c6_][c5_] : 0;
                  for (c3_ = (42L * c0_); (c3_ <= optimist_min(((42L * c0_) + 41L), (((long)ni - 1L) / 6L))); c3_ += 1) {
                    for (c4_ = (32L * c1_); (c4_ <= optimist_min(((32L * c1_) + 31L), (((long)nj - 1L) / 16L))); c4_ += 1) {
                      if (optimist_pack) {
                        const long optimist_b0 = (6L * c3_), optimist_b1 = (16L * c4_);
                        const long optimist_r0 = (6L * c3_), optimist_r1 = (optimist_min(((long)ni - 1L), ((6L * c3_) + 5L)) + 1L);
                        const int optimist_whole = (((optimist_min(((long)ni - 1L), ((6L * c3_) + 5L)) + 1L) == ((6L * c3_) + 6L)) && ((optimist_min(((long)nj - 1L), ((16L * c4_) + 15L)) + 1L) == ((16L * c4_) + 16L)));
                        double optimist_t[6][16], *optimist_c = &optimist_t[0][0];
                        long optimist_ldc = 16L;
                        if (optimist_whole) {
                          c6_ = optimist_b0;
                          c8_ = optimist_b1;
                          optimist_c = &C[c6_][c8_];
                          c6_ = optimist_b0 + 1;
                          optimist_ldc = &C[c6_][c8_] - optimist_c;
                        } else {
                          __builtin_memset(optimist_t, 0, sizeof optimist_t);
                          for (c6_ = optimist_r0; c6_ < optimist_r1; c6_ += 1)
                            for (c8_ = (16L * c4_); c8_ < (optimist_min(((long)nj - 1L), ((16L * c4_) + 15L)) + 1L); c8_ += 1)
                              optimist_t[c6_ - optimist_b0][c8_ - optimist_b1] = C[c6_][c8_];
                        }
                        optimist_generated_optimized_block0((optimist_min(((long)nk - 1L), ((128L * c2_) + 127L)) + 1L) - (128L * c2_), optimist_pack + 65536L + (c3_ - (42L * c0_)) * 768L, optimist_pack + (c4_ - (32L * c1_)) * 2048L, optimist_c, optimist_ldc);
                        if (!optimist_whole)
                          for (c6_ = optimist_r0; c6_ < optimist_r1; c6_ += 1)
                            for (c8_ = (16L * c4_); c8_ < (optimist_min(((long)nj - 1L), ((16L * c4_) + 15L)) + 1L); c8_ += 1)
                              C[c6_][c8_] = optimist_t[c6_ - optimist_b0][c8_ - optimist_b1];
                      } else {
                        for (c5_ = (128L * c2_); (c5_ <= optimist_min(((long)nk - 1L), ((128L * c2_) + 127L))); c5_ += 1) {
                          for (c6_ = (6L * c3_); (c6_ <= optimist_min(((long)ni - 1L), ((6L * c3_) + 5L))); c6_ += 1) {
                            OPTIMIST_VECTOR
                            OPTIMIST_POINT
                            for (c8_ = (16L * c4_); (c8_ <= optimist_min(((long)nj - 1L), ((16L * c4_) + 15L))); c8_ += 1) {
                              C[c6_][c8_] = C[c6_][c8_] + A[c6_][c5_] * B[c5_][c8_];
                            }
                          }
                        }
                      }
                    }
                  }
                }
              }
            }
          }
          if (optimist_kept) __atomic_store_n(&optimist_kept_busy, 0, __ATOMIC_RELEASE);
          else free(optimist_buffer);
        }
    "#]]
    .assert_eq(&optimized);
}

/// A product over a triangle is register-blocked in C and runs in the micro-kernel: the rows'
/// and the columns' bounds depend on each other (syrk's `j <= i`, covariance's `j >= i`, and
/// a strict one), the blocks pack what they read as they run, a block the diagonal cuts runs
/// on a local copy of which only the triangle's elements are copied back, and the bits are
/// the interpreter's (sizes that leave blocks cut by the edges too: 37 rows and columns, a
/// reduction of 150 in tiles of 128). A product whose reduction's bounds depend on the rows
/// (symm's `k < i`) is not blocked: a block's reduction would differ from row to row.
#[test]
fn a_triangular_product_runs_in_the_micro_kernel_with_the_interpreters_bits() {
    let triangles = [
        ("j <= i", "0", "i + 1"),
        ("j >= i", "i", "n"),
        ("j < i", "0", "i"),
    ];
    let args: Vec<&str> = ["n=37", "m=150", "alpha=1.5"]
        .iter()
        .flat_map(|s| ["--set", s])
        .collect();
    let spec = optimist_scop::workload::RunSpec::parse_args(&args).unwrap();
    for (what, from, to) in triangles {
        let src = format!(
            "void tri(int n, int m, double alpha, double C[n][n], double A[n][m]) {{\n  for (int i = 0; i < n; i++)\n    for (int k = 0; k < m; k++)\n      for (int j = {from}; j < {to}; j++)\n        C[i][j] += alpha * A[i][k] * A[j][k];\n}}\n"
        );
        let f = frontend::parse_source("tri.c", &src, None, &FrontendConfig::default()).unwrap();
        let (p, outcome) =
            optimist::compile_c(&f, &optimist::Config::default(), "optimist_generated").unwrap();
        let plan = outcome.plan().unwrap();
        assert!(
            !plan.marks.registers.is_empty(),
            "{what}: {}",
            plan.transformation
        );
        assert!(
            p.code.contains("optimist_generated_optimized_block0(")
                && p.code.contains("optimist_whole"),
            "{what}: no micro-kernel\n{}",
            p.code
        );
        if let Some(cc) = cc() {
            let reference = interpreter_hashes(&f, &spec);
            let (hashes, version) = common::versioned_c_run(&cc, "k", &f, &spec, &p.code);
            assert_eq!(
                (version.as_str(), hashes),
                ("optimized", reference),
                "{what}"
            );
        }
    }
    let symm = "void symm(int m, int n, double alpha, double C[m][n], double A[m][m], double B[m][n]) {\n  for (int i = 0; i < m; i++)\n    for (int j = 0; j < n; j++)\n      for (int k = 0; k < i; k++)\n        C[k][j] += alpha * B[i][j] * A[i][k];\n}\n";
    let f = frontend::parse_source("symm.c", symm, None, &FrontendConfig::default()).unwrap();
    let (_, outcome) =
        optimist::compile_c(&f, &optimist::Config::default(), "optimist_generated").unwrap();
    let plan = outcome.plan().unwrap();
    assert!(plan.marks.registers.is_empty(), "{}", plan.transformation);
}

/// A stencil's sweeps inside its time loop carry no dependence: each runs in lanes and on
/// threads. The C opens one parallel region around the time loop, which every thread runs,
/// and the sweeps share their iterations (`omp for simd`, whose end every thread waits for):
/// the threads are started once, not twice per time step. The bits are the interpreter's
/// (the differential tests compile with `-fopenmp` and run on two threads). Time tiles are
/// off: by default this stencil's rows run in time tiles of rows
/// (`driver.rs`, `a_one_dimensional_stencil_runs_in_time_tiles_of_rows`).
#[test]
fn versioned_c_runs_a_time_loop_in_one_parallel_region() {
    let src = "void jacobi(int tsteps, int n, double A[n], double B[n]) {\n  for (int t = 0; t < tsteps; t++) {\n    for (int i = 1; i < n - 1; i++)\n      B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);\n    for (int i = 1; i < n - 1; i++)\n      A[i] = 0.33333 * (B[i - 1] + B[i] + B[i + 1]);\n  }\n}\n";
    let config = optimist::Config::with(optimist::Strategy::Auto(optimist::loopy::AutoConfig {
        time_tiles: false,
        ..Default::default()
    }));
    let optimized = optimized_c_of(src, &["tsteps=7", "n=53"], &config);
    expect![[r#"
        static void optimist_generated_optimized(int tsteps, int n, double A[n], double B[n]) {
          long c0_, c2_;
          #pragma omp parallel private(c0_, c2_) if(optimist_min((optimist_min(optimist_max((((long)n - 1L) - 1L), 0L), 1073741824L) + optimist_min(optimist_max((((long)n - 1L) - 1L), 0L), 1073741824L)), 1073741824L) >= 8192L)
          for (c0_ = 0L; (c0_ < (long)tsteps); c0_ += 1) {
            OPTIMIST_SHARED_VECTOR
            for (c2_ = 1L; c2_ < ((long)n - 1L); c2_ += 1) {
              B[c2_] = 0.33333 * (A[(c2_ - 1L)] + A[c2_] + A[(c2_ + 1L)]);
            }
            OPTIMIST_SHARED_VECTOR
            for (c2_ = 1L; c2_ < ((long)n - 1L); c2_ += 1) {
              A[c2_] = 0.33333 * (B[(c2_ - 1L)] + B[c2_] + B[(c2_ + 1L)]);
            }
          }
        }
    "#]]
    .assert_eq(&optimized);
}

/// A recurrence down the columns of an image (deriche's column pass: `y[i][j]` from the
/// scalars `ym1`, `ym2` carried along `i`, one column per iteration of the parallel loop over
/// `j`) runs in strips of 16 columns side by side: each scalar has a copy per column of the
/// strip, and each run of statements is a loop over the strip's columns, consecutive elements of
/// a row, which the compiler runs in lanes. 37 columns are two whole strips and a short one;
/// the bits are the interpreter's.
#[test]
fn versioned_c_runs_column_recurrences_in_strips_side_by_side() {
    let src = "void cols(int w, int h, float x[w][h], float y[w][h]) {\n  for (int j = 0; j < h; j++) {\n    float ym1 = 0.0f;\n    float ym2 = 0.0f;\n    for (int i = 0; i < w; i++) {\n      y[i][j] = 0.5f * x[i][j] + 0.25f * ym1 - 0.125f * ym2;\n      ym2 = ym1;\n      ym1 = y[i][j];\n    }\n  }\n}\n";
    let optimized = optimized_c_with_the_interpreters_bits(src, &["w=23", "h=37"]);
    expect![[r#"
        static void optimist_generated_optimized(int w, int h, float x[w][h], float y[w][h]) {
          float ym1;
          float ym2;
          long c0_, c2_;
          #pragma omp parallel for private(c0_, c2_, ym1, ym2) if(optimist_min((optimist_min(optimist_max((long)h, 0L), 1073741824L) * optimist_min((2L + optimist_min((optimist_min(optimist_max((long)w, 0L), 1073741824L) * 3L), 1073741824L)), 1073741824L)), 1073741824L) >= 8192L)
          for (long optimist_s = 0L; optimist_s < (long)h; optimist_s += 16) {
            long optimist_lanes = optimist_min(16L, (long)h - optimist_s);
            float ym1_lanes[16] = {0};
            float ym2_lanes[16] = {0};
            OPTIMIST_VECTOR
            for (long optimist_l = 0; optimist_l < optimist_lanes; optimist_l++) {
              c0_ = optimist_s + optimist_l;
              ym1 = ym1_lanes[optimist_l];
              ym2 = ym2_lanes[optimist_l];
              ym1 = (float){0.0f};
              ym2 = (float){0.0f};
              ym1_lanes[optimist_l] = ym1;
              ym2_lanes[optimist_l] = ym2;
            }
            for (c2_ = 0L; (c2_ < (long)w); c2_ += 1) {
              OPTIMIST_VECTOR
              for (long optimist_l = 0; optimist_l < optimist_lanes; optimist_l++) {
                c0_ = optimist_s + optimist_l;
                ym1 = ym1_lanes[optimist_l];
                ym2 = ym2_lanes[optimist_l];
                y[c2_][c0_] = 0.5f * x[c2_][c0_] + 0.25f * ym1 - 0.125f * ym2;
                ym2 = ym1;
                ym1 = y[c2_][c0_];
                ym1_lanes[optimist_l] = ym1;
                ym2_lanes[optimist_l] = ym2;
              }
            }
          }
        }
    "#]]
    .assert_eq(&optimized);
}

/// A recurrence along each row through an array (adi's sweeps: `p[i][j]` from `p[i][j - 1]`
/// through a division, one row per iteration of the parallel loop over `i`) runs in strips of
/// 16 rows side by side: each run of statements is a loop over the strip's rows, so 16 chains
/// of divisions overlap where one waited for the other. 38 rows are two whole strips and a
/// short one; the bits are the interpreter's. Tiling is off (isl's tiles would cut the rows
/// into 32 columns; adi's dependences are too many for its scheduler, and keep the rows).
#[test]
fn versioned_c_runs_row_recurrences_in_strips_side_by_side() {
    let src = "void rows(int n, double p[n][n], double q[n][n]) {\n  for (int i = 1; i < n - 1; i++) {\n    p[i][0] = 0.0;\n    for (int j = 1; j < n; j++)\n      p[i][j] = -0.5 / (0.25 * p[i][j - 1] + q[i][j] + 2.0);\n  }\n}\n";
    let config = optimist::Config::with(optimist::Strategy::Auto(optimist::loopy::AutoConfig {
        tile_size: 0,
        ..Default::default()
    }));
    let optimized = optimized_c_of(src, &["n=40"], &config);
    expect![[r#"
        static void optimist_generated_optimized(int n, double p[n][n], double q[n][n]) {
          long c0_, c2_;
          #pragma omp parallel for private(c0_, c2_) if(optimist_min((optimist_min(optimist_max((((long)n - 1L) - 1L), 0L), 1073741824L) * optimist_min((1L + optimist_min(optimist_max(((long)n - 1L), 0L), 1073741824L)), 1073741824L)), 1073741824L) >= 8192L)
          for (long optimist_s = 1L; optimist_s < ((long)n - 1L); optimist_s += 16) {
            long optimist_lanes = optimist_min(16L, ((long)n - 1L) - optimist_s);
            OPTIMIST_VECTOR
            for (long optimist_l = 0; optimist_l < optimist_lanes; optimist_l++) {
              c0_ = optimist_s + optimist_l;
              p[c0_][0L] = (double){0.0};
            }
            for (c2_ = 1L; (c2_ < (long)n); c2_ += 1) {
              OPTIMIST_VECTOR
              for (long optimist_l = 0; optimist_l < optimist_lanes; optimist_l++) {
                c0_ = optimist_s + optimist_l;
                p[c0_][c2_] = -0.5 / (0.25 * p[c0_][(c2_ - 1L)] + q[c0_][c2_] + 2.0);
              }
            }
          }
        }
    "#]]
    .assert_eq(&optimized);
}

/// The optimized function of `src`'s versioned C (the default strategy), after checking,
/// where a C compiler is present, that the program runs it with the interpreter's bits on the
/// parameters `sets` (`name=value`).
fn optimized_c_with_the_interpreters_bits(src: &str, sets: &[&str]) -> String {
    optimized_c_of(src, sets, &optimist::Config::default())
}

/// [`optimized_c_with_the_interpreters_bits`] with `config`.
fn optimized_c_of(src: &str, sets: &[&str], config: &optimist::Config) -> String {
    let f = frontend::parse_source("k.c", src, None, &FrontendConfig::default()).unwrap();
    let (p, _) = optimist::compile_c(&f, config, "optimist_generated").unwrap();
    if let Some(cc) = cc() {
        let args: Vec<&str> = sets.iter().flat_map(|s| ["--set", s]).collect();
        let spec = optimist_scop::workload::RunSpec::parse_args(&args).unwrap();
        let reference = interpreter_hashes(&f, &spec);
        let (hashes, version) = common::versioned_c_run(&cc, "k", &f, &spec, &p.code);
        assert_eq!((version.as_str(), hashes), ("optimized", reference));
    }
    let start = p
        .code
        .find("static void optimist_generated_optimized")
        .unwrap();
    let end = start + p.code[start..].find("\n}\n").unwrap() + 3;
    p.code[start..end].to_string()
}

/// A product whose statement is the element plus a product of the packed operand and a factor
/// of the rows runs in the micro-kernel: the factor (`alpha * A[i][k]`) and the operand are
/// packed, blocks of 6 x 16 are held in vectors across the reduction, and the blocks cut short
/// by the edges (13 rows, 37 columns, a reduction of 150: a tile of 128 and one of 22) run in
/// a padded local copy. Every order of the operands, in `double` and in `float`, through the
/// vector extensions and through the plain C that other compilers get
/// (`OPTIMIST_NO_VECTOR_EXTENSIONS`), gives the interpreter's bits.
#[test]
fn a_products_micro_kernel_gives_the_interpreters_bits() {
    let Some(cc) = cc() else { return };
    let statements = [
        "C[i][j] += alpha * A[i][k] * B[k][j];",
        "C[i][j] = C[i][j] + B[k][j] * (alpha * A[i][k]);",
        "C[i][j] = alpha * A[i][k] * B[k][j] + C[i][j];",
        "C[i][j] = B[k][j] * A[i][k] + C[i][j];",
    ];
    let args: Vec<&str> = ["ni=13", "nj=37", "nk=150", "alpha=1.5"]
        .iter()
        .flat_map(|s| ["--set", s])
        .collect();
    let spec = optimist_scop::workload::RunSpec::parse_args(&args).unwrap();
    for ty in ["double", "float"] {
        for s in statements {
            let src = format!(
                "void mm(int ni, int nj, int nk, {ty} alpha, {ty} C[ni][nj], {ty} A[ni][nk], {ty} B[nk][nj]) {{\n  for (int i = 0; i < ni; i++)\n    for (int k = 0; k < nk; k++)\n      for (int j = 0; j < nj; j++)\n        {s}\n}}\n"
            );
            let f = frontend::parse_source("k.c", &src, None, &FrontendConfig::default()).unwrap();
            let (p, _) =
                optimist::compile_c(&f, &optimist::Config::default(), "optimist_generated")
                    .unwrap();
            assert!(
                p.code.contains("optimist_generated_optimized_block0("),
                "{ty} {s}: no micro-kernel\n{}",
                p.code
            );
            let reference = interpreter_hashes(&f, &spec);
            for code in [
                p.code.clone(),
                format!("#define OPTIMIST_NO_VECTOR_EXTENSIONS 1\n{}", p.code),
            ] {
                let (hashes, version) = common::versioned_c_run(&cc, "k", &f, &spec, &code);
                assert_eq!(
                    (version.as_str(), hashes),
                    ("optimized", reference.clone()),
                    "{ty} {s}"
                );
            }
        }
    }
}

/// Block-local arrays of one name (two loops that each declare `float b[4][4]`, a local `b`
/// beside a parameter `b`) are declared at the top of both the faithful and the optimized C
/// function: every declaration gets a distinct name (`Function::c_names`), with and without
/// the passes that remove temporaries, and the optimized version is what runs, natively and
/// in C, with the interpreter's bits.
#[test]
fn block_local_arrays_of_one_name_compile_on_the_optimized_path() {
    let src = "void twice(int n, float a[n][n], float c[n][n]) {
  for (int t = 0; t < 2; t++) {
    float b[4][4];
    for (int i = 0; i < 4; i++)
      for (int j = 0; j < 4; j++)
        b[i][j] = a[i][j] * 2.0f;
    for (int i = 0; i < 4; i++)
      for (int j = 0; j < 4; j++)
        c[i][j] += b[i][j];
  }
  for (int t = 0; t < 2; t++) {
    float b[4][4];
    for (int i = 0; i < 4; i++)
      for (int j = 0; j < 4; j++)
        b[i][j] = c[i][j] + 1.0f;
    for (int i = 0; i < 4; i++)
      for (int j = 0; j < 4; j++)
        a[i][j] = b[i][j] + b[3 - i][j];
  }
}
void shadow(int n, float b[n], float c[n]) {
  for (int t = 0; t < 3; t++) {
    float b[8];
    for (int i = 0; i < 8; i++)
      b[i] = c[i] * 2.0f;
    for (int i = 0; i < 8; i++)
      c[i] += b[7 - i];
  }
  for (int i = 0; i < n; i++)
    b[i] = c[i % 8];
}
";
    let mut failures = Vec::new();
    for (function, sets) in [("twice", &["n=6"][..]), ("shadow", &["n=20"][..])] {
        let fc = FrontendConfig {
            function: Some(function.to_string()),
            ..Default::default()
        };
        let f = frontend::parse_source("block_local.c", src, None, &fc).unwrap();
        let args: Vec<String> = sets
            .iter()
            .flat_map(|s| ["--set".to_string(), s.to_string()])
            .collect();
        let spec = optimist_scop::workload::RunSpec::parse_args(&args).unwrap();
        let reference = interpreter_hashes(&f, &spec);
        for passes in [Vec::new(), optimist::Config::default().passes] {
            let config = optimist::Config {
                passes: passes.clone(),
                ..Default::default()
            };
            let name = format!("{function}_{}", passes.len());
            let compiled = optimist::compile(&f, &config).unwrap();
            assert!(compiled.outcome.plan().is_some(), "{name}: not optimized");
            common::check_optimized(&name, &f, &spec, &compiled, &reference, &mut failures);
            // The C as `optimist c` prints it (planned for C), compiled alone by every C
            // compiler at hand with default flags.
            let (program, _) = optimist::compile_c(&f, &config, function).unwrap();
            let optimized = program
                .code
                .split(&format!("{function}_optimized("))
                .nth(1)
                .unwrap();
            if passes.is_empty() {
                assert!(
                    optimized.contains("float b[") && optimized.contains("float b_"),
                    "{name}: {optimized}"
                );
            }
            for cc in common::c_compilers() {
                if let Err(e) = common::compiles(&cc, &program.code) {
                    failures.push(format!("{name}: {cc}: {e}"));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

/// The versioned C of every kernel of the corpus and of the suite, as `optimist c` prints it
/// (planned for C), compiles with every C compiler at hand (gcc, clang) at its default flags,
/// and so does the faithful-only C of the kernels that have no plan.
#[test]
fn versioned_c_of_every_kernel_compiles_with_gcc_and_clang() {
    let compilers = common::c_compilers();
    if compilers.is_empty() {
        eprintln!("no C compiler: not checked");
        return;
    }
    let mut files = corpus();
    files.extend(common::kernels_in("suite"));
    let mut failures = Vec::new();
    let check = |path: &std::path::PathBuf| -> Vec<String> {
        let name = common::kernel_name(path);
        let f = frontend::parse_file(path, &FrontendConfig::default()).unwrap();
        let (program, _) = optimist::compile_c(&f, &optimist::Config::default(), &f.name)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        compilers
            .iter()
            .filter_map(|cc| {
                common::compiles(cc, &program.code)
                    .err()
                    .map(|e| format!("{name}: {cc}: {e}"))
            })
            .collect()
    };
    // Two at a time.
    let (even, odd): (Vec<_>, Vec<_>) = files.iter().enumerate().partition(|(k, _)| k % 2 == 0);
    std::thread::scope(|s| {
        let other = s.spawn(|| odd.iter().flat_map(|(_, p)| check(p)).collect::<Vec<_>>());
        failures.extend(even.iter().flat_map(|(_, p)| check(p)));
        failures.extend(other.join().unwrap());
    });
    assert!(failures.is_empty(), "{failures:#?}");
    assert!(files.len() >= 90, "{} kernels", files.len());
}

/// The innermost loop of a tile that writes along itself is marked `OPTIMIST_POINT` (clang:
/// `unroll(disable)`), a loop that writes across itself is not: clang unrolled the first
/// completely and packed the copies with gathers (a transpose's sum in tiles of 16: 13.3 ms
/// against 6.5 as written, 3.0 marked), while the second, unrolled, leaves the loop around it
/// writing along itself. Each program's bits, through every C compiler at hand, are the
/// interpreter's.
#[test]
fn a_tiles_innermost_loop_that_writes_along_itself_is_kept_rolled_for_clang() {
    let along = "void sym(float aa[256][256], float bb[256][256], float cc[256][256]) {\n  for (int i = 0; i < 256; i++)\n    for (int j = 0; j < 256; j++)\n      aa[i][j] = bb[i][j] + bb[j][i] + cc[i][j];\n}\n";
    let across = "void perm(float X[48][48][48], float Y[48][48][48]) {\n  for (int j = 0; j < 48; j++)\n    for (int k = 0; k < 48; k++)\n      for (int i = 0; i < 48; i++)\n        X[i][j][k] += Y[k][j][i];\n}\n";
    // The line before each innermost loop of the optimized function.
    let before_innermost = |src: &str| -> Vec<String> {
        let code = optimized_c_of(src, &[], &optimist::Config::default());
        let lines: Vec<&str> = code.lines().collect();
        (1..lines.len())
            .filter(|&k| {
                lines[k].trim_start().starts_with("for (")
                    && lines.get(k + 1).is_some_and(|l| {
                        let l = l.trim_start();
                        !l.starts_with("for (") && !l.starts_with("OPTIMIST_")
                    })
            })
            .map(|k| lines[k - 1].trim().to_string())
            .collect()
    };
    let marked = before_innermost(along);
    assert!(
        !marked.is_empty() && marked.iter().all(|l| l == "OPTIMIST_POINT"),
        "{marked:?}"
    );
    let unmarked = before_innermost(across);
    assert!(
        !unmarked.is_empty() && unmarked.iter().all(|l| l != "OPTIMIST_POINT"),
        "{unmarked:?}"
    );
    // The tiles ran: the loops were restructured (a tile's start moves).
    for src in [along, across] {
        let f = frontend::parse_source("k.c", src, None, &FrontendConfig::default()).unwrap();
        let (p, _) =
            optimist::compile_c(&f, &optimist::Config::default(), "optimist_generated").unwrap();
        for cc in common::c_compilers() {
            let spec = optimist_scop::workload::RunSpec::parse_args::<&str>(&[]).unwrap();
            let (hashes, version) = common::versioned_c_run(&cc, "k", &f, &spec, &p.code);
            assert_eq!(
                (version.as_str(), hashes),
                ("optimized", interpreter_hashes(&f, &spec)),
                "{cc}"
            );
        }
    }
}
