//! Wrap-around scalars: a scalar assigned at the end of a loop's body from that iteration's
//! values and read before, in the body (`x = b[N - 1]; for (i = 0; i < N; i++) { a[i] = (b[i] +
//! x) * 0.5; x = b[i]; }`, or as a subscript: `im1 = N - 1; ... b[im1] ...; im1 = i;`). Every
//! iteration but the first reads what the iteration before assigned; the first, the value from
//! before the loop. Left so, the model sees a value carried from each iteration to the next (a
//! scalar, or a subscript it cannot read) and the loop runs in order, in no lanes.
//!
//! So the loop's first iteration is peeled, as written, and in the loop over the others every
//! read before the assignment becomes the assigned expression at the iteration before (`b[i -
//! 1]`, `i - 1`) ([`wrap_around`]). That needs the expression to read nothing the body changes:
//! the counter, constants, scalars the loop does not assign, elements of arrays it does not
//! write. Scalars that wrap around one another (`im2 = im1; im1 = i;`) are peeled one after the
//! other (the second reads `i - 1` once the first is done), at most [`MAX_PEELED`] per loop;
//! those whose values read nothing the body assigns, all in one.
//! The loop keeps every assignment, so the scalars' values after it are the program's. A loop
//! is peeled only when the loop left over the other iterations carries no scalar from one
//! iteration to the next (a recurrence through another scalar would keep it in order anyway).
//!
//! Not peeled: a loop with loops inside (their nests would be copied, for lanes they have
//! anyway), a loop whose counter is read outside the loops it counts (a peeled loop that does
//! not run leaves it unassigned), whose start or bound reads what the body assigns or writes,
//! or that is labelled or holds a labelled statement (a script names it, once).

use super::stmt::{assigned_vars, reads_var};
use super::*;

/// The most iterations peeled off one loop (one per link of a chain of wrap-around scalars).
pub(super) const MAX_PEELED: usize = 3;

/// Peels the loops of the function body `body` (at any depth) whose wrap-around scalars can be
/// read from the iteration before (see the module's notes). Returns the scalars peeled for.
pub(super) fn wrap_around(body: &mut Vec<Stmt>) -> Result<Vec<VarId>, IrError> {
    let whole = body.clone();
    let mut peeled = Vec::new();
    block(body, &whole, &mut peeled)?;
    Ok(peeled)
}

fn block(stmts: &mut Vec<Stmt>, whole: &[Stmt], peeled: &mut Vec<VarId>) -> Result<(), IrError> {
    let mut out = Vec::with_capacity(stmts.len());
    for mut st in std::mem::take(stmts) {
        match &mut st.kind {
            StmtKind::For(f) => {
                block(&mut f.body, whole, peeled)?;
                // A labelled loop stays whole: a script names it.
                if st.label.is_none() {
                    let mut vars = Vec::new();
                    if let Some(stmts) = peel_rounds(f, whole, &st.loc, &mut vars, 0)? {
                        peeled.extend(vars);
                        out.extend(stmts);
                        continue;
                    }
                }
            }
            StmtKind::If(_, then, els) => {
                block(then, whole, peeled)?;
                block(els, whole, peeled)?;
            }
            StmtKind::Block(b) => block(b, whole, peeled)?,
            StmtKind::Assign(..) => {}
        }
        out.push(st);
    }
    *stmts = out;
    Ok(())
}

