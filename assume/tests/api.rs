//! The assumption API: the paper's numbers, the run-time check's semantics (overflow fails it),
//! infeasible assumptions, the DL slot and the budget.

use optimist_assume::{CheckExpr, CheckLeaf, Config, RuntimeCheck, collect};
use optimist_presburger::{AstOp, Set};
use optimist_scop::frontend::{self, FrontendConfig};
use optimist_scop::model::{Assumption, AssumptionKind, Scop};

fn scop(src: &str) -> Scop {
    let f = frontend::parse_source("k.c", src, None, &FrontendConfig::default()).unwrap();
    Scop::build(&f, &Default::default()).unwrap()
}

/// Evaluates a check for parameter values (arrays far apart, large buffers).
fn holds(check: &RuntimeCheck, values: &[(&str, i64)]) -> Option<i64> {
    check.condition.eval(&|leaf| match leaf {
        CheckLeaf::Param(p) => values.iter().find(|(n, _)| n == p).map(|(_, v)| *v),
        CheckLeaf::Address(k) => Some(1 << (40 + k.0)),
        CheckLeaf::BufferStart(_) => Some(0),
        CheckLeaf::BufferEnd(_) => Some(1 << 30),
    })
}

/// §5: Figure 7 with `B[100][100]` gives `M <= 100 or N <= 0`; dropping the values where
/// nothing runs leaves `M <= 100`.
#[test]
fn figure_7_in_bounds_assumption() {
    let mut s = scop(
        "void fig7(int N, int M, double A[M][N], double B[100][100]) {\n  for (int i = 0; i < N; i++)\n    for (int j = 0; j < M; j++)\n      A[j][i] = B[i][j];\n}\n",
    );
    let a = collect(&mut s, &Config::default()).unwrap();
    let ib: Vec<&Assumption> = a
        .taken
        .iter()
        .filter(|x| x.kind == AssumptionKind::Ib)
        .collect();
    assert_eq!(ib.len(), 1);
    let raw = Set::parse(&s.ctx, "[N, M] -> { : M <= 100 or N <= 0 }").unwrap();
    assert!(ib[0].valid.intersect(&s.context).unwrap() == raw.intersect(&s.context).unwrap());
    assert_eq!(
        a.valid,
        Set::parse(&s.ctx, "[N, M] -> { : M <= 100 }").unwrap()
    );
    let check = RuntimeCheck::build(&s, &a, None).unwrap();
    assert_eq!(holds(&check, &[("N", 10), ("M", 100)]), Some(1));
    assert_eq!(holds(&check, &[("N", 10), ("M", 101)]), Some(0));
    // The assumptions are recorded in the model too.
    assert_eq!(s.assumptions.len(), a.taken.len());
}

#[test]
fn figure_9_wrapping_subscript() {
    let mut s = scop(
        "void f(int n, double A[256]) {\n  for (int i = 0; i < n; i++)\n    A[(unsigned char)(i + 129)] = A[i] + 1.0;\n}\n",
    );
    let a = collect(&mut s, &Config::default()).unwrap();
    assert_eq!(a.taken[0].kind, AssumptionKind::Ee);
    assert_eq!(
        a.valid,
        Set::parse(&s.ctx, "[n] -> { : n <= 127 }").unwrap()
    );
    let stats: Vec<(AssumptionKind, usize, usize)> =
        a.stats.iter().map(|s| (s.kind, s.taken, s.new)).collect();
    assert!(stats.contains(&(AssumptionKind::Ee, 1, 1)));
}

/// Overflow anywhere fails the check (Algorithm 1); operands are all evaluated.
#[test]
fn overflow_fails_the_check() {
    let p = |n: &str| CheckExpr::Leaf(CheckLeaf::Param(n.into()));
    let sum = CheckExpr::Op(AstOp::Add, vec![p("a"), p("b")]);
    let le = CheckExpr::Op(AstOp::Le, vec![sum, CheckExpr::Int(100)]);
    let env = |a: i64, b: i64| {
        move |l: &CheckLeaf| match l {
            CheckLeaf::Param(n) if n == "a" => Some(a),
            CheckLeaf::Param(_) => Some(b),
            _ => None,
        }
    };
    assert_eq!(le.eval(&env(50, 50)), Some(1));
    assert_eq!(le.eval(&env(50, 51)), Some(0));
    // In ℤ, i64::MAX + (-i64::MAX) = 0 <= 100; no overflow: holds.
    assert_eq!(le.eval(&env(i64::MAX, -i64::MAX)), Some(1));
    // i64::MAX + 1 wraps to a negative number in machine arithmetic: the check must fail.
    assert_eq!(le.eval(&env(i64::MAX, 1)), None);
    // `or` does not short-circuit an overflow.
    let or = CheckExpr::Op(AstOp::Or, vec![CheckExpr::Int(1), le.clone()]);
    assert_eq!(or.eval(&env(i64::MAX, 1)), None);
    // Floor division and the division errors.
    let fdiv = |x: i64, y: i64| {
        CheckExpr::Op(AstOp::FdivQ, vec![CheckExpr::Int(x), CheckExpr::Int(y)]).eval(&|_| None)
    };
    assert_eq!(fdiv(-7, 2), Some(-4));
    assert_eq!(fdiv(7, 2), Some(3));
    assert_eq!(fdiv(7, 0), None);
    assert_eq!(fdiv(i64::MIN, -1), None);
    // Unknown leaves fail.
    assert_eq!(p("x").eval(&|_| None), None);
    // Building folds constants and `(x - c) + c`, which changes no value.
    let x_minus_1 = CheckExpr::Op(AstOp::Sub, vec![p("x"), CheckExpr::Int(1)]);
    assert_eq!(
        CheckExpr::op(AstOp::Add, x_minus_1, CheckExpr::Int(1)),
        p("x")
    );
    assert_eq!(
        CheckExpr::op(AstOp::Mul, CheckExpr::Int(6), CheckExpr::Int(7)),
        CheckExpr::Int(42)
    );
    assert_eq!(CheckExpr::op(AstOp::Mul, p("x"), CheckExpr::Int(1)), p("x"));
}

