//! Delinearization in the pipeline: flat pointers with parametric strides get a
//! multi-dimensional shape, exact accesses and DL conditions in the run-time check; both sides of
//! the check give the interpreter's bits through Cranelift and through `cc`, with the pass on and
//! off.

use optimist::scop::frontend::{self, FrontendConfig};
use optimist::scop::model::{AccessKind, AssumptionKind};
use optimist::scop::workload::RunSpec;
use optimist::{Config, Kernel, Outcome, Version};

mod common;

/// A sub-array update with an offset `o`: the view `A[][n]` is the program's only when
/// `0 <= o <= n - m`.
const OFFSET: &str = "void sub(int n, int m, int o, double *A, double *B) {
  for (int i = 0; i < m; i++)
    for (int j = 0; j < m; j++)
      A[(i + 1) * n + j + o] = A[i * n + j + o] + B[j * n + i];
}
";

fn parse(src: &str) -> optimist::scop::ir::Function {
    frontend::parse_source("t.c", src, None, &FrontendConfig::default()).unwrap()
}

#[test]
fn flat_pointers_get_their_shape_and_exact_accesses() {
    let f = parse(OFFSET);
    let Outcome::Optimized(plan) = optimist::optimize(&f, &Config::default()).unwrap() else {
        panic!("the kernel should be optimized");
    };
    let report = plan.reports.iter().find(|r| r.pass == "delin").unwrap();
    assert!(report.changed, "{report}");
    assert_eq!(
        report.summary,
        "delinearized A[][n], B[][n] (3 accesses rewritten, 3 conditions)"
    );
    let dump = plan.scop.dump(&f);
    assert!(
        dump.contains("double A[][n] live-out pointer delinearized"),
        "{dump}"
    );
    assert!(
        dump.contains("must-write [m, n, o] -> { S0[i, j] -> A[1 + i, o + j]"),
        "{dump}"
    );
    assert!(
        plan.scop
            .accesses
            .iter()
            .all(|a| a.exact && a.polynomial.is_none())
    );
    assert_eq!(plan.scop.accesses.as_slice()[0].kind, AccessKind::MustWrite);
    // The DL conditions are part of the simplified precondition and of the check.
    let dl = plan
        .assumptions
        .taken
        .iter()
        .filter(|a| a.kind == AssumptionKind::Dl)
        .count();
    assert_eq!(dl, 3);
    assert_eq!(
        plan.assumptions.valid.to_string(),
        "[m, n, o] -> {  : 0 <= o <= -m + n }"
    );
    assert!(
        plan.check_c().starts_with("(((n >= (m + o)) && (o >= 0))"),
        "{}",
        plan.check_c()
    );
}

#[test]
fn both_sides_of_the_dl_check_give_the_interpreters_bits() {
    let f = parse(OFFSET);
    let cc = common::cc();
    let without_delin = Config {
        passes: optimist::PASSES
            .iter()
            .copied()
            .filter(|p| p.name != "delin")
            .collect(),
        ..Config::default()
    };
    for (config, delinearized) in [(Config::default(), true), (without_delin, false)] {
        let outcome = optimist::optimize(&f, &config).unwrap();
        let plan = outcome.plan().unwrap();
        let kernel = Kernel::compile(&f, Some(plan)).unwrap();
        let c = optimist::codegen::versioned_c(&f, Some(plan), "optimist_generated").unwrap();
        // (inputs, native version, C version) with delinearization; without it, native code
        // runs the optimized version everywhere (whole-array accesses need no DL condition)
        // and C the fallback (their footprints are whole buffers, whose extents C cannot know).
        for (inputs, native, in_c) in [
            (
                "--set n=10 --set m=8 --set o=1 --len A=200",
                "optimized",
                "optimized",
            ),
            (
                "--set n=10 --set m=8 --set o=2 --len A=200",
                "optimized",
                "optimized",
            ),
            // j + o reaches n: A's view is not the program's.
            (
                "--set n=10 --set m=8 --set o=5 --len A=200",
                "fallback",
                "fallback",
            ),
            // i reaches n in B[j * n + i]: B's view is not the program's.
            (
                "--set n=7 --set m=8 --set o=0 --len A=200",
                "fallback",
                "fallback",
            ),
            // A holds exactly what the program touches (up to 8 * 10 + 7 + 1): the view is
            // right, but its footprint (9 whole rows) leaves the buffer, so native code runs the
            // fallback instead of reporting an error; C has no footprint check.
            (
                "--set n=10 --set m=8 --set o=1 --len A=89",
                "fallback",
                "optimized",
            ),
        ] {
            let line = format!("{inputs} --len B=200");
            let spec = RunSpec::parse_args(&line.split_whitespace().collect::<Vec<_>>()).unwrap();
            let reference = common::interpreter_hashes(&f, &spec);
            let mut w = optimist::scop::workload::Workload::generate(&f, &spec).unwrap();
            let version = kernel.run(&mut w.args).unwrap();
            let hashes: Vec<String> = w
                .hashes(&f)
                .iter()
                .map(|(a, h)| format!("{a} {h:016x}"))
                .collect();
            assert_eq!(hashes, reference, "{inputs}, delin {delinearized}");
            let (native, in_c) = if delinearized {
                (native, in_c)
            } else {
                ("optimized", "fallback")
            };
            let expected = if native == "optimized" {
                Version::Optimized
            } else {
                Version::Fallback
            };
            assert_eq!(version, expected, "{inputs}, delin {delinearized}");
            if let Some(cc) = &cc {
                let (hashes, v) = common::versioned_c_run(cc, "sub", &f, &spec, &c.code);
                assert_eq!(hashes, reference, "C: {inputs}, delin {delinearized}");
                assert_eq!(v, in_c, "C: {inputs}, delin {delinearized}");
            }
        }
    }
}