/// `f` with its first iteration peeled for its wrap-around scalars, and again for the next
/// link of a chain in the loop over the others (`depth` peeled so far); `None` when it has
/// none, or when the loop left at the end would still carry a scalar from one iteration to the
/// next (a recurrence: `ym1 = y[i]` after `y[i] = ... ym1 ...`): peeling gains no lanes there
/// and splits the statements the scheduler fuses (Deriche's filter ran 2.3 times slower).
fn peel_rounds(
    f: &For,
    whole: &[Stmt],
    loc: &Option<SrcLoc>,
    peeled: &mut Vec<VarId>,
    depth: usize,
) -> Result<Option<Vec<Stmt>>, IrError> {
    let found = if depth < MAX_PEELED {
        candidates(f, whole)
    } else {
        Vec::new()
    };
    if found.is_empty() {
        // The loop over the iterations left: taken when no scalar flows between them.
        return Ok((depth > 0 && !carries(&f.body)).then(|| {
            vec![Stmt {
                kind: StmtKind::For(f.clone()),
                label: None,
                loc: loc.clone(),
            }]
        }));
    }
    let var_ty = f.init.ty;
    // The first iteration, as written, at the counter's first value.
    let first = substituted_stmts(&f.body, &|x| (x == f.var).then(|| f.init.clone()))?;
    // The others: reads of `v` before its assignment are the value at the iteration before.
    let back = Expr::binary(
        BinOp::Sub,
        Expr::var(f.var, var_ty),
        Expr::int(i128::from(f.step), var_ty)?,
    )?;
    let mut body = f.body.clone();
    // Each scalar's value reads nothing the body assigns, so the replacements are independent.
    for (v, at, value) in &found {
        let previous = substituted(value, &|x| (x == f.var).then(|| back.clone()))?;
        for st in &mut body[..*at] {
            *st = substituted_stmt(st, &|x| (x == *v).then(|| previous.clone()))?;
        }
        peeled.push(*v);
    }
    let rest = For {
        var: f.var,
        init: Expr::binary(
            BinOp::Add,
            f.init.clone(),
            Expr::int(i128::from(f.step), var_ty)?,
        )?,
        cond: f.cond.clone(),
        step: f.step,
        body,
    };
    let Some(rest) = peel_rounds(&rest, whole, loc, peeled, depth + 1)? else {
        return Ok(None);
    };
    let runs = Expr::binary(
        f.cond.op,
        f.init.clone().convert(f.cond.ty)?,
        f.cond.bound.clone(),
    )?;
    let mut then = first;
    then.extend(rest);
    Ok(Some(vec![Stmt {
        kind: StmtKind::If(runs, then, Vec::new()),
        label: None,
        loc: loc.clone(),
    }]))
}

/// Whether a scalar the loop body `body` assigns may reach a later iteration: its first
/// mention in the body (in order, at any depth) is not an assignment at the top whose value
/// does not read it.
fn carries(body: &[Stmt]) -> bool {
    let mut assigned = Vec::new();
    assigned_vars(body, &mut assigned);
    assigned.sort_unstable_by_key(|v| v.0);
    assigned.dedup();
    assigned.into_iter().any(|v| {
        let first = body
            .iter()
            .find(|s| stmt_reads(s, v) || assigns(s, v))
            .map(|s| &s.kind);
        !matches!(first, Some(StmtKind::Assign(LValue::Var(x), value)) if *x == v && !reads_var(value, v))
    })
}

/// Whether `stmts` hold a loop, at any depth.
fn has_loop(stmts: &[Stmt]) -> bool {
    stmts.iter().any(|s| match &s.kind {
        StmtKind::For(_) => true,
        StmtKind::If(_, t, e) => has_loop(t) || has_loop(e),
        StmtKind::Block(b) => has_loop(b),
        StmtKind::Assign(..) => false,
    })
}

/// Whether `s` assigns `v`, at any depth.
fn assigns(s: &Stmt, v: VarId) -> bool {
    let mut assigned = Vec::new();
    assigned_vars(std::slice::from_ref(s), &mut assigned);
    assigned.contains(&v)
}

/// The wrap-around scalars of `f` to peel for: those assigned once in its body, at the top,
/// from an expression of values the body does not change, and read before that assignment.
/// With the position of the assignment and the value assigned.
fn candidates(f: &For, whole: &[Stmt]) -> Vec<(VarId, usize, Expr)> {
    let mut assigned = Vec::new();
    assigned_vars(&f.body, &mut assigned);
    let mut written = Vec::new();
    written_arrays(&f.body, &mut written);
    let changes = |e: &Expr| {
        let mut work = vec![e];
        while let Some(e) = work.pop() {
            match &e.kind {
                ExprKind::Leaf(IrLeaf::Var(x)) if *x != f.var && assigned.contains(x) => {
                    return true;
                }
                ExprKind::Leaf(IrLeaf::Read(a, _)) if written.contains(a) => return true,
                _ => work.extend(e.children()),
            }
        }
        false
    };
    // Innermost loops only: a loop around others would have whole nests copied, for lanes the
    // loops inside have anyway.
    if has_loop(&f.body)
        || assigned.contains(&f.var)
        || changes(&f.init)
        || changes(&f.cond.bound)
        || reads_var(&f.init, f.var)
        || labelled(&f.body)
        || counter_read_outside(whole, f.var, false)
    {
        return Vec::new();
    }
    (f.body.iter().enumerate())
        .filter_map(|(at, st)| {
            let StmtKind::Assign(LValue::Var(v), value) = &st.kind else {
                return None;
            };
            let once = assigned.iter().filter(|x| *x == v).count() == 1;
            let read_before = f.body[..at].iter().any(|s| stmt_reads(s, *v));
            (once
                && *v != f.var
                && !changes(value)
                && read_before
                && !reads_var(&f.init, *v)
                && !reads_var(&f.cond.bound, *v))
            .then(|| (*v, at, value.clone()))
        })
        .collect()
}