/// A subscript that wraps whenever the loop runs: no parameter value satisfies the EE
/// assumption, so only the faithful code may run.
#[test]
fn infeasible_assumptions_are_reported() {
    let mut s = scop(
        "void f(int n, double A[256]) {\n  for (int i = 0; i < n; i++)\n    A[(unsigned char)(i - 1)] = 1.0;\n}\n",
    );
    let a = collect(&mut s, &Config::default()).unwrap();
    let why = a.infeasible.as_deref().unwrap();
    assert!(why.contains("EE"), "{why}");
    let check = RuntimeCheck::build(&s, &a, None).unwrap();
    assert_eq!(check.condition, CheckExpr::Int(0));
}

/// Assumptions recorded before `collect` (delinearization's DL) join the precondition.
#[test]
fn recorded_dl_assumptions_are_kept() {
    let mut s = scop(
        "void f(int n, int m, double *A) {\n  for (int i = 0; i < n; i++)\n    for (int j = 0; j < m; j++)\n      A[i * m + j] = 1.0;\n}\n",
    );
    let dl = Set::parse(&s.ctx, "[n, m] -> { : m <= 1000 }").unwrap();
    s.assumptions.push(Assumption {
        kind: AssumptionKind::Dl,
        what: "delinearized with inner size m".into(),
        valid: dl,
        loc: None,
    });
    let a = collect(&mut s, &Config::default()).unwrap();
    assert!(a.taken.iter().any(|x| x.kind == AssumptionKind::Dl));
    assert!(
        a.valid
            .is_subset(
                &Set::parse(&s.ctx, "[n, m] -> { : m <= 1000 or n <= 0 or m <= 0 }").unwrap()
            )
            .unwrap()
    );
    assert_eq!(
        s.assumptions
            .iter()
            .filter(|x| x.kind == AssumptionKind::Dl)
            .count(),
        1
    );
}

#[test]
fn the_budget_is_an_error() {
    let mut s = scop(
        "void f(int n, double A[100][100], double B[100][100]) {\n  for (int i = 0; i < n; i++)\n    for (int j = 0; j < n; j++)\n      A[i][j] = B[j][i];\n}\n",
    );
    let r = collect(&mut s, &Config { max_operations: 1 });
    assert!(
        matches!(
            r,
            Err(optimist_assume::AssumeError::Isl(
                optimist_presburger::Error::Budget
            ))
        ),
        "{r:?}"
    );
}

/// RT: a bound loaded from `grid[0]` while `grid[k]` is written in the region.
#[test]
fn written_invariant_reads_need_rt() {
    let mut s = scop(
        "void f(int k, int grid[4], double A[64]) {\n  for (int i = 0; i < grid[0]; i++)\n    A[i] = 1.0;\n  grid[k] = 5;\n}\n",
    );
    let a = collect(&mut s, &Config::default()).unwrap();
    let rt: Vec<&Assumption> = a
        .taken
        .iter()
        .filter(|x| x.kind == AssumptionKind::Rt)
        .collect();
    assert_eq!(rt.len(), 1);
    let check = RuntimeCheck::build(&s, &a, None).unwrap();
    assert_eq!(check.preloads.len(), 1);
    assert_eq!(holds(&check, &[("k", 2), ("grid_ld0", 10)]), Some(1));
    assert_eq!(holds(&check, &[("k", 0), ("grid_ld0", 10)]), Some(0));
}

/// §4.5: in-bounds for a C99 variable-length array: the inner size is a parameter.
#[test]
fn parametric_sizes_in_bounds() {
    let mut s = scop(
        "void f(int n, int m, int k, double A[n][m]) {\n  for (int i = 0; i < n; i++)\n    for (int j = 0; j < k; j++)\n      A[i][j] = 0.0;\n}\n",
    );
    let a = collect(&mut s, &Config::default()).unwrap();
    assert_eq!(a.taken.len(), 1);
    assert_eq!(a.taken[0].kind, AssumptionKind::Ib);
    assert_eq!(
        a.valid,
        Set::parse(&s.ctx, "[n, m, k] -> { : k <= m }").unwrap()
    );
}
