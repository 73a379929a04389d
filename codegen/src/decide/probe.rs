//! Run-time tests over the addresses a loop's accesses reach ([`Probe`]): written once here,
//! as `decide` chooses the execution that needs them, and translated by both back ends (C
//! prints one expression; native code lowers it). The one today: whether a moving access of a
//! loop reaches an element the loop keeps in a register ([`reaches`]).

use super::StmtAt;
use crate::ast::AExpr;
use optimist_scop::model::AccessId;

/// A value of a run-time test, as a 64-bit integer (truth values 0 or 1), evaluated where the
/// loop it guards starts (its iterator at its first value).
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Probe {
    /// A constant.
    Int(i64),
    /// An AST expression (a bound, the loop's iterator).
    Ast(AExpr),
    /// The address, in bytes, of access `access` of the statement at `node` of the loop's
    /// body, with the loop's iterator `plus` more than it is.
    Addr {
        /// The statement of the loop body.
        node: StmtAt,
        /// The access.
        access: AccessId,
        /// Added to the loop's iterator.
        plus: i64,
    },
    /// An operation on values.
    Op(ProbeOp, Vec<Probe>),
}

/// The operations of a [`Probe`]: C's on `long` (`Quot` and `Rem` truncate), `Select` is
/// `?:`. Operands are evaluated whichever way a branch goes, so none may fail.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ProbeOp {
    /// `a + b`.
    Add,
    /// `a - b`.
    Sub,
    /// `a / b`, truncated (`b` is never 0).
    Quot,
    /// `a % b`, truncated (`b` is never 0).
    Rem,
    /// `a == b`.
    Eq,
    /// `a >= b`.
    Ge,
    /// `a < b`.
    Lt,
    /// `a && b`.
    And,
    /// `a || b`.
    Or,
    /// `c ? a : b`.
    Select,
}

fn op(o: ProbeOp, args: Vec<Probe>) -> Probe {
    Probe::Op(o, args)
}

/// Whether one of the moving accesses `others` (statement node, access) of the loop over
/// `iter` (stepping by `step`, exclusive bound `end`) reaches the element at `home` in some
/// iteration: with `f` its address at the first iteration, `d` the step to the next and `p`
/// the element's, some iteration `t < trips` with `f + t d = p` (or `f = p` when `d = 0`).
pub(crate) fn reaches(
    iter: usize,
    step: i64,
    end: &AExpr,
    home: (StmtAt, AccessId),
    others: &[(StmtAt, AccessId)],
) -> Probe {
    use ProbeOp::*;
    let trips = op(
        Quot,
        vec![
            op(
                Add,
                vec![
                    op(
                        Sub,
                        vec![Probe::Ast(end.clone()), Probe::Ast(AExpr::Iter(iter))],
                    ),
                    Probe::Int(step - 1),
                ],
            ),
            Probe::Int(step),
        ],
    );
    let addr = |(node, access): (StmtAt, AccessId), plus: i64| Probe::Addr { node, access, plus };
    let hits = others.iter().map(|&at| {
        let f = addr(at, 0);
        let d = op(Sub, vec![addr(at, step), f.clone()]);
        let gap = op(Sub, vec![addr(home, 0), f]);
        let still = op(Eq, vec![d.clone(), Probe::Int(0)]);
        let divisor = op(Select, vec![still.clone(), Probe::Int(1), d]);
        let t = op(Quot, vec![gap.clone(), divisor.clone()]);
        let exact = op(Eq, vec![op(Rem, vec![gap.clone(), divisor]), Probe::Int(0)]);
        let inside = op(
            And,
            vec![
                op(Ge, vec![t.clone(), Probe::Int(0)]),
                op(Lt, vec![t, trips.clone()]),
            ],
        );
        let moving = op(And, vec![exact, inside]);
        op(
            Select,
            vec![still, op(Eq, vec![gap, Probe::Int(0)]), moving],
        )
    });
    hits.reduce(|a, b| op(Or, vec![a, b]))
        .unwrap_or(Probe::Int(0))
}
