//! The unrolling rules: how many iterations of a loop marked jam run together in its vector
//! loop ([`jam_copies`]), and which short loops inside a vector loop are unrolled into its
//! body ([`unroll_short`], within [`optimist_loopy::Target::unroll_limit`]). Both are
//! execution decisions, made here for both back ends.

use crate::ast::StmtNode;
use crate::ast::{AExpr, Node, constant};
use optimist_loopy::Target;
use optimist_presburger::AstOp;

/// How many iterations of a loop marked jam (from `init` to before `end`) run together in the
/// vector loop inside it, in native code and in C alike: all of them when their number is
/// known here and 2 to 8 (a 5x5 stencil's `dx`: nothing remains for the scalar rest), else 4.
pub(crate) fn jam_copies(init: &AExpr, end: &AExpr) -> i64 {
    match (constant(init), constant(end)) {
        (Some(a), Some(b)) if (2..=8).contains(&(b - a)) => b - a,
        _ => 4,
    }
}

/// The body of a vector loop with the loops inside it unrolled, when they are short: every
/// loop's bounds are constants once the loops around it (inside the vector loop) have their
/// values, every condition too, and the target's rule allows them ([`Target::unrolls`], the
/// strategy's too: at most 8 iterations each, a convolution's `dy, dx`, and instances within
/// its limit). The statements keep their order, with the unrolled iterators
/// replaced by their values; `None` when the body has no loop or cannot be unrolled. Parallel
/// loops inside are not there: the outermost parallel loop is the one marked. The limit is
pub(crate) fn unroll_short(body: &[Node], target: &Target) -> Option<Vec<Node>> {
    fn go(
        nodes: &[Node],
        target: &Target,
        values: &mut Vec<(usize, i64)>,
        out: &mut Vec<Node>,
    ) -> Option<()> {
        for n in nodes {
            match n {
                Node::Stmt(StmtNode {
                    stmt,
                    iterators,
                    indices,
                }) => {
                    if !target.unrolls(Some(0), out.len() + 1) {
                        return None;
                    }
                    out.push(Node::Stmt(StmtNode {
                        stmt: *stmt,
                        iterators: iterators.iter().map(|e| substitute(e, values)).collect(),
                        indices: indices
                            .iter()
                            .map(|(a, es)| (*a, es.iter().map(|e| substitute(e, values)).collect()))
                            .collect(),
                    }));
                }
                Node::If { cond, then, els } => {
                    let taken = if constant(&substitute(cond, values))? != 0 {
                        then
                    } else {
                        els
                    };
                    go(taken, target, values, out)?;
                }
                Node::For {
                    iter,
                    init,
                    cond,
                    step,
                    body,
                    ..
                } => {
                    let mut v = constant(&substitute(init, values))?;
                    let mut trips = 0;
                    loop {
                        values.push((*iter, v));
                        let going = constant(&substitute(cond, values));
                        if going? == 0 {
                            values.pop();
                            break;
                        }
                        trips += 1;
                        if !target.unrolls(Some(trips), out.len()) {
                            return None;
                        }
                        let done = go(body, target, values, out);
                        values.pop();
                        done?;
                        v = v.checked_add(*step)?;
                    }
                }
            }
        }
        Some(())
    }
    if !body
        .iter()
        .any(|n| !matches!(n, Node::Stmt(StmtNode { .. })))
    {
        return None;
    }
    let mut out = Vec::new();
    go(body, target, &mut Vec::new(), &mut out)?;
    Some(out)
}

