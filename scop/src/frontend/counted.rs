//! Floating counters: a `float` or `double` scalar set to an integer before a loop and stepped
//! by an integer once in each iteration
//! (`x = 0; for (i = 0; i < N; i++) { x = x + 1; a[i] = x * b[i]; }`). Left so, the model sees
//! a value carried from each iteration to the next, and the loop runs in order, in no lanes:
//! neither gcc nor clang may reassociate the additions.
//!
//! While every value the scalar takes is an integer of at most the type's mantissa (2^24 for
//! `float`, 2^53 for `double`), each addition is exact, so the value at an iteration is the
//! start plus the steps taken so far, computed in integers and converted ([`counted`]). Reads
//! before the step become `(T)(x0 + k * c)` at the loop's `k`-th iteration, reads after it
//! `(T)(x0 + (k + 1) * c)`; the step is removed, and the scalar is assigned its last value after
//! the loop. Exactness is decided from constants alone: the start and the step are integer
//! constants (a zero start is `+0`: `-0.0` is refused, its sign would be lost), the loop's start and
//! bound are integer constants (the preprocessor's `#define`s are), so the trip count is known.
//!
//! Not rewritten: a scalar stepped in a nested loop or under a condition, stepped twice,
//! assigned anything else in the loop, or set by an intervening statement; a loop whose counter
//! its body assigns; a labelled step (a script names it).

use super::stmt::{assigned_vars, inner_blocks, reads_var};
use super::*;
use crate::id::IdVec;

/// Rewrites the floating counters of `body` (at any depth). Returns the scalars rewritten.
pub(super) fn counted(
    body: &mut Vec<Stmt>,
    vars: &IdVec<VarId, Var>,
) -> Result<Vec<VarId>, IrError> {
    let mut done = Vec::new();
    block(body, vars, &mut done)?;
    Ok(done)
}

fn block(
    stmts: &mut Vec<Stmt>,
    vars: &IdVec<VarId, Var>,
    done: &mut Vec<VarId>,
) -> Result<(), IrError> {
    inner_blocks(stmts, &mut |b| block(b, vars, done))?;
    let mut at = 0;
    while at < stmts.len() {
        // Each counter of the loop in turn (its last value is assigned right after the loop).
        while let StmtKind::For(f) = &stmts[at].kind
            && let Some((x, ty, start, step_at, step)) = counter(&stmts[..at], f, vars)
            && let Some(trips) = trips(f)
            && exact(ty, start, step, trips)
        {
            let f = f.clone();
            let k = iteration(&f)?;
            // The value after `n` steps: `(T)(start + n * step)` from the iteration number.
            let value = |n: Expr| -> Result<Expr, IrError> {
                let steps = Expr::binary(BinOp::Mul, n, Expr::int(step, Type::I64)?)?;
                Expr::binary(BinOp::Add, Expr::int(start, Type::I64)?, steps)?.convert(ty)
            };
            let before = value(k.clone())?;
            let after = value(Expr::binary(BinOp::Add, k, Expr::int(1, Type::I64)?)?)?;
            let mut body = Vec::with_capacity(f.body.len() - 1);
            for (j, s) in f.body.iter().enumerate() {
                if j == step_at {
                    continue;
                }
                let v = if j < step_at { &before } else { &after };
                body.push(super::wrap::substituted_stmt(s, &|y| {
                    (y == x).then(|| v.clone())
                })?);
            }
            let last = Expr::float((start + trips * step) as f64, ty)?;
            let loc = stmts[at].loc.clone();
            if let StmtKind::For(g) = &mut stmts[at].kind {
                g.body = body;
            }
            stmts.insert(
                at + 1,
                Stmt {
                    kind: StmtKind::Assign(LValue::Var(x), last),
                    label: None,
                    loc,
                },
            );
            done.push(x);
        }
        at += 1;
    }
    Ok(())
}