#[test]
fn an_array_that_does_not_fit_stays_flat_and_says_why() {
    // Strides `n` and `m` are no chain of sizes (a `P + α` shape would be §4's work).
    let f = parse(
        "void k(int n, int m, double *A) {\n  for (int i = 0; i < n; i++)\n    for (int j = 0; j < m; j++)\n      A[i * n + j * m] = 1.0;\n}\n",
    );
    let model = optimist::model_after(&f, &Config::default(), "delin")
        .unwrap()
        .unwrap();
    assert!(model.arrays.as_slice()[0].delinearized.is_none());
    let Outcome::Optimized(plan) = optimist::optimize(&f, &Config::default()).unwrap() else {
        panic!("the kernel should still be optimized (flat)");
    };
    let report = plan.reports.iter().find(|r| r.pass == "delin").unwrap();
    assert_eq!(
        report.summary,
        "no array delinearized; A stays flat: the size candidates `n` and `m` do not divide each other"
    );
}

/// The flat-pointer versions of corpus kernels (`corpus/flat/`): the same flat memory and input
/// contract as the multi-dimensional originals, so the same hashes; after `delin` the same
/// access relations as the original's model; the automatic strategy gives the same loops; and
/// native code and C give the interpreter's bits, optimized.
#[test]
fn flat_versions_of_corpus_kernels_become_the_originals() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let files = common::kernels_in("flat");
    assert!(files.len() >= 6, "{files:?}");
    let mut failures = Vec::new();
    for flat_path in files {
        let name = flat_path.file_stem().unwrap().to_string_lossy().to_string();
        let multi_path = root.join(format!("{name}.c"));
        let flat = frontend::parse_file(&flat_path, &FrontendConfig::default()).unwrap();
        let multi = frontend::parse_file(&multi_path, &FrontendConfig::default()).unwrap();
        let (flat_spec, multi_spec) = (common::run_spec(&flat_path), common::run_spec(&multi_path));
        let reference = common::interpreter_hashes(&flat, &flat_spec);
        if reference != common::interpreter_hashes(&multi, &multi_spec) {
            failures.push(format!("{name}: the flat version computes something else"));
            continue;
        }
        // The model after delinearization is the original's, access by access.
        let config = Config::default();
        let delinearized = optimist::model_after(&flat, &config, "delin")
            .unwrap()
            .unwrap();
        let original = optimist::model_after(&multi, &config, "build")
            .unwrap()
            .unwrap();
        let mut pointers = delinearized.arrays.iter().filter(|a| a.pointer);
        if let Some(a) = pointers.find(|a| a.delinearized.is_none()) {
            failures.push(format!("{name}: `{}` stays flat", a.name));
        }
        if delinearized.accesses.len() != original.accesses.len() {
            failures.push(format!("{name}: the models have different accesses"));
            continue;
        }
        for (k, (a, b)) in delinearized
            .accesses
            .iter()
            .zip(&original.accesses)
            .enumerate()
        {
            // Each model has its own isl context: compare in one.
            let b_here =
                optimist::presburger::Map::parse(&delinearized.ctx, &b.relation.to_string())
                    .unwrap();
            if a.kind != b.kind || !a.relation.is_equal(&b_here).unwrap() {
                failures.push(format!(
                    "{name}: access a{k}: {} {} against {} {}",
                    a.kind, a.relation, b.kind, b.relation
                ));
            }
        }
        // The automatic strategy sees the same program: the same schedule (the printed loops
        // differ only in the order of addends, which follows the order parameters were met).
        let auto = |f| match optimist::optimize(f, &config).unwrap() {
            Outcome::Optimized(p) => p.schedule.map().unwrap().to_string(),
            Outcome::FaithfulOnly(why) => format!("faithful only: {why}"),
        };
        let (flat_schedule, multi_schedule) = (auto(&flat), auto(&multi));
        let ctx = &delinearized.ctx;
        let same = optimist::presburger::UnionMap::parse(ctx, &flat_schedule)
            .and_then(|a| {
                a.is_equal(&optimist::presburger::UnionMap::parse(
                    ctx,
                    &multi_schedule,
                )?)
            })
            .unwrap_or(false);
        if !same {
            failures.push(format!(
                "{name}: different schedules:\n{flat_schedule}\nagainst\n{multi_schedule}"
            ));
        }
        // Native code and C, optimized, with the interpreter's bits.
        let compiled = optimist::compile(&flat, &config).unwrap();
        common::check_optimized(
            &name,
            &flat,
            &flat_spec,
            &compiled,
            &reference,
            &mut failures,
        );
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_size_beyond_32_bits_stays_flat() {
    // A constant stride of 2^33: native code computes sizes from 32-bit coefficients.
    let f = parse(
        "void k(int n, double *A) {\n  for (int i = 0; i < 2; i++)\n    for (int j = 0; j < n; j++)\n      A[i * 8589934592L + j] = 1.0;\n}\n",
    );
    let model = optimist::model_after(&f, &Config::default(), "delin")
        .unwrap()
        .unwrap();
    assert!(model.arrays.as_slice()[0].delinearized.is_none());
    assert!(
        model.diagnostics.iter().any(|d| d
            == "A stays flat: `[][8589934592]`: the size `8589934592` has a coefficient beyond 32 bits"),
        "{:?}",
        model.diagnostics
    );
    // The rest of the pipeline goes on with the flat array.
    assert!(optimist::optimize(&f, &Config::default()).is_ok());
    // With a parametric stride, the gcd adjustment's size 2^32 * n is refused the same way, and
    // the next view (§4 with α = 0, the division without the adjustment) is taken instead.
    let f = parse(
        "void k(int n, double *A) {\n  for (int i = 0; i < 2; i++)\n    for (int j = 0; j < n; j++)\n      A[i * 4294967296L * n + j] = 1.0;\n}\n",
    );
    let model = optimist::model_after(&f, &Config::default(), "delin")
        .unwrap()
        .unwrap();
    let dump = model.dump(&f);
    assert!(dump.contains("-> A[4294967296i, j]"), "{dump}");
}

/// A factor in an inner subscript (`2 * j` of `A[(i * n + 2 * j) * m + k]`) must stay there:
/// moving it into the next size would change the strides of the outer dimensions. The view
/// keeps the program's addresses (the interpreter's bits, natively and in C).
#[test]
fn an_inner_factor_keeps_the_addresses() {
    let f = parse(
        "void k(int n, int m, double *A) {\n  for (int i = 0; i < 3; i++)\n    for (int j = 0; j < n / 2; j++)\n      for (int k = 0; k < m; k++)\n        A[(i * n + 2 * j) * m + k] = A[(i * n + 2 * j) * m + k] + i + j * 10.0 + k * 100.0;\n}\n",
    );
    let model = optimist::model_after(&f, &Config::default(), "delin")
        .unwrap()
        .unwrap();
    assert_eq!(
        model.diagnostics.last().map(String::as_str),
        Some("A: delinearized to A[][n][m] (divide)")
    );
    let spec = RunSpec::parse_args(&["--set", "n=6", "--set", "m=5", "--len", "A=90"]).unwrap();
    let reference = common::interpreter_hashes(&f, &spec);
    let compiled = optimist::compile(&f, &Config::default()).unwrap();
    let mut w = optimist::scop::workload::Workload::generate(&f, &spec).unwrap();
    assert_eq!(
        compiled.kernel.run(&mut w.args).unwrap(),
        Version::Optimized
    );
    let hashes: Vec<String> = w
        .hashes(&f)
        .iter()
        .map(|(a, h)| format!("{a} {h:016x}"))
        .collect();
    assert_eq!(hashes, reference);
    if let Some(cc) = common::cc() {
        let c = optimist::codegen::versioned_c(&f, compiled.outcome.plan(), "optimist_generated")
            .unwrap();
        let (hashes, v) = common::versioned_c_run(&cc, "inner", &f, &spec, &c.code);
        assert_eq!((hashes, v.as_str()), (reference, "optimized"));
    }
}

/// Random sizes and offsets for flat kernels whose views need conditions (a fixed
/// pseudo-random sequence): native code agrees with the interpreter on the hashes, or both
/// report an error, and both sides of the DL conditions run.
#[test]
fn random_sizes_agree_with_the_interpreter() {
    let mut lcg = common::Lcg(0x2545_f491_4f6c_dd1d);
    let mut next = |lo: i64, hi: i64| lcg.range(lo, hi);
    // Listing 4 of the paper in two dimensions: a block of A[][n] at (o0, o1).
    let block = "void block(int n, int o0, int o1, int s0, int s1, double *A, double *B) {
  for (int i = 0; i < s0; i++)
    for (int j = 0; j < s1; j++)
      A[(i + o0) * n + j + o1] = A[(i + o0) * n + j + o1] + B[i * s1 + j];
}";
    // A padded row length `n + p` read with a constant pad (the P + α shape).
    let padded = "void padded(int n, int m, int w, double *A) {
  for (int i = 1; i < m; i++)
    for (int j = 0; j < w; j++)
      A[i * (n + 2) + j] = A[(i - 1) * (n + 2) + j] * 0.5 + 1.0;
}";
    // A reversed row of a sub-range: `A[i*n + n - 1 - j]` with j up to w (past n, it reads
    // the row before).
    let reverse = "void reverse(int n, int m, int w, double *A, double *B) {
  for (int i = 1; i < m; i++)
    for (int j = 0; j < w; j++)
      B[i * n + j] = A[i * n + n - 1 - j];
}";
    type Gen<'a> = Box<dyn Fn(&mut dyn FnMut(i64, i64) -> i64) -> String + 'a>;
    let kernels: Vec<(&str, Gen<'_>)> = vec![
        (
            block,
            Box::new(|r| {
                format!(
                    "--set n={} --set o0={} --set o1={} --set s0={} --set s1={} --len A=400 --len B=100",
                    r(1, 12),
                    r(-1, 4),
                    r(-2, 8),
                    r(0, 5),
                    r(0, 9)
                )
            }),
        ),
        (
            padded,
            Box::new(|r| {
                format!(
                    "--set n={} --set m={} --set w={} --len A=300",
                    r(0, 12),
                    r(0, 10),
                    r(0, 16)
                )
            }),
        ),
        (
            reverse,
            Box::new(|r| {
                let n = r(1, 12);
                format!(
                    "--set n={n} --set m={} --set w={} --len A=200 --len B=200",
                    r(0, 8),
                    r(0, n + 2)
                )
            }),
        ),
    ];
    let mut failures = Vec::new();
    let mut versions = [[0usize; 2]; 3];
    for (k, (src, inputs)) in kernels.iter().enumerate() {
        let f = parse(src);
        let compiled = optimist::compile(&f, &Config::default()).unwrap();
        let plan = compiled.outcome.plan().expect("optimized");
        assert!(
            plan.scop.arrays.iter().any(|a| a.delinearized.is_some()),
            "{src}"
        );
        for _ in 0..30 {
            let args = inputs(&mut next);
            let spec = RunSpec::parse_args(&args.split_whitespace().collect::<Vec<_>>()).unwrap();
            let mut reference = optimist::scop::workload::Workload::generate(&f, &spec).unwrap();
            let expected =
                optimist::scop::interp::run(&f, &mut reference.args, &Default::default())
                    .map(|_| reference.hashes(&f));
            let mut w = optimist::scop::workload::Workload::generate(&f, &spec).unwrap();
            let got = compiled.kernel.run(&mut w.args).map(|v| (v, w.hashes(&f)));
            match (&expected, &got) {
                (Ok(a), Ok((v, b))) if a == b => {
                    versions[k][usize::from(*v == Version::Optimized)] += 1
                }
                (Err(_), Err(_)) => {}
                _ => failures.push(format!(
                    "kernel {k} {args}: interpreter {expected:?}, kernel {got:?}"
                )),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    eprintln!("fallback/optimized runs per kernel: {versions:?}");
    for (k, v) in versions.iter().enumerate() {
        assert!(
            v[0] >= 3 && v[1] >= 3,
            "kernel {k}: fallback/optimized runs {v:?}"
        );
    }
}

/// The pass runs under the driver's pass budget: when isl runs out, the outcome names the pass
/// and only the faithful code runs, with the interpreter's bits.
#[test]
fn the_pass_budget_is_a_reported_bail_out() {
    let f = parse(OFFSET);
    let mut config = Config::default();
    config.budgets.pass = 1;
    let compiled = optimist::compile(&f, &config).unwrap();
    match compiled.outcome.why() {
        Some(optimist::Why::Budget { stage }) => {
            assert_eq!(*stage, optimist::Stage::Pass("delin".into()))
        }
        other => panic!("expected the delin budget to stop the pipeline: {other:?}"),
    }
    let line = "--set n=10 --set m=8 --set o=1 --len A=200 --len B=200";
    let spec = RunSpec::parse_args(&line.split_whitespace().collect::<Vec<_>>()).unwrap();
    let reference = common::interpreter_hashes(&f, &spec);
    let (version, hashes) = common::native_hashes(&compiled.kernel, &f, &spec);
    assert_eq!((version, hashes), (Version::Fallback, reference));
}