/// `e` with the iterators of `values` replaced by their values (constants folded).
fn substitute(e: &AExpr, values: &[(usize, i64)]) -> AExpr {
    let e = match e {
        AExpr::Iter(k) => match values.iter().rev().find(|(i, _)| i == k) {
            Some((_, v)) => AExpr::Int(*v),
            None => e.clone(),
        },
        AExpr::Op(op, args) => AExpr::Op(*op, args.iter().map(|a| substitute(a, values)).collect()),
        other => other.clone(),
    };
    match (constant(&e), &e) {
        (Some(v), _) => AExpr::Int(v),
        // `i + 0` from an unrolled `dy = 0`.
        (None, AExpr::Op(AstOp::Add | AstOp::Sub, args)) if args.get(1) == Some(&AExpr::Int(0)) => {
            args[0].clone()
        }
        _ => e,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ast::LoopKind;
    use optimist_scop::model::{AccessId, StmtId};

    /// A statement node of statement 0 with one access whose index expressions are `e`.
    fn stmt(e: Vec<AExpr>) -> Node {
        Node::Stmt(StmtNode {
            stmt: StmtId(0),
            iterators: e.clone(),
            indices: vec![(AccessId(0), e)],
        })
    }

    fn add(a: AExpr, b: AExpr) -> AExpr {
        AExpr::Op(AstOp::Add, vec![a, b])
    }

    #[test]
    fn short_loops_inside_a_vector_loop_unroll_into_statements_in_order() {
        // for (c1 = 0; c1 <= 2; c1++) { if (c1 == 0) S(x, 7); for (c2 = c1; c2 < 2; c2++) S(x + c1, c2 + 0) }
        let inner = Node::For {
            iter: 2,
            init: AExpr::Iter(1),
            cond: AExpr::Op(AstOp::Lt, vec![AExpr::Iter(2), AExpr::Int(2)]),
            step: 1,
            body: vec![stmt(vec![
                add(AExpr::Iter(0), AExpr::Iter(1)),
                add(AExpr::Iter(2), AExpr::Int(0)),
            ])],
            kind: LoopKind::Serial,
            jam: false,
        };
        let body = vec![Node::For {
            iter: 1,
            init: AExpr::Int(0),
            cond: AExpr::Op(AstOp::Le, vec![AExpr::Iter(1), AExpr::Int(2)]),
            step: 1,
            body: vec![
                Node::If {
                    cond: AExpr::Op(AstOp::Eq, vec![AExpr::Iter(1), AExpr::Int(0)]),
                    then: vec![stmt(vec![AExpr::Iter(0), AExpr::Int(7)])],
                    els: vec![],
                },
                inner,
            ],
            kind: LoopKind::Serial,
            jam: false,
        }];
        let flat = unroll_short(&body, &Target::native(1, true, true)).expect("short loops");
        let x = || AExpr::Iter(0);
        // c1 = 0: the guarded statement, then c2 = 0, 1; c1 = 1: c2 = 1; c1 = 2: nothing.
        assert_eq!(
            flat,
            vec![
                stmt(vec![x(), AExpr::Int(7)]),
                stmt(vec![x(), AExpr::Int(0)]),
                stmt(vec![x(), AExpr::Int(1)]),
                stmt(vec![add(x(), AExpr::Int(1)), AExpr::Int(1)]),
            ]
        );
        // Statements only: nothing to unroll.
        assert!(unroll_short(&flat, &Target::native(1, true, true)).is_none());
        // A bound that is not a constant, or too many instances: no unrolling.
        let long = |cond| Node::For {
            iter: 1,
            init: AExpr::Int(0),
            cond,
            step: 1,
            body: vec![stmt(vec![x()])],
            kind: LoopKind::Serial,
            jam: false,
        };
        let param = AExpr::Op(AstOp::Lt, vec![AExpr::Iter(1), AExpr::Param("n".into())]);
        assert!(unroll_short(&[long(param)], &Target::native(1, true, true)).is_none());
        let many = AExpr::Op(AstOp::Lt, vec![AExpr::Iter(1), AExpr::Int(65)]);
        assert!(unroll_short(&[long(many)], &Target::native(1, true, true)).is_none());
        // The rule the strategy predicts with (`Target::unrolls`): 8 iterations of a loop
        // unroll, 9 do not, whatever the limit.
        let eight = AExpr::Op(AstOp::Lt, vec![AExpr::Iter(1), AExpr::Int(8)]);
        let unrolled = unroll_short(&[long(eight)], &Target::native(1, true, true));
        assert_eq!(unrolled.map(|u| u.len()), Some(8));
        let nine = AExpr::Op(AstOp::Lt, vec![AExpr::Iter(1), AExpr::Int(9)]);
        assert!(unroll_short(&[long(nine)], &Target::native(1, true, true)).is_none());
    }
}
