//! Work estimates ([`work`]): the statement instances a loop runs, as an expression of the
//! parameters and the iterators around it, against which `decide` weighs starting threads
//! ([`super::Fork`]).

use crate::ast::StmtNode;
use crate::ast::{AExpr, Node, exclusive_bound};
use optimist_presburger::AstOp;

/// Work estimates saturate here: every product of two of them fits in 64 bits.
const WORK_CAP: i64 = 1 << 30;

/// The statement instances of `for (iter = init; iter < end; ...) body`, as an expression of
/// the parameters and the iterators around: the loop's trip count times the instances of one
/// iteration, each loop inside counted at its first iteration's bounds (a triangular loop
/// inside is counted at its first row's length: an estimate), the branches of a condition
/// both counted. Saturates at [`WORK_CAP`]. `None` when a loop inside has no exclusive bound.
pub(crate) fn work(iter: usize, init: &AExpr, end: &AExpr, body: &[Node]) -> Option<AExpr> {
    let at = vec![(iter, init.clone())];
    Some(capped(AstOp::Mul, trip(init, end), instances(body, &at)?))
}

/// `min(max(end - first, 0), WORK_CAP)`.
fn trip(first: &AExpr, end: &AExpr) -> AExpr {
    let span = fold(AstOp::Sub, end.clone(), first.clone());
    let span = fold(AstOp::Max, span, AExpr::Int(0));
    fold(AstOp::Min, span, AExpr::Int(WORK_CAP))
}

/// The statement instances of `nodes` with the iterators of `at` at those values.
pub(super) fn instances(nodes: &[Node], at: &[(usize, AExpr)]) -> Option<AExpr> {
    let mut sum = AExpr::Int(0);
    for n in nodes {
        let w = match n {
            Node::Stmt(StmtNode { .. }) => AExpr::Int(1),
            Node::If { then, els, .. } => {
                capped(AstOp::Add, instances(then, at)?, instances(els, at)?)
            }
            Node::For {
                iter,
                init,
                cond,
                body,
                ..
            } => {
                let end = exclusive_bound(*iter, cond)?;
                let (first, end) = (at_values(init, at), at_values(&end, at));
                let mut inner = at.to_vec();
                inner.push((*iter, first.clone()));
                capped(AstOp::Mul, trip(&first, &end), instances(body, &inner)?)
            }
        };
        sum = capped(AstOp::Add, sum, w);
    }
    Some(sum)
}

/// `e` with the iterators of `at` replaced by their expressions.
fn at_values(e: &AExpr, at: &[(usize, AExpr)]) -> AExpr {
    match e {
        AExpr::Iter(k) => match at.iter().rev().find(|(i, _)| i == k) {
            Some((_, v)) => v.clone(),
            None => e.clone(),
        },
        AExpr::Op(op, args) => match args.as_slice() {
            [a, b] => fold(*op, at_values(a, at), at_values(b, at)),
            _ => AExpr::Op(*op, args.iter().map(|a| at_values(a, at)).collect()),
        },
        other => other.clone(),
    }
}

/// `min(a op b, WORK_CAP)` for two estimates (each at most `WORK_CAP`).
fn capped(op: AstOp, a: AExpr, b: AExpr) -> AExpr {
    fold(AstOp::Min, fold(op, a, b), AExpr::Int(WORK_CAP))
}

/// `a op b`, computed when both are constants (as [`crate::ast::constant`] computes them:
/// not where it would overflow), and `x + 0`, `x * 1`, `0 * x`, `min(min(x, c), d)`
/// simplified.
fn fold(op: AstOp, a: AExpr, b: AExpr) -> AExpr {
    if let (AExpr::Int(_), AExpr::Int(_)) = (&a, &b)
        && let Some(v) = crate::ast::constant(&AExpr::Op(op, vec![a.clone(), b.clone()]))
    {
        return AExpr::Int(v);
    }
    // `min(min(x, c), d)` with c <= d is `min(x, c)`.
    if op == AstOp::Min
        && let (AExpr::Op(AstOp::Min, inner), AExpr::Int(d)) = (&a, &b)
        && matches!(inner.get(1), Some(AExpr::Int(c)) if c <= d)
    {
        return a;
    }
    match (op, &a, &b) {
        (AstOp::Add, _, AExpr::Int(0))
        | (AstOp::Sub, _, AExpr::Int(0))
        | (AstOp::Mul, _, AExpr::Int(1)) => a,
        (AstOp::Add, AExpr::Int(0), _) | (AstOp::Mul, AExpr::Int(1), _) => b,
        (AstOp::Mul, AExpr::Int(0), _) | (AstOp::Mul, _, AExpr::Int(0)) => AExpr::Int(0),
        _ => AExpr::Op(op, vec![a, b]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ast::LoopKind;
    use optimist_scop::model::StmtId;

    fn value(e: &AExpr, n: i64) -> i64 {
        match e {
            AExpr::Int(v) => *v,
            AExpr::Param(_) => n,
            AExpr::Op(op, a) => {
                let (x, y) = (value(&a[0], n), value(&a[1], n));
                match op {
                    AstOp::Add => x + y,
                    AstOp::Sub => x - y,
                    AstOp::Mul => x * y,
                    AstOp::Min => x.min(y),
                    AstOp::Max => x.max(y),
                    other => panic!("{other:?}"),
                }
            }
            AExpr::Iter(k) => panic!("iterator {k} left"),
        }
    }

    #[test]
    fn work_counts_instances_at_the_first_iteration_and_saturates() {
        let n = || AExpr::Param("n".into());
        let stmt = || {
            Node::Stmt(StmtNode {
                stmt: StmtId(0),
                iterators: Vec::new(),
                indices: Vec::new(),
            })
        };
        // for (c0 = 0; c0 < n; c0++) { S; for (c1 = c0; c1 < n; c1++) { S; S } }
        let inner = Node::For {
            iter: 1,
            init: AExpr::Iter(0),
            cond: AExpr::Op(AstOp::Lt, vec![AExpr::Iter(1), n()]),
            step: 1,
            body: vec![stmt(), stmt()],
            kind: LoopKind::Serial,
            jam: false,
        };
        let w = work(0, &AExpr::Int(0), &n(), &[stmt(), inner]).unwrap();
        // The inner loop counted at c0 = 0: n iterations of 2, plus 1, n times.
        assert_eq!(value(&w, 10), 10 * (1 + 2 * 10));
        assert_eq!(value(&w, 0), 0);
        assert_eq!(value(&w, -5), 0);
        // Saturates instead of overflowing.
        assert_eq!(value(&w, 1 << 40), WORK_CAP);
        // A loop inside without an exclusive bound: no estimate.
        let odd = Node::For {
            iter: 1,
            init: AExpr::Int(0),
            cond: AExpr::Op(AstOp::Eq, vec![AExpr::Iter(1), n()]),
            step: 1,
            body: vec![stmt()],
            kind: LoopKind::Serial,
            jam: false,
        };
        assert!(work(0, &AExpr::Int(0), &n(), &[odd]).is_none());
    }
}