/// The floating counter of loop `f` whose start the statements `before` set: the scalar, its
/// type, its start, the position of its step in the body and the step.
fn counter(
    before: &[Stmt],
    f: &For,
    vars: &IdVec<VarId, Var>,
) -> Option<(VarId, Type, i128, usize, i128)> {
    let mut assigned = Vec::new();
    assigned_vars(&f.body, &mut assigned);
    if assigned.contains(&f.var) {
        return None;
    }
    f.body.iter().enumerate().find_map(|(at, st)| {
        let StmtKind::Assign(LValue::Var(x), value) = &st.kind else {
            return None;
        };
        let ty = vars.get(*x)?.ty;
        if !ty.is_float() || st.label.is_some() || assigned.iter().filter(|y| *y == x).count() != 1
        {
            return None;
        }
        let step = stepped(value, *x)?;
        // The start: the last assignment of `x` before the loop, an integer constant, with
        // nothing between that assigns it.
        let start = before.iter().rev().find_map(|s| {
            let mut a = Vec::new();
            assigned_vars(std::slice::from_ref(s), &mut a);
            if !a.contains(x) {
                return None;
            }
            Some(match &s.kind {
                StmtKind::Assign(LValue::Var(y), v) if y == x => integer(v),
                _ => None,
            })
        })??;
        (step != 0 && !reads_var(&f.init, *x) && !reads_var(&f.cond.bound, *x))
            .then_some((*x, ty, start, at, step))
    })
}

/// `c` when `value` is `x + c`, `c + x` or `x - c` for an integer constant `c` (conversions
/// around `x` and the constant allowed: `x + 1` in `float` converts the `1`, `x + 1.0` computes
/// in `double` and converts back).
pub(super) fn stepped(value: &Expr, x: VarId) -> Option<i128> {
    let value = strip(value);
    let ExprKind::Binary(op, a, b) = &value.kind else {
        return None;
    };
    let is_x = |e: &Expr| matches!(&strip(e).kind, ExprKind::Leaf(IrLeaf::Var(y)) if *y == x);
    match op {
        BinOp::Add if is_x(a) => integer(b),
        BinOp::Add if is_x(b) => integer(a),
        BinOp::Sub if is_x(a) => integer(b).and_then(|c| c.checked_neg()),
        _ => None,
    }
}

/// `e` without the conversions around it.
fn strip(e: &Expr) -> &Expr {
    match &e.kind {
        ExprKind::Cast(inner) => strip(inner),
        _ => e,
    }
}

/// The value of `e` when it is an integer constant, or a floating one whose value is an
/// integer (not `-0.0`), conversions around it allowed; `None` otherwise.
pub(super) fn integer(e: &Expr) -> Option<i128> {
    match &strip(e).kind {
        ExprKind::Int(v) => Some(*v),
        ExprKind::Float(v)
            if v.is_finite()
                && v.fract() == 0.0
                && v.abs() < 9e15
                && !(*v == 0.0 && v.is_sign_negative()) =>
        {
            Some(*v as i128)
        }
        ExprKind::Unary(UnOp::Neg, a) => integer(a).and_then(|v| v.checked_neg()),
        _ => None,
    }
}

/// The number of iterations of `f` when its start and bound are integer constants.
pub(super) fn trips(f: &For) -> Option<i128> {
    let (start, bound, step) = (
        integer(&f.init)?,
        integer(&f.cond.bound)?,
        i128::from(f.step),
    );
    // Integer constants only (not floating ones a conversion made integers).
    if !matches!(strip(&f.init).kind, ExprKind::Int(_))
        || !matches!(strip(&f.cond.bound).kind, ExprKind::Int(_))
    {
        return None;
    }
    let span = match (f.cond.op, step > 0) {
        (BinOp::Lt, true) => bound - start,
        (BinOp::Le, true) => bound - start + 1,
        (BinOp::Gt, false) => start - bound,
        (BinOp::Ge, false) => start - bound + 1,
        _ => return None,
    };
    let by = step.abs();
    Some(if span <= 0 { 0 } else { (span + by - 1) / by })
}

/// Whether every value a counter of type `ty` from `start` by `step` takes in `trips`
/// iterations is an integer the type holds exactly, so that each addition is exact.
fn exact(ty: Type, start: i128, step: i128, trips: i128) -> bool {
    let limit: i128 = match ty {
        Type::F32 => 1 << 24,
        Type::F64 => 1 << 53,
        _ => return false,
    };
    trips
        .checked_mul(step.abs())
        .and_then(|t| t.checked_add(start.abs()))
        .is_some_and(|m| m <= limit)
}

