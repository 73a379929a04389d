//! The automatic strategy on every modelable kernel of the corpus.

use optimist_loopy::{AutoConfig, Decision, Target, auto, verify, verify_marks};
use optimist_scop::frontend::{self, FrontendConfig};
use optimist_scop::model::{Dependences, Scop};

mod common;

use common::{corpus, suite};

#[test]
fn auto_schedules_every_modelable_kernel() {
    let mut failures = Vec::new();
    for path in corpus().iter().chain(&suite()) {
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        let f = frontend::parse_file(path, &FrontendConfig::default()).unwrap();
        let Ok(scop) = Scop::build(&f, &Default::default()) else {
            continue;
        };
        let deps = Dependences::compute(&scop, &Default::default()).unwrap();
        match auto(&scop, &deps, &AutoConfig::default(), &Default::default()) {
            Ok(t) => {
                eprintln!("{name}: parallel {:?} vector {:?}", t.parallel, t.vector);
                // The strategy verifies the untiled schedule and each tiling on its own; the
                // relation code is generated from, tile loops included, must pass the verifier
                // with its marks.
                let marks = |ms: &[optimist_loopy::Mark]| -> Vec<_> {
                    ms.iter().map(|m| (m.stmts.clone(), m.dim)).collect()
                };
                if let Err(e) = verify_marks(
                    &scop,
                    &deps,
                    &t.theta,
                    &marks(&t.parallel),
                    &marks(&t.vector),
                ) {
                    failures.push(format!("{name}: the tiled relation: {e}"));
                }
            }
            Err(e) => failures.push(format!("{name}: {e}")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The strategy for two threads on `src`, with its model and dependences.
fn threaded(src: &str) -> (Scop, Dependences, optimist_loopy::Transformed) {
    let f = frontend::parse_source("k.c", src, None, &FrontendConfig::default()).unwrap();
    let scop = Scop::build(&f, &Default::default()).unwrap();
    let deps = Dependences::compute(&scop, &Default::default()).unwrap();
    let t = auto(
        &scop,
        &deps,
        &AutoConfig::default(),
        &Target::native(2, true, true),
    )
    .unwrap();
    (scop, deps, t)
}

/// Rows walked with scalars set at each row's start (a recursive filter's `p` and `q`): the
/// rows carry dependences on the scalars only, every value of which stays within its row, so
/// the row loop runs on threads, each with its own copies; the verifier refuses the same mark
/// where it checks every dependence, and accepts it where parallel marks may leave a thread's
/// own scalars.
#[test]
fn scalars_each_row_writes_before_reading_leave_the_rows_parallel() {
    let (scop, deps, t) = threaded(
        "void rows(int w, int h, float a, float X[w][h], float Y[w][h]) {\n  for (int i = 0; i < w; i++) {\n    float p = 0.0f;\n    float q = 0.0f;\n    for (int j = 0; j < h; j++) {\n      Y[i][j] = X[i][j] + a * p - 0.5f * q;\n      q = p;\n      p = Y[i][j];\n    }\n  }\n}\n",
    );
    assert!(
        t.decisions
            .iter()
            .any(|d| matches!(d, Decision::Private { .. })),
        "{:?}",
        t.decisions
    );
    let mark = t
        .parallel
        .iter()
        .find(|m| m.stmts.len() == scop.stmts.len())
        .expect("a parallel mark on the rows");
    let checks = vec![(mark.stmts.clone(), mark.dim)];
    assert!(verify(&scop, &deps, &t.theta, &checks).is_err());
    verify_marks(&scop, &deps, &t.theta, &checks, &[]).unwrap();
}

/// No thread may own a scalar whose value crosses iterations (a running sum stored each
/// step) or leaves the loop (read after it): no mark leaves its dependences, and the verifier
/// refuses a parallel mark on the loop.
#[test]
fn scalars_whose_values_cross_iterations_or_leave_the_loop_stay_shared() {
    for src in [
        "void sums(int n, double A[n], double B[n]) {\n  double s = 0.0;\n  for (int i = 0; i < n; i++) {\n    s = s + A[i];\n    B[i] = s;\n  }\n}\n",
        "void last(int n, double A[n], double B[n], double C[1]) {\n  double t;\n  t = 0.0;\n  for (int i = 0; i < n; i++) {\n    t = A[i] * 2.0;\n    B[i] = t;\n  }\n  C[0] = t;\n}\n",
    ] {
        let (scop, deps, t) = threaded(src);
        assert!(
            !t.decisions
                .iter()
                .any(|d| matches!(d, Decision::Private { .. })),
            "{src}: {:?}",
            t.decisions
        );
        // The loop's dimension: the first one where the times of the loop's statements differ.
        let everyone: std::collections::BTreeSet<_> = scop.stmts.keys().collect();
        let inner = t
            .theta
            .maps()
            .unwrap()
            .into_iter()
            .find(|m| m.tuple_name(optimist_presburger::DimType::In).as_deref() == Some("S1"))
            .unwrap();
        let d = (0..6)
            .find(|&d| {
                inner
                    .plain_fixed(optimist_presburger::DimType::Out, d)
                    .unwrap()
                    .is_none()
            })
            .expect("a loop");
        eprintln!("{src}: {} at {d}", t.theta);
        assert!(
            verify_marks(&scop, &deps, &t.theta, &[(everyone, d)], &[]).is_err(),
            "{src}"
        );
    }
}

/// A factorization followed by a triangular solve (ludcmp's shape): isl gives each strongly
/// connected component a tiled band of its own, none with a parallel loop. Each band's tiles
/// run as a wavefront of its own (the other band's loops untouched), and the marks of both
/// pass the verifier together.
#[test]
fn each_tiled_band_without_a_parallel_loop_runs_its_tiles_in_waves() {
    let (scop, deps, t) = threaded(
        "void lus(int n, double A[n][n], double b[n], double y[n]) {\n  for (int i = 0; i < n; i++) {\n    for (int j = 0; j < i; j++) {\n      for (int k = 0; k < j; k++)\n        A[i][j] -= A[i][k] * A[k][j];\n      A[i][j] = A[i][j] / A[j][j];\n    }\n    for (int j = i; j < n; j++)\n      for (int k = 0; k < i; k++)\n        A[i][j] -= A[i][k] * A[k][j];\n  }\n  for (int i = 0; i < n; i++) {\n    y[i] = b[i];\n    for (int j = 0; j < i; j++)\n      y[i] -= A[i][j] * y[j];\n  }\n}\n",
    );
    let waves: Vec<_> = t
        .decisions
        .iter()
        .filter_map(|d| match d {
            Decision::Wavefront { stmts } => Some(stmts.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(waves.len(), 2, "{:?}", t.decisions);
    assert!(waves[0].iter().all(|s| !waves[1].contains(s)), "{waves:?}");
    for wave in &waves {
        assert!(
            t.parallel.iter().any(|m| {
                let names: Vec<_> = m.stmts.iter().map(|&s| scop.stmt(s).name.clone()).collect();
                &names == wave
            }),
            "{wave:?}: {:?}",
            t.parallel
        );
    }
    let checks: Vec<_> = t
        .parallel
        .iter()
        .map(|m| (m.stmts.clone(), m.dim))
        .collect();
    verify(&scop, &deps, &t.theta, &checks).unwrap();
}

/// A recurrence, then an independent loop: no dimension is parallel for both nests, so the
/// schedule's parallel loop leaves both out; the second nest's loop carries nothing and runs on
/// threads by a mark of its own, which the strict verifier accepts, while the recurrence gets
/// none.
#[test]
fn a_nest_the_common_parallel_loop_leaves_out_gets_a_mark_of_its_own() {
    let (scop, deps, t) = threaded(
        "void two(int n, double A[n], double B[n]) {\n  for (int i = 1; i < n; i++)\n    A[i] = A[i - 1] * 0.5 + 1.0;\n  for (int i = 0; i < n; i++)\n    B[i] = B[i] * 2.0;\n}\n",
    );
    let nests: Vec<_> = t
        .decisions
        .iter()
        .filter_map(|d| match d {
            Decision::NestParallel { stmts, .. } => Some(stmts.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(nests, vec![vec!["S1".to_string()]], "{:?}", t.decisions);
    let checks: Vec<_> = t
        .parallel
        .iter()
        .map(|m| (m.stmts.clone(), m.dim))
        .collect();
    assert_eq!(checks.len(), 1, "{checks:?}");
    verify(&scop, &deps, &t.theta, &checks).unwrap();
}

/// The strategy's decisions for one thread of C on `src`.
fn decided_for_c(src: &str) -> Vec<Decision> {
    let f = frontend::parse_source("k.c", src, None, &FrontendConfig::default()).unwrap();
    let scop = Scop::build(&f, &Default::default()).unwrap();
    let deps = Dependences::compute(&scop, &Default::default()).unwrap();
    auto(&scop, &deps, &AutoConfig::default(), &Target::c())
        .unwrap()
        .decisions
}

#[test]
fn a_transpose_of_fixed_rows_runs_in_tiles_a_line_wide() {
    // No member moves every access by one element, and a column's lines in tiles of 32 crowd
    // the first cache's sets: the tiles are a line of elements, 8 `double`s or 16 `float`s
    // (gcc ran tiles of 32 three times slower at every power of two measured).
    let tiled = |ds: &[Decision]| {
        ds.iter().find_map(|d| match d {
            Decision::Tiled {
                sizes, narrowed, ..
            } => Some((sizes.clone(), *narrowed)),
            _ => None,
        })
    };
    for (src, want) in [
        (
            "void t(double A[256][256], double B[256][256]) {
               for (int i = 0; i < 256; i++) for (int j = 0; j < 256; j++) A[i][j] = B[j][i]; }",
            8,
        ),
        (
            "void t(float A[256][256], float B[256][256]) {
               for (int i = 0; i < 256; i++) for (int j = 0; j < 256; j++) A[i][j] = B[j][i]; }",
            16,
        ),
        (
            "void t(double A[1000][1000], double B[1000][1000]) {
               for (int i = 0; i < 1000; i++) for (int j = 0; j < 1000; j++) A[i][j] = B[j][i]; }",
            8,
        ),
    ] {
        let ds = decided_for_c(src);
        assert_eq!(tiled(&ds), Some((vec![want, want], true)), "{ds:?}");
    }
    // Rows 800 bytes apart spread over the sets, and rows whose length is a parameter are not
    // known to crowd them: the base tiles stay (a 200 x 200 `float` transpose ran 0.70x in
    // tiles of 16).
    for src in [
        "void t(float A[200][200], float B[200][200]) {
           for (int i = 0; i < 200; i++) for (int j = 0; j < 200; j++) A[i][j] = B[j][i]; }",
        "void t(int n, double A[n][n], double B[n][n]) {
           for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) A[i][j] = B[j][i]; }",
    ] {
        let ds = decided_for_c(src);
        assert!(
            tiled(&ds).is_none_or(|(sizes, narrowed)| !narrowed && sizes == [32, 32]),
            "{ds:?}"
        );
    }
    // A product's band keeps its tiles: `j` moves every access by one element.
    let product = decided_for_c(
        "void p(float A[256][256], float B[256][256], float C[256][256]) {
           for (int i = 0; i < 64; i++) for (int j = 0; j < 64; j++) for (int k = 0; k < 64; k++)
             A[i][j] += B[i][k] * C[k][j]; }",
    );
    assert!(
        tiled(&product).is_some_and(|(_, narrowed)| !narrowed),
        "{product:?}"
    );
}

#[test]
fn a_triangular_solve_keeps_its_rows_when_only_its_own_element_is_on_the_chain() {
    // Each row's sum waits on its own element only: `c[j]` was written by an earlier row. Its
    // rows are estimated at one subtraction's latency an instance, and their order is kept
    // over isl's schedule, which walks the matrix's columns (0.68x with gcc when counted on
    // the chain, `float`s of 256 rows).
    let src = "void t(float aa[256][256], float b[256], float c[256]) {
                 for (int i = 0; i < 256; i++) {
                   c[i] = b[i];
                   for (int j = 0; j < i; j++) c[i] -= aa[i][j] * c[j];
                   c[i] = c[i] / (aa[i][i] + 2);
                 } }";
    let ds = decided_for_c(src);
    assert!(
        ds.iter().any(|d| matches!(
            d,
            Decision::Schedule(optimist_loopy::ScheduleChoice::Original)
        )),
        "{ds:?}"
    );
}
