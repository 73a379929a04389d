//! DeLICM in the pipeline: the kernels of `corpus/scalar/` keep values in scalars the way
//! compilers and people write them; after the pass each computes its array twin's bits
//! (`corpus/NAME.c`), and where the scalar was mapped the automatic strategy builds the twin's
//! loops. The paper's listings (reconstructed: our copy of the paper has lost their code) are
//! snapshots of `optimist show delicm`'s decisions and of the model after the pass.

use expect_test::{Expect, expect};
use optimist::scop::frontend::{self, FrontendConfig};
use optimist::{Config, Outcome};

mod common;

fn parse(src: &str) -> optimist::scop::ir::Function {
    frontend::parse_source("t.c", src, None, &FrontendConfig::default()).unwrap()
}

/// The decisions and the statements after the pass.
fn check(src: &str, expected: Expect) {
    let text = common::decisions(
        &parse(src),
        &Config::default(),
        "delin",
        "delicm",
        optimist::delicm::report,
    );
    expected.assert_eq(&text);
}

/// Listing 2: the sum of products with `A[i]` hoisted into `a`: operand tree forwarding
/// re-reads `A[i]` in the inner statement (Listing 6), and `a` is dead.
#[test]
fn listing_2_hoisted_load_is_forwarded() {
    check(
        "void sop(int n, int m, double A[n], double B[m], double C[n]) {
  for (int i = 0; i < n; i++) {
    C[i] = 0;
    double a = A[i];
    for (int k = 0; k < m; k++)
      C[i] += a * B[k];
  }
}",
        expect![[r#"
            a: the value S1 computes is forwarded into S2 (1 loads)
            statements: 3 before, 2 after
            S0: [n] -> { S0[i] -> C[i] : 0 <= i < n } = (double)0
            S2: [n, m] -> { S2[i, k] -> C[i] : 0 <= i < n and 0 <= k < m } = (a2 + (a4 * a3))
        "#]],
    );
}

/// Listing 3: the sum of products with `C[i]` promoted into `c` (what LICM does): the greedy
/// mapping stores `c` in `C[i]`, the element its value is stored to.
#[test]
fn listing_3_promoted_accumulator_is_mapped() {
    check(
        "void sop(int n, int m, double A[n], double B[m], double C[n]) {
  for (int i = 0; i < n; i++) {
    double c = 0;
    for (int k = 0; k < m; k++)
      c += A[i] * B[k];
    C[i] = c;
  }
}",
        expect![[r#"
            c: mapped to C, the element S2 stores: [n] -> { S2[i] -> C[i] : 0 <= i < n }
            statements: 3 before, 2 after
            S0: [n, m] -> { S0[i] -> C[i] : 0 <= i < n } = (double)0
            S1: [n, m] -> { S1[i, k] -> C[i] : 0 <= i < n and 0 <= k < m } = (a2 + (a3 * a4))
        "#]],
    );
}

/// Listing 4: both at once.
#[test]
fn listing_4_both() {
    check(
        "void sop(int n, int m, double A[n], double B[m], double C[n]) {
  for (int i = 0; i < n; i++) {
    double c = 0;
    double a = A[i];
    for (int k = 0; k < m; k++)
      c += a * B[k];
    C[i] = c;
  }
}",
        expect![[r#"
            c: mapped to C, the element S3 stores: [n] -> { S3[i] -> C[i] : 0 <= i < n }
            a: the value S1 computes is forwarded into S2 (1 loads)
            statements: 4 before, 2 after
            S0: [n, m] -> { S0[i] -> C[i] : 0 <= i < n } = (double)0
            S2: [n, m] -> { S2[i, k] -> C[i] : 0 <= i < n and 0 <= k < m } = (a2 + (a4 * a3))
        "#]],
    );
}

/// A running sum: its value lives from one iteration to the next and `B[i]` is written right
/// after it is computed, so no element is free: the conflict is reported and nothing changes.
#[test]
fn a_scalar_live_across_iterations_is_not_mapped() {
    check(
        "void prefix(int n, double A[n], double B[n]) {
  double s = 0.0;
  for (int i = 0; i < n; i++) {
    s = s + A[i];
    B[i] = s;
  }
}",
        expect![[r#"
            s: not mapped: B (stored by S2): no instance of S2 follows [n] -> { S0[] : n <= 0 }
            statements: 3 before, 3 after
            S0: { S0[] -> s[] } = 0.0
            S1: [n] -> { S1[i] -> s[] : 0 <= i < n } = (a2 + a3)
            S2: [n] -> { S2[i] -> B[i] : 0 <= i < n } = a5
        "#]],
    );
}

/// A sum whose element is still in use: `C[i]` is read and written again while `t` would live
/// in it, so the lifetimes overlap; the rule is reported with an element and a point of time
/// (the original schedule's time, its last coordinate doubled: `2c` reads, `2c + 1` writes).
#[test]
fn a_conflict_names_the_element_and_the_time() {
    check(
        "void k(int n, int m, double A[m], double C[n]) {
  for (int i = 0; i < n; i++) {
    double t = 0.0;
    for (int j = 0; j < m; j++)
      t += A[j];
    C[i] = C[i] + 1.0;
    C[i] = t * C[i];
  }
}",
        expect![[r#"
            t: not mapped: C (stored by S3): the lifetimes overlap with different values: with n = 1, m = 0: [n, m] -> { C[0] -> [0, 1, 0] }
            statements: 4 before, 4 after
            S0: [n] -> { S0[i] -> t[] : 0 <= i < n } = 0.0
            S1: [n, m] -> { S1[i, j] -> t[] : 0 <= i < n and 0 <= j < m } = (a2 + a3)
            S2: [n] -> { S2[i] -> C[i] : 0 <= i < n } = (a5 + 1.0)
            S3: [n] -> { S3[i] -> C[i] : 0 <= i < n } = (a7 * a8)
        "#]],
    );
}

/// A local array: each `t[j]` goes to the element of `B` that stores the value computed from
/// it, the next instance of the storing statement that reads the same `t[j]`.
#[test]
fn a_local_array_is_mapped_element_by_element() {
    check(
        "void k(int n, double A[n][8], double B[n][8]) {
  double t[8];
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < 8; j++)
      t[j] = A[i][j] * 2.0;
    for (int j = 0; j < 8; j++)
      B[i][j] = t[j] + 1.0;
  }
}",
        expect![[r#"
            t: mapped to B, the element S1 stores: [n] -> { S1[i, j] -> B[i, j] : 0 <= i < n and 0 <= j <= 7 }
            statements: 2 before, 2 after
            S0: [n] -> { S0[i, j] -> B[i, j] : 0 <= i < n and 0 <= j <= 7 } = (a1 * 2.0)
            S1: [n] -> { S1[i, j] -> B[i, j] : 0 <= i < n and 0 <= j <= 7 } = (a3 + 1.0)
        "#]],
    );
}

/// A sum over the whole loop, stored after it: the scalar's one lifetime fits in `out[0]`,
/// which nothing reads or writes before the store.
#[test]
fn a_scalar_read_after_the_loop() {
    check(
        "void total(int n, double A[n], double out[1]) {
  double s = 0.0;
  for (int i = 0; i < n; i++)
    s += A[i];
  out[0] = s;
}",
        expect![[r#"
            s: mapped to out, the element S2 stores: { S2[] -> out[0] }
            statements: 3 before, 2 after
            S0: [n] -> { S0[] -> out[0] } = 0.0
            S1: [n] -> { S1[i] -> out[0] : 0 <= i < n } = (a2 + a3)
        "#]],
    );
}

/// The schedule's loops with statement names replaced by their order (the twins number their
/// statements differently).
fn loops(plan: &optimist::Plan) -> String {
    let mut text = plan.ast.display(&plan.scop);
    let mut names: Vec<&str> = plan.scop.stmts.iter().map(|s| s.name.as_str()).collect();
    // Longest names first, so `S1` does not replace the start of `S10`.
    names.sort_by_key(|n| std::cmp::Reverse(n.len()));
    for n in names {
        let k = plan.scop.stmts.iter().position(|s| s.name == n).unwrap();
        text = text.replace(&format!("{n}("), &format!("P{k}("));
    }
    // The loop nests at the top, in a fixed order: the strategy may run independent nests
    // (components isl schedules apart) in either order.
    let mut nests: Vec<String> = Vec::new();
    for line in text.lines() {
        match nests.last_mut() {
            Some(nest) if line.starts_with(' ') => {
                nest.push('\n');
                nest.push_str(line);
            }
            _ => nests.push(line.to_string()),
        }
    }
    nests.sort();
    nests.join("\n")
}

#[test]
fn scalar_versions_compute_their_array_twins_bits() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let files = common::kernels_in("scalar");
    assert!(files.len() >= 7, "{files:?}");
    // Where the scalar maps onto the element its twin accumulates in, the automatic strategy
    // must build the twin's loops (covariance accumulates in `cov[j][i]`, its twin in
    // `cov[i][j]`; prefix is not mapped).
    let same_loops = ["gemm_ijk", "syrk", "two_mm", "scale_rows", "local_tmp"];
    let mut failures = Vec::new();
    for path in files {
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        let twin_path = root.join(format!("{name}.c"));
        let scalar = frontend::parse_file(&path, &FrontendConfig::default()).unwrap();
        let twin = frontend::parse_file(&twin_path, &FrontendConfig::default()).unwrap();
        let spec = common::run_spec(&path);
        let reference = common::interpreter_hashes(&twin, &common::run_spec(&twin_path));
        if common::interpreter_hashes(&scalar, &spec) != reference {
            failures.push(format!(
                "{name}: the scalar version computes something else"
            ));
            continue;
        }
        let config = Config::default();
        let compiled = optimist::compile(&scalar, &config).unwrap();
        common::check_optimized(
            &format!("delicm_{name}"),
            &scalar,
            &spec,
            &compiled,
            &reference,
            &mut failures,
        );
        if same_loops.contains(&name.as_str()) {
            let (Outcome::Optimized(a), Outcome::Optimized(b)) = (
                compiled.outcome,
                optimist::optimize(&twin, &config).unwrap(),
            ) else {
                failures.push(format!("{name}: not optimized"));
                continue;
            };
            let (la, lb) = (loops(&a), loops(&b));
            if la != lb {
                failures.push(format!(
                    "{name}: other loops:\n{la}\nagainst the twin's\n{lb}"
                ));
            }
            if a.scop.arrays.iter().any(|arr| {
                arr.sizes.is_empty()
                    && a.scop
                        .accesses
                        .iter()
                        .any(|acc| a.scop.array(acc.array).name == arr.name)
            }) {
                failures.push(format!("{name}: a scalar is still accessed"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The pass runs under its budget: when isl runs out, the model is left unchanged, the report
/// says so, and the pipeline goes on without it.
#[test]
fn the_budget_bails_out_with_the_model_unchanged() {
    common::budget_bails_out("scalar/gemm_ijk.c", optimist::delicm::run);
}

/// A fixed pseudo-random sequence of small kernels that keep values in scalars the ways the
/// paper lists (accumulators promoted out of memory, hoisted loads, one scalar reused by two
/// nests, a running value live across iterations), each compiled with the passes on and off:
/// native code gives the interpreter's bits, and DeLICM changes many of them.
#[test]
fn random_scalar_kernels_compute_the_same_bits() {
    let mut rng = common::Rng(0x2545_F491_4F6C_DD1D);
    let (mut changed, mut failures) = (0, Vec::new());
    for round in 0..16 {
        let mut body = String::new();
        // An accumulator over j, stored to C[i] or D[i][0].
        let init = rng.pick(&["0.0", "C[i]", "D[i][0] * 0.5", "1.0"]);
        let hoist = rng.below(2) == 1;
        let term = if hoist {
            rng.pick(&["h * A[i][j]", "A[i][j] - h", "h"])
        } else {
            rng.pick(&["A[i][j]", "A[i][j] * B[j]", "B[j] + 1.0"])
        };
        let store = rng.pick(&[
            "C[i] = acc;",
            "D[i][0] = acc * 2.0;",
            "C[i] = acc; D[i][1] = acc;",
        ]);
        body.push_str("  for (int i = 0; i < n; i++) {\n");
        if hoist {
            body.push_str(&format!(
                "    h = {};\n",
                rng.pick(&["C[i]", "B[0]", "D[i][1]"])
            ));
        }
        body.push_str(&format!(
            "    acc = {init};\n    for (int j = 0; j < m; j++)\n      acc = acc + {term};\n    {store}\n  }}\n"
        ));
        // The same scalar reused by a second nest, over the columns.
        if rng.below(2) == 1 {
            body.push_str(&format!(
                "  for (int j = 0; j < m; j++) {{\n    acc = {};\n    for (int i = 0; i < n; i++)\n      acc += A[i][j];\n    B[j] = acc;\n  }}\n",
                rng.pick(&["B[j]", "0.0"])
            ));
        }
        // A running value live across iterations: must stay a scalar.
        if rng.below(3) == 0 {
            body.push_str("  s = 0.0;\n  for (int i = 0; i < n; i++) {\n    s = s + C[i];\n    C[i] = s;\n  }\n");
        }
        let src = format!(
            "void k(int n, int m, double A[n][m], double B[m], double C[n], double D[n][m]) {{\n  double acc, h, s;\n{body}}}\n"
        );
        let f = parse(&src);
        let spec = optimist::scop::workload::RunSpec::parse_args(&["--set", "n=7", "--set", "m=5"])
            .unwrap();
        if common::on_and_off(
            &f,
            &spec,
            "delicm",
            &format!("round {round}"),
            &mut failures,
        ) {
            changed += 1;
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    eprintln!("DeLICM changed {changed} of 16 kernels");
    assert!(changed >= 8, "DeLICM changed only {changed} of 16 kernels");
}

/// Forwarding pays only where it frees a loop (issue 37): a value computed once, outside every
/// loop (deriche's coefficients), serializes nothing, so it is neither copied into the loops
/// (where each instance would recompute it, `expf` included) nor kept in an array element.
#[test]
fn a_value_computed_once_stays_a_scalar() {
    check(
        "void scale(int n, float alpha, float A[n], float B[n]) {
  float k = expf(-alpha) * (1.0f - alpha);
  for (int i = 0; i < n; i++)
    B[i] = k * A[i];
}",
        expect![[r#"
            k: not forwarded: S0 computes it once, outside every loop
            k: not mapped: S0 writes it once, outside every loop
            statements: 2 before, 2 after
            S0: { S0[] -> k[] } = (expf(-(alpha)) * (1.0f - alpha))
            S1: [n] -> { S1[i] -> B[i] : 0 <= i < n } = (a2 * a3)
        "#]],
    );
}

/// A call computed in the outer loop is not copied into the inner one (each of its instances
/// would call it again); arithmetic and loads still are (Listing 2).
#[test]
fn a_call_is_not_forwarded_into_inner_loops() {
    check(
        "void rows(int n, int m, double A[n], double B[n][m], double C[m]) {
  for (int i = 0; i < n; i++) {
    double e = exp(A[i]);
    for (int j = 0; j < m; j++)
      B[i][j] = e * C[j];
  }
}",
        expect![[r#"
            e: not forwarded into S1: S0 computes it with a call, which S1 would repeat in its inner loops
            e: not mapped: B (stored by S1): no instance of S1 follows [n, m] -> { S0[i] : m <= 0 and 0 <= i < n }
            statements: 2 before, 2 after
            S0: [n] -> { S0[i] -> e[] : 0 <= i < n } = exp(a1)
            S1: [n, m] -> { S1[i, j] -> B[i, j] : 0 <= i < n and 0 <= j < m } = (a3 * a4)
        "#]],
    );
}

/// `PassReport::compiler_does`: a value forwarded into reads of the same iteration (the
/// instance of the same indices) is what a C compiler's registers do with the program's
/// scalars, and a plan for C that adds nothing else keeps the program's code; a scalar mapped
/// to an element, or a value forwarded into an inner loop (its loads re-issued there), is not.
#[test]
fn only_values_forwarded_into_their_own_iteration_are_what_compilers_do() {
    let same = "void f(int n, double A[n], double B[n], double C[n], double D[n]) {
  for (int i = 0; i < n; i++) {
    double t = A[i] * B[i];
    C[i] = t + D[i];
    D[i] = t - C[i];
  }
}";
    let inner = "void sop(int n, int m, double A[n], double B[m], double C[n]) {
  for (int i = 0; i < n; i++) {
    C[i] = 0;
    double a = A[i];
    for (int k = 0; k < m; k++)
      C[i] += a * B[k];
  }
}";
    let mapped = "void sop(int n, int m, double A[n], double B[m], double C[n]) {
  for (int i = 0; i < n; i++) {
    double c = 0;
    for (int k = 0; k < m; k++)
      c += A[i] * B[k];
    C[i] = c;
  }
}";
    for (src, compilers) in [(same, true), (inner, false), (mapped, false)] {
        let outcome = optimist::optimize(&parse(src), &Config::default()).unwrap();
        let Outcome::Optimized(plan) = outcome else {
            panic!("{src}: {outcome:?}");
        };
        let r = plan.reports.iter().find(|r| r.pass == "delicm").unwrap();
        assert!(r.changed, "{src}: {r}");
        assert_eq!(r.compiler_does, compilers, "{src}: {r}");
    }
}