/// The iteration number of `f` at its counter (`(i - start) / step`), a `long`.
pub(super) fn iteration(f: &For) -> Result<Expr, IrError> {
    let i = Expr::var(f.var, f.init.ty).convert(Type::I64)?;
    let from = Expr::binary(BinOp::Sub, i, f.init.clone().convert(Type::I64)?)?;
    if f.step == 1 {
        return Ok(from);
    }
    Expr::binary(BinOp::Div, from, Expr::int(i128::from(f.step), Type::I64)?)
}

#[cfg(test)]
mod tests {
    use crate::frontend::{FrontendConfig, parse_source};
    use expect_test::expect;

    fn ir(src: &str) -> (String, usize) {
        let f = parse_source("c.c", src, None, &FrontendConfig::default()).unwrap();
        (f.to_string(), f.counted.len())
    }

    #[test]
    fn a_floating_counter_is_computed_from_the_loops_counter() {
        let (text, counted) = ir(
            "void f(float a[1000], float b[1000], double c[1000], float out[2]) {
               float x = 0;
               double y;
               y = 10.0;
               for (int i = 0; i < 1000; i++) { a[i] = x * b[i]; x = x + 1; c[i] = x + y; y -= 3; }
               out[0] = x;
               out[1] = y;
             }",
        );
        assert_eq!(counted, 2);
        expect![[r#"
            void f(float a[1000], float b[1000], double c[1000], float out[2]) {
              float x;
              double y;
              int i;
              x = (float)0;
              y = 10.0;
              for (i = 0; i < 1000; i++) {
                a[i] = (float)(0l + ((long)i - (long)0) * 1l) * b[i];
                c[i] = (double)(float)(0l + ((long)i - (long)0 + 1l) * 1l) + (double)(10l + ((long)i - (long)0) * -3l);
              }
              y = -2990.0;
              x = 1000.0f;
              out[0] = x;
              out[1] = (float)y;
            }
        "#]]
        .assert_eq(&text);
    }

    #[test]
    fn counters_that_may_be_inexact_or_change_otherwise_are_left_as_written() {
        for body in [
            // A start or step that is not an integer; a start not known.
            "x = 0.5; for (i = 0; i < 1000; i++) { x = x + 1; a[i] = x; }",
            "x = 0; for (i = 0; i < 1000; i++) { x = x + 0.5f; a[i] = x; }",
            "for (i = 0; i < 1000; i++) { x = x + 1; a[i] = x; }",
            "x = -0.0f; for (i = 0; i < 1000; i++) { a[i] = x; x = x + 1; }",
            // Past 2^24 for a float.
            "x = 16777000; for (i = 0; i < 1000; i++) { x = x + 1; a[i] = x; }",
            // A bound that is not a constant.
            "x = 0; for (i = 0; i < n; i++) { x = x + 1; a[i] = x; }",
            // Stepped under a condition, twice, or assigned otherwise.
            "x = 0; for (i = 0; i < 1000; i++) { if (a[i] > 0) x = x + 1; a[i] = x; }",
            "x = 0; for (i = 0; i < 1000; i++) { x = x + 1; a[i] = x; x = x + 1; }",
            "x = 0; for (i = 0; i < 1000; i++) { x = x + 1; a[i] = x; x = a[i]; }",
            // Multiplied, not stepped.
            "x = 1; for (i = 0; i < 1000; i++) { x = x * 2; a[i] = x; }",
            // Set between the start and the loop.
            "x = 0; x = a[0]; for (i = 0; i < 1000; i++) { x = x + 1; a[i] = x; }",
        ] {
            let src = format!(
                "void f(int n, float a[1000]) {{\n  int i;\n  float x;\n  {body}\n  a[0] = x;\n}}\n"
            );
            let (text, counted) = ir(&src);
            assert_eq!(counted, 0, "{body}\n{text}");
        }
    }
}
