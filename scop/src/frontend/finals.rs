//! A loop counter read after its loop: C gives it the value that ended the loop. Reads of it
//! after the loop (before anything assigns it or what its start and bound read) are replaced by
//! that value, written from the loop's start and bound (`i < n` from `a`, step 1: `a < n ? n :
//! a`), so that the model, which refuses a counter read outside its loop, reads an affine
//! expression of the values around instead ([`counters_after_loops`]).

use super::*;

/// Replaces, in `body`, every read of a loop counter after its loop by the value the loop
/// left it (see the module's notes). Loops stepping by 1 or -1 with `< <= > >=` are handled;
/// a read whose value is not known for certain (after a branch assigned it, in a loop that
/// assigns it or what its value reads) is left as it is.
pub(super) fn counters_after_loops(body: &mut [Stmt]) -> Result<(), IrError> {
    block(body, &mut Vec::new())
}

type Finals = Vec<(VarId, Expr)>;

/// Forgets the values that read or are of a variable in `vars`.
fn forget(finals: &mut Finals, vars: &[VarId]) {
    finals.retain(|(v, e)| !vars.contains(v) && !vars.iter().any(|x| reads_var(e, *x)));
}

fn block(stmts: &mut [Stmt], finals: &mut Finals) -> Result<(), IrError> {
    for st in stmts {
        match &mut st.kind {
            StmtKind::Assign(lv, value) => {
                *value = substituted(value, finals)?;
                match lv {
                    LValue::Var(v) => forget(finals, &[*v]),
                    LValue::Elem(_, idx) => {
                        for i in idx.iter_mut() {
                            *i = substituted(i, finals)?;
                        }
                    }
                }
            }
            StmtKind::If(c, then, els) => {
                *c = substituted(c, finals)?;
                block(then, &mut finals.clone())?;
                block(els, &mut finals.clone())?;
                let mut assigned = Vec::new();
                assigned_vars(then, &mut assigned);
                assigned_vars(els, &mut assigned);
                forget(finals, &assigned);
            }
            StmtKind::Block(b) => block(b, finals)?,
            StmtKind::For(f) => {
                f.init = substituted(&f.init, finals)?;
                f.cond.bound = substituted(&f.cond.bound, finals)?;
                let mut assigned = vec![f.var];
                assigned_vars(&f.body, &mut assigned);
                forget(finals, &assigned);
                block(&mut f.body, &mut finals.clone())?;
                if let Some(end) = final_value(f, &assigned)? {
                    finals.push((f.var, end));
                }
            }
        }
    }
    Ok(())
}

/// The value loop `f` leaves its counter, when its start and bound keep their values through
/// the loop (`assigned`: what the loop assigns).
fn final_value(f: &For, assigned: &[VarId]) -> Result<Option<Expr>, IrError> {
    if assigned
        .iter()
        .any(|&v| reads_var(&f.init, v) || reads_var(&f.cond.bound, v))
    {
        return Ok(None);
    }
    let ty = f.init.ty;
    let init = f.init.clone().convert(f.cond.ty)?;
    let bound = f.cond.bound.clone();
    let one = Expr::int(1, f.cond.ty)?;
    let past = match (f.cond.op, f.step) {
        (BinOp::Lt, 1) | (BinOp::Gt, -1) => bound.clone(),
        (BinOp::Le, 1) => Expr::binary(BinOp::Add, bound.clone(), one)?,
        (BinOp::Ge, -1) => Expr::binary(BinOp::Sub, bound.clone(), one)?,
        // Steps of `s`: `init + s * ((bound - init + s - 1) / s)` for `<` (`+ s` for `<=`),
        // and with the signs turned for `>` and `>=` and a negative step; the quotient's
        // operand is not negative where the loop runs.
        (op @ (BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge), s)
            if (s > 1 && matches!(op, BinOp::Lt | BinOp::Le))
                || (s < -1 && matches!(op, BinOp::Gt | BinOp::Ge)) =>
        {
            let t = i128::from(s).abs();
            let extra = if matches!(op, BinOp::Lt | BinOp::Gt) {
                t - 1
            } else {
                t
            };
            let (from, to, toward) = if s > 0 {
                (init.clone(), bound.clone(), BinOp::Add)
            } else {
                (bound.clone(), init.clone(), BinOp::Sub)
            };
            let span = Expr::binary(BinOp::Sub, to, from)?;
            let span = Expr::binary(BinOp::Add, span, Expr::int(extra, f.cond.ty)?)?;
            let trips = Expr::binary(BinOp::Div, span, Expr::int(t, f.cond.ty)?)?;
            let by = Expr::binary(BinOp::Mul, trips, Expr::int(t, f.cond.ty)?)?;
            Expr::binary(toward, init.clone(), by)?
        }
        _ => return Ok(None),
    };
    let runs = Expr::binary(f.cond.op, init.clone(), bound)?;
    Ok(Some(Expr::select(runs, past, init)?.convert(ty)?))
}

/// `e` with every read of a variable of `finals` replaced by its value.
fn substituted(e: &Expr, finals: &Finals) -> Result<Expr, IrError> {
    if finals.is_empty() {
        return Ok(e.clone());
    }
    super::wrap::substituted(e, &|v| {
        (finals.iter().find(|(x, _)| *x == v)).map(|(_, value)| value.clone())
    })
}