/// Whether a statement of `stmts` has a label.
fn labelled(stmts: &[Stmt]) -> bool {
    stmts.iter().any(|s| {
        s.label.is_some()
            || match &s.kind {
                StmtKind::For(f) => labelled(&f.body),
                StmtKind::If(_, t, e) => labelled(t) || labelled(e),
                StmtKind::Block(b) => labelled(b),
                StmtKind::Assign(..) => false,
            }
    })
}

/// Whether `v` is read in `stmts` where no loop counting with it is around (`inside`: one is).
fn counter_read_outside(stmts: &[Stmt], v: VarId, inside: bool) -> bool {
    let reads = |e: &Expr| !inside && reads_var(e, v);
    stmts.iter().any(|s| match &s.kind {
        StmtKind::For(f) => {
            reads(&f.init)
                || reads(&f.cond.bound)
                || counter_read_outside(&f.body, v, inside || f.var == v)
        }
        StmtKind::If(c, t, e) => {
            reads(c) || counter_read_outside(t, v, inside) || counter_read_outside(e, v, inside)
        }
        StmtKind::Block(b) => counter_read_outside(b, v, inside),
        StmtKind::Assign(lv, value) => {
            reads(value)
                || match lv {
                    LValue::Elem(_, idx) => idx.iter().any(reads),
                    LValue::Var(_) => false,
                }
        }
    })
}

/// The arrays `stmts` write, at any depth.
fn written_arrays(stmts: &[Stmt], out: &mut Vec<ArrayId>) {
    for s in stmts {
        match &s.kind {
            StmtKind::Assign(LValue::Elem(a, _), _) => out.push(*a),
            StmtKind::Assign(..) => {}
            StmtKind::For(f) => written_arrays(&f.body, out),
            StmtKind::If(_, t, e) => {
                written_arrays(t, out);
                written_arrays(e, out);
            }
            StmtKind::Block(b) => written_arrays(b, out),
        }
    }
}

/// Whether `s` reads `v` anywhere.
fn stmt_reads(s: &Stmt, v: VarId) -> bool {
    match &s.kind {
        StmtKind::For(f) => {
            reads_var(&f.init, v)
                || reads_var(&f.cond.bound, v)
                || f.body.iter().any(|s| stmt_reads(s, v))
        }
        StmtKind::If(c, t, e) => {
            reads_var(c, v)
                || t.iter().any(|s| stmt_reads(s, v))
                || e.iter().any(|s| stmt_reads(s, v))
        }
        StmtKind::Block(b) => b.iter().any(|s| stmt_reads(s, v)),
        StmtKind::Assign(lv, value) => {
            reads_var(value, v)
                || match lv {
                    LValue::Elem(_, idx) => idx.iter().any(|i| reads_var(i, v)),
                    LValue::Var(_) => false,
                }
        }
    }
}

/// `e` with every read of a variable `by` gives a value for replaced by that value (converted to
/// the variable's type).
pub(super) fn substituted(e: &Expr, by: &dyn Fn(VarId) -> Option<Expr>) -> Result<Expr, IrError> {
    e.map_leaves(&mut |l: &IrLeaf, ty| match l {
        IrLeaf::Var(v) => match by(*v) {
            Some(value) => value.convert(ty),
            None => Expr::leaf(IrLeaf::Var(*v), ty),
        },
        IrLeaf::Read(a, idx) => {
            let idx = idx
                .iter()
                .map(|i| substituted(i, by))
                .collect::<Result<Vec<_>, _>>()?;
            Expr::leaf(IrLeaf::Read(*a, idx), ty)
        }
    })
}

fn substituted_stmts(
    stmts: &[Stmt],
    by: &dyn Fn(VarId) -> Option<Expr>,
) -> Result<Vec<Stmt>, IrError> {
    stmts.iter().map(|s| substituted_stmt(s, by)).collect()
}

