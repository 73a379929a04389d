//! Scripts: parsing errors with positions, the operators on the tagged product, and the
//! verifier's refusals (the paper's Figure 1b).

use expect_test::expect;
use optimist_loopy::{LoopyError, Script, apply};
use optimist_scop::frontend::{self, FrontendConfig};
use optimist_scop::ir::Function;
use optimist_scop::model::{Dependences, Scop};

fn model(src: &str) -> (Function, Scop, Dependences) {
    let f = frontend::parse_source("t.c", src, None, &FrontendConfig::default()).unwrap();
    let scop = Scop::build(&f, &Default::default()).unwrap();
    let deps = Dependences::compute(&scop, &Default::default()).unwrap();
    (f, scop, deps)
}

fn tagged() -> (Function, Scop, Dependences) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus/tagged.c");
    model(&std::fs::read_to_string(path).unwrap())
}

fn run(
    m: &(Function, Scop, Dependences),
    script: &str,
) -> Result<optimist_loopy::Transformed, LoopyError> {
    apply(&m.1, &m.2, &Script::parse(script)?)
}

/// Figure 1b: `A[i] = A[i] / A[i-1]` carries a flow dependence; reversing the loop is wrong.
const DIV: &str = "void div(int n, double A[n]) {\nDiv:\n  for (int i = 1; i < n; i++)\n    A[i] = A[i] / A[i - 1];\n}\n";

#[test]
fn script_errors_name_line_and_column() {
    let e = Script::parse("realign(Init, Mult, 0)\n  frobnicate(Init)").unwrap_err();
    assert_eq!((e.pos.line, e.pos.col), (2, 3));
    assert!(e.message.contains("unknown operation `frobnicate`"), "{e}");
    let e = Script::parse("lift(Init, 1)").unwrap_err();
    assert!(e.message.contains("1 result"), "{e}");
    let e = Script::parse("# comment\ntile(Mult, 32, x)").unwrap_err();
    assert_eq!(e.pos.line, 2, "{e}");
    let e = Script::parse("affine(Mult, { [i] -> [i] )").unwrap_err();
    assert_eq!(e.pos.line, 1, "{e}");

    let m = tagged();
    let e = run(&m, "\nreverse(Nope, 0)").unwrap_err().to_string();
    assert!(
        e.starts_with("line 2, column 9: unknown loop tag `Nope`"),
        "{e}"
    );
    assert!(
        e.contains("Init") && e.contains("Mult") && e.contains("Outer"),
        "{e}"
    );
    let e = run(&m, "affine(Mult, { [i, j] -> [i, j, ] })")
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("line 1, column 14: bad map"), "{e}");
    let e = run(&m, "affine(Mult, { [i, j, k, l, x] -> [i, j, k, l, x] })")
        .unwrap_err()
        .to_string();
    assert!(e.contains("takes 5 iterators, the nest has 3"), "{e}");
    let e = run(&m, "affine(Mult, { [i, j] -> [i, i] })")
        .unwrap_err()
        .to_string();
    assert!(e.contains("one-to-one"), "{e}");
}

#[test]
fn reversing_figure_1b_is_refused_with_the_dependence() {
    let m = model(DIV);
    let err = run(&m, "reverse(Div, 0)").unwrap_err();
    let LoopyError::Refused(v) = &err else {
        panic!("{err}")
    };
    let text = err.to_string();
    assert!(
        text.contains(
            "Raw dependence S0 (line 4) -> S0 (line 4) through array `A` would be reversed"
        ),
        "{text}"
    );
    assert!(v.iter().any(|v| v.array.as_deref() == Some("A")), "{text}");
    // The sample is a real pair of instances: consecutive iterations.
    assert!(
        v[0].sample.contains("S0[") && v[0].sample.contains("-> S0["),
        "{text}"
    );
    // Shifting is harmless; marking the loop parallel is not.
    run(&m, "shift(Div, 0, 5)").unwrap();
    let e = run(&m, "parallel(Div, 0)").unwrap_err().to_string();
    assert!(e.contains("carried by schedule dimension 1"), "{e}");
}

#[test]
fn the_paper_product_script_is_verified() {
    let m = tagged();
    let t = run(
        &m,
        "realign(Init, Mult, 0)   # Init in a nest of its own\n\
         affine(Mult, { [i, j, k] -> [i, k, j] })\n\
         M = lift(Mult, 1)\n\
         tile(M, 32, 32, 32)\n\
         parallel(Init, 0)\n\
         vectorize(M)",
    )
    .unwrap();
    expect!["[n] -> { S1[i, j, k] -> [1, o1, 0, o3, 0, o5, 0, i, 0, k, 0, j, 0] : 0 <= i < n and 0 <= j < n and 0 <= k < n and -31 + i <= 32o1 <= i and -31 + k <= 32o3 <= k and -31 + j <= 32o5 <= j; S2[i] -> [2, i, 0, 0, -1, 0, 0, 0, 0, 0, 0, 0, 0] : 0 <= i < n; Init[i, j] -> [0, i, 0, j, 0, 0, 0, 0, 0, 0, 0, 0, 0] : 0 <= i < n and 0 <= j < n }"]
    .assert_eq(&t.theta.to_string());
    let dims = |ms: &[optimist_loopy::Mark]| ms.iter().map(|m| m.dim).collect::<Vec<_>>();
    assert_eq!((dims(&t.parallel), dims(&t.vector)), (vec![1], vec![11]));
    // Each mark covers the statements of its component only.
    let m_scop = &m.1;
    let names = |m: &optimist_loopy::Mark| {
        m.stmts
            .iter()
            .map(|s| m_scop.stmt(*s).name.clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(
        (names(&t.parallel[0]), names(&t.vector[0])),
        (vec!["Init".to_string()], vec!["S1".to_string()])
    );
    // Interchanging i and j of the product is legal, reversing k is not (a reduction), and a
    // parallel k loop carries the reduction.
    run(&m, "interchange(Outer, 0, 1)").unwrap();
    let e = run(&m, "reverse(Mult, 2)").unwrap_err().to_string();
    assert!(
        e.contains("dependence S1") && e.contains("array `C`"),
        "{e}"
    );
    let e = run(&m, "parallel(Mult, 2)").unwrap_err().to_string();
    assert!(e.contains("carried by schedule dimension 5"), "{e}");
}

#[test]
fn broken_and_restored_dependences_are_fine() {
    // Reversing k twice is the identity: only the final schedule is checked (§4.1).
    let m = tagged();
    run(&m, "reverse(Mult, 2)\nreverse(Mult, 2)").unwrap();
    // Splitting j at n/2 keeps every dependence; so does fusing back.
    run(&m, "(A, B) = isplit(Outer, { [i, j] : j < n / 2 }, 1)").unwrap();
}

/// Scripts that ask for absurd depths are refused with the reason, quickly (found by fuzzing:
/// one asked for a map over twelve billion iterators, one for a 130-dimensional schedule).
#[test]
fn absurd_depths_are_refused() {
    let m = tagged();
    let e = run(&m, "skew(Outer, 0, 12147483648, 1)")
        .unwrap_err()
        .to_string();
    assert!(e.contains("beyond any nest"), "{e}");
    let wide = vec!["j"; 40].join(", ");
    let e = run(
        &m,
        &format!("affine(Mult, {{ [i, j, k] -> [i, k, {wide}] }})"),
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("at most 32 loop dimensions"), "{e}");
}
