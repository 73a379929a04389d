//! Run-time tests over the addresses a loop's accesses reach ([`Probe`]): written once here,
//! as `decide` chooses the execution that needs them, and translated by both back ends (C
//! prints one expression; native code lowers it). The one today: whether a moving access of a
//! loop reaches an element the loop keeps in a register ([`reaches`]).

use super::{ArrayAccess, StmtAt};
use crate::ast::AExpr;

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
        access: ArrayAccess,
        /// Added to the loop's iterator.
        plus: i64,
    },
    /// An operation on two values.
    Op(ProbeOp, Box<[Probe; 2]>),
    /// `c ? a : b` (both evaluated).
    Select(Box<[Probe; 3]>),
}

/// The operations of a [`Probe`]: C's on `long` (`Quot` and `Rem` truncate). Operands are evaluated whichever way a branch goes, so none may fail.
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
}

pub(crate) fn op(o: ProbeOp, [a, b]: [Probe; 2]) -> Probe {
    Probe::Op(o, Box::new([a, b]))
}

fn select(c: Probe, a: Probe, b: Probe) -> Probe {
    Probe::Select(Box::new([c, a, b]))
}

/// Whether one of the moving accesses `others` (statement node, access) of the loop over
/// `iter` (stepping by `step`, exclusive bound `end`) reaches the element at `home` in some
/// iteration: with `f` its address at the first iteration, `d` the step to the next and `p`
/// the element's, some iteration `t < trips` with `f + t d = p` (or `f = p` when `d = 0`).
pub(crate) fn reaches(
    iter: usize,
    step: i64,
    end: &AExpr,
    home: (StmtAt, ArrayAccess),
    others: &[(StmtAt, ArrayAccess)],
) -> Probe {
    use ProbeOp::*;
    let trips = op(
        Quot,
        [
            op(
                Add,
                [
                    op(
                        Sub,
                        [Probe::Ast(end.clone()), Probe::Ast(AExpr::Iter(iter))],
                    ),
                    Probe::Int(step - 1),
                ],
            ),
            Probe::Int(step),
        ],
    );
    let addr =
        |(node, access): (StmtAt, ArrayAccess), plus: i64| Probe::Addr { node, access, plus };
    let hits = others.iter().map(|&at| {
        let f = addr(at, 0);
        let d = op(Sub, [addr(at, step), f.clone()]);
        let gap = op(Sub, [addr(home, 0), f]);
        let still = op(Eq, [d.clone(), Probe::Int(0)]);
        let divisor = select(still.clone(), Probe::Int(1), d);
        let t = op(Quot, [gap.clone(), divisor.clone()]);
        let exact = op(Eq, [op(Rem, [gap.clone(), divisor]), Probe::Int(0)]);
        let inside = op(
            And,
            [
                op(Ge, [t.clone(), Probe::Int(0)]),
                op(Lt, [t, trips.clone()]),
            ],
        );
        let moving = op(And, [exact, inside]);
        select(still, op(Eq, [gap, Probe::Int(0)]), moving)
    });
    hits.reduce(|a, b| op(Or, [a, b])).unwrap_or(Probe::Int(0))
}