/// `s` with the reads of [`substituted`] replaced (the variables it assigns keep their names).
pub(super) fn substituted_stmt(
    s: &Stmt,
    by: &dyn Fn(VarId) -> Option<Expr>,
) -> Result<Stmt, IrError> {
    let kind = match &s.kind {
        StmtKind::For(f) => StmtKind::For(For {
            var: f.var,
            init: substituted(&f.init, by)?,
            cond: LoopCond {
                op: f.cond.op,
                bound: substituted(&f.cond.bound, by)?,
                ty: f.cond.ty,
            },
            step: f.step,
            body: substituted_stmts(&f.body, by)?,
        }),
        StmtKind::If(c, t, e) => StmtKind::If(
            substituted(c, by)?,
            substituted_stmts(t, by)?,
            substituted_stmts(e, by)?,
        ),
        StmtKind::Block(b) => StmtKind::Block(substituted_stmts(b, by)?),
        StmtKind::Assign(lv, value) => StmtKind::Assign(
            match lv {
                LValue::Var(v) => LValue::Var(*v),
                LValue::Elem(a, idx) => LValue::Elem(
                    *a,
                    idx.iter()
                        .map(|i| substituted(i, by))
                        .collect::<Result<Vec<_>, _>>()?,
                ),
            },
            substituted(value, by)?,
        ),
    };
    Ok(Stmt {
        kind,
        label: s.label.clone(),
        loc: s.loc.clone(),
    })
}

#[cfg(test)]
mod tests {
    use crate::frontend::{FrontendConfig, parse_source};
    use expect_test::expect;

    fn ir(src: &str) -> (String, usize) {
        let f = parse_source("w.c", src, None, &FrontendConfig::default()).unwrap();
        (f.to_string(), f.peeled.len())
    }

    #[test]
    fn a_value_and_an_index_read_from_the_iteration_before() {
        let (text, peeled) = ir("void f(int n, float a[n], float b[n]) {
               float x = b[n - 1];
               int im1 = n - 1;
               for (int i = 0; i < n; i++) { a[i] = (b[i] + x) * b[im1]; x = b[i]; im1 = i; }
             }");
        assert_eq!(peeled, 2);
        expect![[r#"
            void f(int n, float a[n], float b[n]) {
              float x;
              int im1;
              int i;
              x = b[n - 1];
              im1 = n - 1;
              if (0 < n) {
                a[0] = (b[0] + x) * b[im1];
                x = b[0];
                im1 = 0;
                for (i = 0 + 1; i < n; i++) {
                  a[i] = (b[i] + b[i - 1]) * b[i - 1];
                  x = b[i];
                  im1 = i;
                }
              }
            }
        "#]]
        .assert_eq(&text);
    }

    #[test]
    fn loops_whose_values_change_are_left_as_written() {
        // The value reads an array the loop writes; the counter is read after the loop (where
        // its value is not known: `counters_after_loops` replaces the others); the scalar is
        // assigned twice; a statement or the loop is labelled; the bound reads the scalar; the scalar is
        // assigned before it is read.
        for body in [
            "for (i = 0; i < n; i++) { a[i] = a[i] + t; t = a[i]; }",
            "for (i = 0; i < n; i++) { a[i] = b[i] + t; t = b[i]; }\n  if (n > 2) i = 5;\n  a[0] = i;",
            "for (i = 0; i < n; i++) { a[i] = b[i] + t; t = b[i]; t = t * 2; }",
            "for (i = 0; i < n; i++) { L: a[i] = b[i] + t; t = b[i]; }",
            "L: for (i = 0; i < n; i++) { a[i] = b[i] + t; t = b[i]; }",
            "for (i = 0; i < n - (int)t; i++) { a[i] = b[i] + t; t = b[i]; }",
            "for (i = 0; i < n; i++) { t = b[i]; a[i] = b[i] + t; }",
            // Loops inside: not innermost.
            "for (i = 0; i < n; i++) { for (int j = 0; j < n; j++) a[j] = b[j] + t; t = b[i]; }",
            // Another scalar carries a value on (a recurrence, a sum): no lanes to gain.
            "for (i = 0; i < n; i++) { a[i] = b[i] + t + s; t = b[i]; s = a[i]; }",
            "for (i = 0; i < n; i++) { a[i] = b[i] + t; t = b[i]; s = s + b[i]; }",
        ] {
            let src = format!(
                "void f(int n, float a[n], float b[n]) {{\n  int i;\n  float t = 1, s = 0;\n  {body}\n  a[1] = s;\n}}\n"
            );
            let (text, peeled) = ir(&src);
            assert_eq!(peeled, 0, "{body}\n{text}");
            assert!(text.contains("for (i = 0; "), "{text}");
        }
        // Downward, by steps of two: the iteration before is `i + 2`.
        let (text, peeled) = ir("void f(int n, float a[n], float b[n]) {
               float t = 0;
               for (int i = n - 1; i >= 0; i -= 2) { a[i] = b[i] - t; t = b[i]; }
             }");
        assert_eq!(peeled, 1);
        assert!(text.contains("a[i] = b[i] - b[i - -2];"), "{text}");
        assert!(
            text.contains("for (i = n - 1 + -2; i >= 0; i -= 2)"),
            "{text}"
        );
    }
}
