//! Integer counters in loop nests: an integer scalar stepped by constants in the bodies of
//! loops (`k = 1; for (i ...) { for (j ...) { b[j][i] = b[j - 1][i] + f[k - 1] * c[j][i]; k++; }
//! k++; }`). Left so, the model sees a value carried from each iteration to the next through
//! the whole nest, and the nest runs in its order: no loop of it may be interchanged, tiled or
//! run in lanes. Its value at each point is its value before the nest plus the steps taken so
//! far, which the loops' counters give when the loops that contain steps run a known number of
//! times: the read above is `f[256 * i + j - 1]`.
//!
//! A read of the scalar becomes `(T)(x0 + steps)` ([`induction`]): `x0` its value before the nest
//! (the integer constant the statement before the nest assigns it, else the scalar itself,
//! which the nest no longer assigns), `steps` (a `long`) the sum, over the loops around the read
//! that contain steps, of the loop's iteration number times the steps one of its iterations
//! takes, plus the steps taken before the read in the current iteration of each. The steps are
//! removed; the scalar is assigned `(T)(x0 + all)` after the nest. The sum is computed in
//! `long` and converted once: the conversion wraps as each step's did (C's unsigned
//! arithmetic; a signed one that overflowed was undefined in the program).
//!
//! Rewritten when: the scalar is an integer that is not a loop counter; every assignment to it
//! in the nest is a step by an integer constant, in no condition (a step of the nest's
//! statements in order, not under an `if`) and with no label (a script may name it); each loop
//! that contains a step has an integer constant start and bound (its trip count is known), a
//! counter its body does not assign, and no read of the scalar in its header. Floating counters
//! are [`super::counted`]'s: their additions are exact only in a range.

use super::counted::{integer, iteration, stepped, trips};
use super::stmt::{assigned_vars, inner_blocks, reads_var};
use super::*;
use crate::id::IdVec;

