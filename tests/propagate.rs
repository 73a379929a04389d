//! Expression propagation in the pipeline: the paper's examples (reconstructed from its
//! figures) as snapshots of `optimist show propagate`'s decisions and of the statements after the
//! pass; the pipelines of `corpus/pipelines/` (local temporaries, only the final image
//! observable) with their decisions and the temporaries no longer touched; the budget; and
//! random pipelines with the pass on and off against the interpreter.

use expect_test::{Expect, expect};
use optimist::scop::frontend::{self, FrontendConfig};
use optimist::{Config, Version};

mod common;

fn parse(src: &str) -> optimist::scop::ir::Function {
    frontend::parse_source("t.c", src, None, &FrontendConfig::default()).unwrap()
}

/// The decisions and the statements after the pass.
fn check(src: &str, expected: Expect) {
    check_with(src, Config::default(), "delicm", expected)
}

/// [`check`] with the passes of `config`, the one before propagation named `last`.
fn check_with(src: &str, config: Config, last: &str, expected: Expect) {
    let text = common::decisions(
        &parse(src),
        &config,
        last,
        "propagate",
        optimist::propagate::report,
    );
    expected.assert_eq(&text);
}

/// Figure 4: `A[i] = (i + 1) * i` read as `A[2j] - A[2j - 1]`: the expression is rewritten with
/// the writer's iterator as a function of the reader's (Algorithm 1's `iv` case).
#[test]
fn figure_4_iterators_are_rewritten() {
    check(
        "void fig4(int n, long B[n + 1]) {
  long A[2000];
  for (int i = 1; i <= 2 * n; i++)
    A[i] = (i + 1) * i;
  for (int j = 1; j <= n; j++)
    B[j] = A[2 * j] - A[2 * j - 1];
}",
        expect![[r#"
            A: propagated S0's expression into S1 for a2 (0 loads re-issued)
            A: propagated S0's expression into S1 for a3 (0 loads re-issued)
            statements: 2 before, 1 after
            S1: [n] -> { S1[j] -> B[j] : 0 < j <= n } = ((long)(((int)(2 * (long)j) + 1) * (int)(2 * (long)j)) - (long)(((int)((2 * (long)j) - 1) + 1) * (int)((2 * (long)j) - 1)))
        "#]],
    );
}

/// Figure 5: the even elements are written again by a second statement, so the reader sees
/// two writers: it is split into its odd and even instances (§3), each of which gets its
/// writer's expression. (DeLICM is left out: `A` is written twice, so it would keep `A` in `B`
/// first.)
#[test]
fn figure_5_the_reader_is_split() {
    let config = Config {
        passes: vec![optimist::delin::PASS, optimist::propagate::PASS],
        ..Config::default()
    };
    check_with(
        "void fig5(int n, double in[n], double B[n]) {
  double A[1000];
  for (int i = 0; i < n; i++)
    A[i] = in[i] * 3.0;
  for (int i = 0; i < n; i += 2)
    A[i] = in[i] + 1.0;
  for (int j = 0; j < n; j++)
    B[j] = A[j];
}",
        config,
        "delin",
        expect![[r#"
            A: split S2 so that each piece reads one writer: S2_1 [n] -> { S2_1[j] : (1 + j) mod 2 = 0 and 0 <= j < n }; S2_2 [n] -> { S2_2[j] : (j) mod 2 = 0 and 0 <= j < n }
            A: propagated S0's expression into S2_1 for a5 (1 loads re-issued)
            A: propagated S1's expression into S2_2 for a7 (1 loads re-issued)
            statements: 3 before, 2 after
            S2_1: [n] -> { S2_1[j] -> B[j] : (1 + j) mod 2 = 0 and 0 <= j < n } = (a2 * 3.0)
            S2_2: [n] -> { S2_2[j] -> B[j] : (j) mod 2 = 0 and 0 <= j < n } = (a3 + 1.0)
        "#]],
    );
}

/// §4.3: a split that would leave one iteration of a middle dimension between two loops (the
/// plane `y = 1` of a three-dimensional reader) is refused.
#[test]
fn a_split_between_two_loops_is_refused() {
    let config = Config {
        passes: vec![optimist::delin::PASS, optimist::propagate::PASS],
        ..Config::default()
    };
    check_with(
        "void k(int n, double in[n][n][n], double out[n][n][n]) {
  double t[20][20][20];
  for (int z = 0; z < n; z++)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        t[z][y][x] = in[z][y][x] * 2.0;
  for (int z = 0; z < n; z++)
    for (int x = 0; x < n; x++)
      t[z][0][x] = 1.0;
  for (int z = 0; z < n; z++)
    for (int y = 1; y < n; y++)
      for (int x = 0; x < n; x++)
        out[z][y][x] = t[z][y - 1][x];
}",
        config,
        "delin",
        expect![[r#"
            t: not propagated: S2 would be split off for one value of its dimension 1 between two loops: [n] -> { S2[z, y = 1, x] : n >= 2 and 0 <= z < n and 0 <= x < n } (§4.3)
            statements: 3 before, 3 after
            S0: [n] -> { S0[z, y, x] -> t[z, y, x] : 0 <= z < n and 0 <= y < n and 0 <= x < n } = (a1 * 2.0)
            S1: [n] -> { S1[z, x] -> t[z, 0, x] : 0 <= z < n and 0 <= x < n } = 1.0
            S2: [n] -> { S2[z, y, x] -> out[z, y, x] : 0 <= z < n and 0 < y < n and 0 <= x < n } = a4
        "#]],
    );
}

/// Figure 7b: `A[j]` is overwritten between the write of `tmp[j]` and its reload: the reload
/// test refuses.
#[test]
fn figure_7b_the_reload_test_refuses() {
    check(
        "void fig7(int n, double A[n], double B[n]) {
  double tmp[1000];
  for (int i = 0; i < n; i++)
    tmp[i] = A[i];
  for (int j = 0; j < n; j++) {
    A[j] = 0.0;
    B[j] = tmp[j];
  }
}",
        expect![[r#"
            tmp: not propagated: reload test: S2 would read another value of A than S0 did: [n] -> { S1[j] -> S2[j' = j] : 0 <= j < n }
            statements: 3 before, 3 after
            S0: [n] -> { S0[i] -> tmp[i] : 0 <= i < n } = a1
            S1: [n] -> { S1[j] -> A[j] : 0 <= j < n } = 0.0
            S2: [n] -> { S2[j] -> B[j] : 0 <= j < n } = a4
        "#]],
    );
}

/// Figure 10: a value read at three consecutive elements is recomputed three times; the
/// recurrence is recorded as a hint.
#[test]
fn figure_10_recurrences_are_recorded() {
    check(
        "void fig10(int n, double out[n]) {
  double tmp[1000];
  for (int i = 0; i < n; i++)
    tmp[i] = (double)i * 0.5 + 1.0;
  for (int j = 1; j < n - 1; j++)
    out[j] = tmp[j - 1] + tmp[j] + tmp[j + 1];
}",
        expect![[r#"
            tmp: propagated S0's expression into S1 for a2 (0 loads re-issued)
            tmp: propagated S0's expression into S1 for a3 (0 loads re-issued)
            tmp: propagated S0's expression into S1 for a4 (0 loads re-issued)
            tmp: recurrence: S1 evaluates S0's expression at 3 consecutive elements of tmp (offsets [0, 1, 2]); code generation recomputes each
            statements: 2 before, 1 after
            S1: [n] -> { S1[j] -> out[j] : 0 < j <= -2 + n } = (((((double)(int)((long)j - 1) * 0.5) + 1.0) + (((double)(int)(long)j * 0.5) + 1.0)) + (((double)(int)((long)j + 1) * 0.5) + 1.0))
        "#]],
    );
}

/// Each pipeline's decisions, and which local arrays the optimized model still touches.
#[test]
fn pipelines_decisions_and_temporaries_left() {
    let config = Config::default();
    let mut text = String::new();
    for path in common::kernels_in("pipelines") {
        let f = frontend::parse_file(&path, &FrontendConfig::default()).unwrap();
        let before = optimist::model_after(&f, &config, "delicm")
            .unwrap()
            .unwrap();
        let after = optimist::model_after(&f, &config, "propagate")
            .unwrap()
            .unwrap();
        after.verify().unwrap();
        let left: Vec<&str> = after
            .arrays
            .iter()
            .enumerate()
            .filter(|(k, a)| {
                !a.live_out && after.accesses.iter().any(|acc| acc.array.0 as usize == *k)
            })
            .map(|(_, a)| a.name.as_str())
            .collect();
        text.push_str(&format!(
            "== {}: temporaries still touched: {left:?}\n",
            common::kernel_name(&path)
        ));
        for line in optimist::propagate::report(&before, &after).lines() {
            if !line.contains("propagated ") {
                text.push_str(line);
                text.push('\n');
            }
        }
    }
    expect![[r#"
        == pipelines_blur_sep: temporaries still touched: []
        statements: 2 before, 1 after
        == pipelines_boundary: temporaries still touched: []
        tmp: split S3 so that each piece reads one writer: S3_1 [n] -> { S3_1[i = 1] : n >= 3 }; S3_2 [n] -> { S3_2[i = 1] : n = 2 }; S3_3 [n] -> { S3_3[i] : 2 <= i <= -2 + n }; S3_4 [n] -> { S3_4[i = -1 + n] : n >= 3 }
        tmp: recurrence: S3_3 evaluates S2's expression at 3 consecutive elements of tmp (offsets [0, 1, 2]); code generation recomputes each
        statements: 4 before, 4 after
        == pipelines_harris: temporaries still touched: ["ixx", "iyy", "ixy"]
        ixy: not propagated: S8's expression would have 253 nodes (at most 160)
        ixx: not propagated: S8's expression would have 307 nodes (at most 160)
        iyy: not propagated: S8's expression would have 307 nodes (at most 160)
        statements: 6 before, 4 after
        == pipelines_overwritten: temporaries still touched: ["tmp"]
        tmp: not propagated: reload test: S2 would read another value of a than S0 did: [n] -> { S1[j] -> S2[j' = j] : 0 <= j < n }
        statements: 3 before, 3 after
        == pipelines_pyramid: temporaries still touched: []
        statements: 3 before, 1 after
        == pipelines_two_stage: temporaries still touched: []
        t: recurrence: S1 evaluates S0's expression at 3 consecutive elements of t (offsets [-1, 0, 1]); code generation recomputes each
        statements: 2 before, 1 after
        == pipelines_unsharp: temporaries still touched: []
        statements: 3 before, 1 after
    "#]].assert_eq(&text);
}

/// A temporary every read of which was propagated is not allocated by the optimized code: the
/// versioned C declares it only in the faithful function.
#[test]
fn a_propagated_temporary_is_not_declared_in_the_optimized_c() {
    let f = frontend::parse_file(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/pipelines/blur_sep.c"),
        &FrontendConfig::default(),
    )
    .unwrap();
    let outcome = optimist::optimize(&f, &Config::default()).unwrap();
    let p = optimist::codegen::versioned_c(&f, outcome.plan(), "blur").unwrap();
    let optimized = p.code.split("blur_optimized(").nth(1).unwrap();
    let fallback = p.code.split("blur_optimized(").next().unwrap();
    assert!(fallback.contains("float bx[512][512];"), "{}", p.code);
    assert!(!optimized.contains("bx["), "{}", p.code);
}

/// The native kernel allocates a propagated temporary only when the run-time check fails and
/// the faithful code runs: with `out` aliasing `in` the check fails, the faithful code gets its
/// buffer, and both runs give the interpreter's bits.
#[test]
fn the_kernel_allocates_a_propagated_temporary_only_for_the_faithful_code() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/pipelines/blur_sep.c");
    let f = frontend::parse_file(&path, &FrontendConfig::default()).unwrap();
    let compiled = optimist::compile(&f, &Config::default()).unwrap();
    for (args, expected) in [
        (&["--set", "h=40", "--set", "w=36"][..], Version::Optimized),
        (
            &["--set", "h=40", "--set", "w=36", "--alias", "out=in+0"][..],
            Version::Fallback,
        ),
    ] {
        let spec = optimist::scop::workload::RunSpec::parse_args(args).unwrap();
        let reference = common::interpreter_hashes(&f, &spec);
        let (version, hashes) = common::native_hashes(&compiled.kernel, &f, &spec);
        assert_eq!(version, expected, "{args:?}");
        assert_eq!(hashes, reference, "{args:?}");
    }
}

/// The pass runs under its budget: when isl runs out, the model is left unchanged and the
/// report says so.
#[test]
fn the_budget_bails_out_with_the_model_unchanged() {
    common::budget_bails_out("pipelines/blur_sep.c", optimist::propagate::run);
}

/// A fixed pseudo-random sequence of small pipelines: two or three stages over local
/// temporaries with random stencil offsets, scalings and occasionally an intermediate write that
/// must refuse propagation; each compiled with the passes on and off: native code gives the
/// interpreter's bits, and propagation changes many of them.
#[test]
fn random_pipelines_compute_the_same_bits() {
    let mut rng = common::Rng(0x9E37_79B9_7F4A_7C15);
    let (mut changed, mut failures) = (0, Vec::new());
    for round in 0..16 {
        let stages = 2 + rng.below(2);
        let mut body = String::new();
        let mut src_arr = "in".to_string();
        for s in 0..stages {
            let last = s + 1 == stages;
            let dst = if last {
                "out".to_string()
            } else {
                format!("t{s}")
            };
            let taps = 1 + rng.below(3);
            let mut terms = Vec::new();
            for _ in 0..taps {
                let dy = rng.pick(&["-1", "0", "1"]);
                let dx = rng.pick(&["-1", "0", "1"]);
                let w = rng.pick(&["0.25", "0.5", "1.0", "2.0"]);
                terms.push(format!("{w} * {src_arr}[y + {dy}][x + {dx}]"));
            }
            if rng.below(4) == 0 {
                terms.push(
                    rng.pick(&["(double)x", "(double)(y + x)", "0.5 * y"])
                        .into(),
                );
            }
            let lo = s + 1;
            body.push_str(&format!(
                "  for (int y = {lo}; y < n - {lo}; y++)\n    for (int x = {lo}; x < m - {lo}; x++)\n      {dst}[y][x] = {};\n",
                terms.join(" + ")
            ));
            // Sometimes the source is overwritten before the next stage reads the stage's
            // result: the reload test must refuse.
            if !last && src_arr == "in" && rng.below(4) == 0 {
                body.push_str(&format!(
                    "  for (int y = 0; y < n; y++)\n    in[y][{}] = 0.0;\n",
                    rng.below(3) + 1
                ));
            }
            src_arr = dst;
        }
        let decls: String = (0..stages - 1)
            .map(|s| format!("  double t{s}[40][40];\n"))
            .collect();
        let src = format!(
            "void k(int n, int m, double in[n][m], double out[n][m]) {{\n{decls}{body}}}\n"
        );
        let f = parse(&src);
        let spec =
            optimist::scop::workload::RunSpec::parse_args(&["--set", "n=13", "--set", "m=11"])
                .unwrap();
        if common::on_and_off(
            &f,
            &spec,
            "propagate",
            &format!("round {round}"),
            &mut failures,
        ) {
            changed += 1;
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    eprintln!("propagation changed {changed} of 16 pipelines");
    assert!(
        changed >= 8,
        "propagation changed only {changed} of 16 pipelines"
    );
}