/// Rewrites the integer counters of the loop nests of `body` (at any depth). Returns the
/// scalars rewritten.
pub(super) fn induction(
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
    let mut at = 0;
    while at < stmts.len() {
        // The outermost loop of a nest first: its counters are the nest's. Each counter in
        // turn (its last value is assigned right after the loop).
        while let StmtKind::For(f) = &stmts[at].kind {
            let mut rewritten = None;
            for x in candidates(f, vars) {
                let ty = vars[x].ty;
                let start = start_of(&stmts[..at], x);
                let x0 = match start {
                    Some(v) => Expr::int(v, Type::I64)?,
                    None => Expr::var(x, ty).convert(Type::I64)?,
                };
                let value = |steps: &Expr| -> Result<Expr, IrError> {
                    sum(x0.clone(), steps.clone())?.convert(ty)
                };
                if let Some((g, all)) = nest(f, x, &value)? {
                    rewritten = Some((x, g, value(&Expr::int(all, Type::I64)?)?));
                    break;
                }
            }
            let Some((x, g, last)) = rewritten else {
                break;
            };
            let loc = stmts[at].loc.clone();
            stmts[at].kind = StmtKind::For(g);
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
        inner_blocks(std::slice::from_mut(&mut stmts[at]), &mut |b| {
            block(b, vars, done)
        })?;
        at += 1;
    }
    Ok(())
}

/// The integer scalars some statement of `f`'s body steps (at any depth), in order of their
/// first step, loop counters left out.
fn candidates(f: &For, vars: &IdVec<VarId, Var>) -> Vec<VarId> {
    fn steps(stmts: &[Stmt], out: &mut Vec<VarId>) {
        for s in stmts {
            match &s.kind {
                StmtKind::Assign(LValue::Var(x), v) => {
                    if stepped(v, *x).is_some() && !out.contains(x) {
                        out.push(*x);
                    }
                }
                StmtKind::Assign(..) => {}
                StmtKind::For(g) => steps(&g.body, out),
                StmtKind::If(_, t, e) => {
                    steps(t, out);
                    steps(e, out);
                }
                StmtKind::Block(b) => steps(b, out),
            }
        }
    }
    let mut found = Vec::new();
    steps(&f.body, &mut found);
    let mut counters = Vec::new();
    loop_counters(
        std::slice::from_ref(&Stmt::new(StmtKind::For(f.clone()))),
        &mut counters,
    );
    found.retain(|x| vars.get(*x).is_some_and(|v| v.ty.is_int()) && !counters.contains(x));
    found
}

/// The counters of the loops of `stmts`, at any depth.
fn loop_counters(stmts: &[Stmt], out: &mut Vec<VarId>) {
    for s in stmts {
        match &s.kind {
            StmtKind::For(g) => {
                out.push(g.var);
                loop_counters(&g.body, out);
            }
            StmtKind::If(_, t, e) => {
                loop_counters(t, out);
                loop_counters(e, out);
            }
            StmtKind::Block(b) => loop_counters(b, out),
            StmtKind::Assign(..) => {}
        }
    }
}

/// The integer constant the last assignment to `x` in `before` gives it, when that assignment is
/// `x = constant`.
fn start_of(before: &[Stmt], x: VarId) -> Option<i128> {
    before.iter().rev().find_map(|s| {
        let mut a = Vec::new();
        assigned_vars(std::slice::from_ref(s), &mut a);
        if !a.contains(&x) {
            return None;
        }
        Some(match &s.kind {
            StmtKind::Assign(LValue::Var(y), v) if *y == x => integer(v),
            _ => None,
        })
    })?
}

/// `a + b` in `long`, a zero term left out.
fn sum(a: Expr, b: Expr) -> Result<Expr, IrError> {
    if integer(&b) == Some(0) {
        return Ok(a);
    }
    if integer(&a) == Some(0) {
        return Ok(b);
    }
    Expr::binary(BinOp::Add, a, b)
}

/// Far below `long`'s range: the steps of a nest are summed in `long`.
const MOST_STEPS: i128 = 1 << 60;

/// Loop `f` with the reads of `x` computed by `value` from the steps taken before them and its
/// steps removed, and the steps the whole loop takes; `None` when a condition of the module
/// fails.
fn nest(
    f: &For,
    x: VarId,
    value: &dyn Fn(&Expr) -> Result<Expr, IrError>,
) -> Result<Option<(For, i128)>, IrError> {
    let zero = Expr::int(0, Type::I64)?;
    let Some((g, all)) = looped(f, x, &zero, value)? else {
        return Ok(None);
    };
    Ok((all != 0).then_some((g, all)))
}

/// Loop `f` entered after `base` steps (a `long` expression): the loop rewritten and the steps it
/// takes in all.
fn looped(
    f: &For,
    x: VarId,
    base: &Expr,
    value: &dyn Fn(&Expr) -> Result<Expr, IrError>,
) -> Result<Option<(For, i128)>, IrError> {
    let Some(each) = per_iteration(&f.body, x) else {
        return Ok(None);
    };
    let mut assigned = Vec::new();
    assigned_vars(&f.body, &mut assigned);
    if !assigned.contains(&x) {
        // No step inside: the scalar keeps its value while the loop runs.
        let v = value(base)?;
        let g = super::wrap::substituted_stmt(&Stmt::new(StmtKind::For(f.clone())), &|y| {
            (y == x).then(|| v.clone())
        })?;
        let StmtKind::For(g) = g.kind else {
            return Ok(None);
        };
        return Ok(Some((g, 0)));
    }
    let Some(n) = trips(f) else {
        return Ok(None);
    };
    let Some(all) = n.checked_mul(each).filter(|a| a.abs() < MOST_STEPS) else {
        return Ok(None);
    };
    if assigned.contains(&f.var) || reads_var(&f.init, x) || reads_var(&f.cond.bound, x) {
        return Ok(None);
    }
    // Entering iteration k: `base + k * each` steps.
    let k = if integer(&f.init) == Some(0) && f.step == 1 {
        Expr::var(f.var, f.init.ty).convert(Type::I64)?
    } else {
        iteration(f)?
    };
    let taken = if each == 1 {
        k
    } else {
        Expr::binary(BinOp::Mul, k, Expr::int(each, Type::I64)?)?
    };
    let entry = sum(base.clone(), taken)?;
    let Some((body, _)) = sequence(&f.body, x, &entry, value)? else {
        return Ok(None);
    };
    Ok(Some((For { body, ..f.clone() }, all)))
}

/// The steps one run of `stmts` takes, when every assignment to `x` in them is a step in no
/// condition and every loop containing a step runs a known number of times.
fn per_iteration(stmts: &[Stmt], x: VarId) -> Option<i128> {
    let mut run: i128 = 0;
    for s in stmts {
        let add = match &s.kind {
            StmtKind::Assign(LValue::Var(y), v) if *y == x => {
                if s.label.is_some() {
                    return None;
                }
                stepped(v, x)?
            }
            StmtKind::Assign(..) => 0,
            StmtKind::For(g) => {
                let each = per_iteration(&g.body, x)?;
                if each == 0 {
                    0
                } else {
                    trips(g)?.checked_mul(each)?
                }
            }
            StmtKind::If(_, t, e) => {
                let mut a = Vec::new();
                assigned_vars(t, &mut a);
                assigned_vars(e, &mut a);
                if a.contains(&x) {
                    return None;
                }
                0
            }
            StmtKind::Block(b) => per_iteration(b, x)?,
        };
        run = run.checked_add(add).filter(|r| r.abs() < MOST_STEPS)?;
    }
    Some(run)
}

/// `stmts` entered after `base` steps, rewritten, and the steps they take.
fn sequence(
    stmts: &[Stmt],
    x: VarId,
    base: &Expr,
    value: &dyn Fn(&Expr) -> Result<Expr, IrError>,
) -> Result<Option<(Vec<Stmt>, i128)>, IrError> {
    let mut out = Vec::with_capacity(stmts.len());
    let mut run: i128 = 0;
    for s in stmts {
        let here = sum(base.clone(), Expr::int(run, Type::I64)?)?;
        match &s.kind {
            StmtKind::Assign(LValue::Var(y), v) if *y == x => {
                let Some(c) = stepped(v, x).filter(|_| s.label.is_none()) else {
                    return Ok(None);
                };
                run += c;
            }
            StmtKind::For(g) => {
                let Some((h, all)) = looped(g, x, &here, value)? else {
                    return Ok(None);
                };
                out.push(Stmt {
                    kind: StmtKind::For(h),
                    ..s.clone()
                });
                run += all;
            }
            StmtKind::Block(b) => {
                let Some((inner, all)) = sequence(b, x, &here, value)? else {
                    return Ok(None);
                };
                out.push(Stmt {
                    kind: StmtKind::Block(inner),
                    ..s.clone()
                });
                run += all;
            }
            StmtKind::If(..) | StmtKind::Assign(..) => {
                // No step inside (an `if` that assigns the scalar was refused by
                // `per_iteration`): its reads see the value here.
                let mut a = Vec::new();
                assigned_vars(std::slice::from_ref(s), &mut a);
                if a.contains(&x) {
                    return Ok(None);
                }
                let v = value(&here)?;
                out.push(super::wrap::substituted_stmt(s, &|y| {
                    (y == x).then(|| v.clone())
                })?);
            }
        }
    }
    Ok(Some((out, run)))
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
    fn a_counter_of_a_nest_is_computed_from_the_loops_counters() {
        let (text, counted) = ir(
            "void f(float b[256][256], float c[256][256], float fl[65536], int out[2]) {
               int i, j, k, m;
               k = 1;
               for (i = 0; i < 256; i++) {
                 for (j = 1; j < 256; j++) { b[j][i] = b[j - 1][i] + fl[k - 1] * c[j][i]; k++; }
                 k++;
               }
               for (i = 0; i < 100; i++) { m += 2; fl[m] = 0; m = m + 1; fl[m] = 1; }
               out[0] = k;
               out[1] = m;
             }",
        );
        assert_eq!(counted, 2);
        expect![[r#"
            void f(float b[256][256], float c[256][256], float fl[65536], int out[2]) {
              int i;
              int j;
              int k;
              int m;
              k = 1;
              for (i = 0; i < 256; i++) {
                for (j = 1; j < 256; j++) {
                  b[j][i] = b[j - 1][i] + fl[(int)(1l + ((long)i * 256l + ((long)j - (long)1))) - 1] * c[j][i];
                }
              }
              k = (int)(1l + 65536l);
              for (i = 0; i < 100; i++) {
                fl[(int)((long)m + ((long)i * 3l + 2l))] = (float)0;
                fl[(int)((long)m + ((long)i * 3l + 3l))] = (float)1;
              }
              m = (int)((long)m + 300l);
              out[0] = k;
              out[1] = m;
            }
        "#]]
        .assert_eq(&text);
    }

    #[test]
    fn counters_that_may_change_otherwise_are_left_as_written() {
        for body in [
            // Stepped under a condition, or assigned otherwise.
            "k = 0; for (i = 0; i < 100; i++) { if (a[i] > 0) k++; a[k] = 1; }",
            "k = 0; for (i = 0; i < 100; i++) { k++; a[k] = 1; k = k * 2; }",
            "k = 0; for (i = 0; i < 100; i++) { k++; a[k] = 1; k = (int)a[i]; }",
            // In a loop whose trip count is not known.
            "k = 0; for (i = 0; i < 100; i++) for (j = 0; j < n; j++) { k++; a[k % 100] = 1; }",
            "k = 0; for (i = 0; i < 100; i++) for (j = 0; j < i; j++) { k++; a[k % 100] = 1; }",
            // Read in the header of a loop that steps it.
            "k = 0; for (i = 0; i < 10; i++) for (j = 0; j < 10 + k; j++) { k++; a[j] = 1; }",
        ] {
            let src = format!(
                "void f(int n, float a[1000]) {{\n  int i, j, k;\n  {body}\n  a[0] = k;\n}}\n"
            );
            let (text, counted) = ir(&src);
            assert_eq!(counted, 0, "{body}\n{text}");
        }
    }
}
