//! Register blocks: a loop marked registers ([`LoopKind::Accumulate`]) around a block of rows
//! by columns of one statement whose written element stays put along the loop (a product's
//! `C[i][j]` along `k`). Where its operands are packed and its statement is `W + X * Y`, both
//! back ends run it in a micro-kernel ([`crate::MicroKernel`]); otherwise the C back end keeps
//! a whole block in a local array and native code runs the block's loops as written. An
//! earlier native micro-kernel without packing (4 x 4 `f64` in eight 128-bit registers, the
//! factor `alpha * A[i][k]` computed and splat per row and step) ran a 1000x1100x1200 product
//! in 0.236 s on one thread against 0.197 s for the jammed vector loop; with both operands
//! packed (broadcasts from the buffer, one load per vector of columns) it takes 0.15-0.16 s.

use crate::ast::StmtNode;
use crate::ast::{AExpr, LoopKind, Node, mentions};
use optimist_presburger::AstOp;
use optimist_scop::model::{AccessId, Scop};

/// The register block that is the body of loop `k` (marked [`LoopKind::Accumulate`]): a
/// loop over rows around a loop over columns around one statement, both with bounds free
/// of `k` and a constant length when whole (`min(.., first + 3)`: 4), the statement
/// unguarded, every access of it to the array it writes at the written element, whose
/// index expressions are free of `k`, hold the rows' iterator in one subscript and the
/// columns' in another (each plus a constant at most), and neither elsewhere: one element
/// per row and column, the same along `k`. `None` otherwise (the loop is printed as it is).
pub(crate) fn register_block(scop: &Scop, k: usize, body: &[Node]) -> Option<RegisterBlock> {
    let (row, row_init, row_cond, row_body, _) = only_loop(body)?;
    let (column, column_init, column_cond, column_body, _) = only_loop(row_body)?;
    let [Node::Stmt(instance)] = column_body else {
        return None;
    };
    let StmtNode { stmt, indices, .. } = instance;
    let bounds = [row_init, row_cond, column_init, column_cond];
    if bounds.iter().any(|e| mentions(e, k)) {
        return None;
    }
    let row_end = crate::ast::exclusive_bound(*row, row_cond)?;
    let column_end = crate::ast::exclusive_bound(*column, column_cond)?;
    let (row_origin, rows) = nominal(row_init, &row_end)?;
    let (column_origin, columns) = nominal(column_init, &column_end)?;
    // The nominal box's origins are the blocks' (free of the rows and columns inside it).
    if mentions(&row_origin, *row)
        || mentions(&column_origin, *row)
        || mentions(&column_origin, *column)
    {
        return None;
    }
    let boxed = *row_init == row_origin
        && *column_init == column_origin
        && !mentions(column_init, *row)
        && !mentions(&column_end, *row);
    let st = scop.stmt(*stmt);
    let write = scop.access(st.write);
    let written = crate::decide::ArrayAccess::of(scop, st.write)?;
    if st.guard.is_some() {
        return None;
    }
    let element = indices
        .iter()
        .find(|(a, _)| *a == st.write)
        .map(|(_, e)| e)?;
    for &a in &st.accesses {
        if scop.access(a).array == write.array
            && indices.iter().find(|(x, _)| *x == a).map(|(_, e)| e) != Some(element)
        {
            return None;
        }
    }
    let holds = |it: usize| {
        element
            .iter()
            .filter(|e| mentions(e, it))
            .map(|e| offset_from(e, &AExpr::Iter(it)))
            .collect::<Vec<_>>()
    };
    let (in_rows, in_columns) = (holds(*row), holds(*column));
    let alone = |x: &[Option<i64>]| matches!(x, [Some(_)]);
    let separate = element
        .iter()
        .all(|e| !(mentions(e, *row) && mentions(e, *column)));
    if element.iter().any(|e| mentions(e, k))
        || !alone(&in_rows)
        || !alone(&in_columns)
        || !separate
    {
        return None;
    }
    let mut b = RegisterBlock {
        row: *row,
        row_init: row_init.clone(),
        row_end,
        row_origin,
        rows,
        column: *column,
        column_init: column_init.clone(),
        column_end,
        column_origin,
        columns,
        boxed,
        whole: AExpr::Int(0),
        stmt: instance.clone(),
        write: written,
    };
    b.whole = whole_test(&b);
    Some(b)
}

/// The test that block `b` is whole ([`RegisterBlock::whole`]): its rows end at the box's
/// end and, at every row of the box (once when the columns' bounds are free of the row), its
/// columns end at theirs; with their first values at the origins too unless
/// [`RegisterBlock::boxed`] (where they are the origins). Written once here; both back ends
/// translate it.
fn whole_test(b: &RegisterBlock) -> AExpr {
    let op = |o: AstOp, x: AExpr, y: AExpr| AExpr::Op(o, vec![x, y]);
    let plus = |x: &AExpr, c: i64| op(AstOp::Add, x.clone(), AExpr::Int(c));
    // `x == y`, and with it `whole &&` it; nothing where `x` and `y` are written alike.
    let and_eq = |whole: AExpr, x: AExpr, y: AExpr| match x == y {
        true => whole,
        false => op(AstOp::And, whole, op(AstOp::Eq, x, y)),
    };
    let mut whole = op(AstOp::Eq, b.row_end.clone(), plus(&b.row_origin, b.rows));
    if !b.boxed {
        whole = and_eq(whole, b.row_init.clone(), b.row_origin.clone());
    }
    let per_row = mentions(&b.column_init, b.row) || mentions(&b.column_end, b.row);
    for t in 0..if per_row { b.rows } else { 1 } {
        let at = |e: &AExpr| match per_row {
            true => replaced(e, b.row, &plus(&b.row_origin, t)),
            false => e.clone(),
        };
        whole = and_eq(whole, at(&b.column_end), plus(&b.column_origin, b.columns));
        if !b.boxed {
            whole = and_eq(whole, at(&b.column_init), b.column_origin.clone());
        }
    }
    whole
}

/// `e` with iterator `k` replaced by `by`.
fn replaced(e: &AExpr, k: usize, by: &AExpr) -> AExpr {
    match e {
        AExpr::Iter(i) if *i == k => by.clone(),
        AExpr::Op(o, args) => AExpr::Op(*o, args.iter().map(|a| replaced(a, k, by)).collect()),
        other => other.clone(),
    }
}

/// The nominal box of a loop from `init` to before `end` (`end` as
/// [`crate::ast::exclusive_bound`] gives it): a first value, `init` or one term of `init`'s
/// maximum, and a length, the constant by which exactly one term of `end`'s minimum exceeds
/// it (at least 1). Every iteration lies in it (`init` is at least the origin, `end` at most
/// the origin plus the length), and the loop covers it when `init` is the origin and `end`
/// the origin plus the length: a register block's rows `max(6 * c4, 16 * c5)` to
/// `min(n - 1, 6 * c4 + 5)` (syrk's triangle cuts some) have the box of 6 from `6 * c4`.
pub(crate) fn nominal(init: &AExpr, end: &AExpr) -> Option<(AExpr, i64)> {
    let origins: Vec<&AExpr> = match init {
        AExpr::Op(AstOp::Max, terms) => terms.iter().collect(),
        _ => vec![init],
    };
    let mut found = None;
    for o in origins {
        if let Some(n) = whole_length(o, end) {
            if found.is_some() {
                return None;
            }
            found = Some((o.clone(), n));
        }
    }
    found
}

/// A register block (found by `register_block`): its loops' iterators, first values,
/// exclusive ends, nominal boxes (`block::nominal`) and lengths when whole, and its statement.
/// The columns' bounds may depend on the row (a triangle: syrk's `j <= i`); the block is
/// whole when its loops cover their boxes at every row.
#[derive(Clone, Debug)]
pub(crate) struct RegisterBlock {
    /// The rows' iterator.
    pub row: usize,
    /// The first row.
    pub row_init: AExpr,
    /// The rows' exclusive end.
    pub row_end: AExpr,
    /// The first row of a whole block (the nominal box's).
    pub row_origin: AExpr,
    /// Rows in a whole block.
    pub rows: i64,
    /// The columns' iterator.
    pub column: usize,
    /// The first column (it may depend on the row).
    pub column_init: AExpr,
    /// The columns' exclusive end (it may depend on the row).
    pub column_end: AExpr,
    /// The first column of a whole block (free of the row).
    pub column_origin: AExpr,
    /// Columns in a whole block.
    pub columns: i64,
    /// Whether the loops' bounds are their boxes' cut only by constants of the block (the
    /// first values are the origins, and the columns' bounds are free of the row): a block
    /// is then whole when its last row and column are inside, and its operand can be packed
    /// before the loop over row blocks.
    pub boxed: bool,
    /// The run-time test that the block is whole (its loops cover the box at every row),
    /// which chooses between the block in registers and its loops as written.
    pub whole: AExpr,
    /// The statement (a [`Node::Stmt`]).
    pub stmt: StmtNode,
    /// Its write: the block's elements.
    pub write: crate::decide::ArrayAccess,
}

/// The iterator values and the index expressions of each access of a statement instance.
pub(crate) type StmtParts<'a> = (&'a [AExpr], &'a [(AccessId, Vec<AExpr>)]);

impl RegisterBlock {
    /// The block's statement.
    pub(crate) fn stmt_id(&self) -> optimist_scop::model::StmtId {
        self.parts().0
    }

    /// The block's statement, its iterators' values and its accesses' index expressions.
    pub(crate) fn parts(&self) -> (optimist_scop::model::StmtId, StmtParts<'_>) {
        let s = &self.stmt;
        (s.stmt, (&s.iterators, &s.indices))
    }
}

/// The loop that is all of `nodes` when it steps by one: its iterator, first value,
/// condition, body and kind.
pub(crate) fn only_loop(nodes: &[Node]) -> Option<(&usize, &AExpr, &AExpr, &[Node], LoopKind)> {
    match nodes {
        [
            Node::For {
                iter,
                init,
                cond,
                step: 1,
                body,
                kind,
                ..
            },
        ] => Some((iter, init, cond, body.as_slice(), *kind)),
        _ => None,
    }
}

/// `c` when `e` is `base + c` (or `base - c`, or `base`), as isl spells it.
pub(crate) fn offset_from(e: &AExpr, base: &AExpr) -> Option<i64> {
    if e == base {
        return Some(0);
    }
    match e {
        AExpr::Op(AstOp::Add, args) => match args.as_slice() {
            [x, AExpr::Int(c)] | [AExpr::Int(c), x] => offset_from(x, base)?.checked_add(*c),
            _ => None,
        },
        AExpr::Op(AstOp::Sub, args) => match args.as_slice() {
            [x, AExpr::Int(c)] => offset_from(x, base)?.checked_sub(*c),
            _ => None,
        },
        _ => None,
    }
}

/// The length of a loop from `init` to before `end` when it is whole: `end` is a minimum (or a
/// sum of one and a constant, as [`crate::ast::exclusive_bound`] makes it) of which exactly
/// one term is `init` plus a constant, that constant (at least 1); the loop is whole when
/// `end - init` is that length.
pub(crate) fn whole_length(init: &AExpr, end: &AExpr) -> Option<i64> {
    let (terms, plus): (Vec<&AExpr>, i64) = match end {
        AExpr::Op(AstOp::Add, args) => match args.as_slice() {
            [AExpr::Op(AstOp::Min, terms), AExpr::Int(c)] => (terms.iter().collect(), *c),
            _ => (vec![end], 0),
        },
        AExpr::Op(AstOp::Min, terms) => (terms.iter().collect(), 0),
        _ => (vec![end], 0),
    };
    let lengths: Vec<i64> = terms
        .iter()
        .filter_map(|t| offset_from(t, init)?.checked_add(plus))
        .collect();
    match lengths.as_slice() {
        [n] if *n >= 1 => Some(*n),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn add(a: AExpr, b: AExpr) -> AExpr {
        AExpr::Op(AstOp::Add, vec![a, b])
    }

    fn mul(a: i64, b: AExpr) -> AExpr {
        AExpr::Op(AstOp::Mul, vec![AExpr::Int(a), b])
    }

    /// `c7 = 4 * c4; c7 <= min(ni - 1, 4 * c4 + 3)`: 4 when whole, as isl writes the rows of
    /// a register block; `min(ni - 1, 4 * c4 + 3) + 1` is how `exclusive_bound` gives its end.
    #[test]
    fn a_block_loop_is_whole_at_the_constant_term_of_its_end() {
        let init = mul(4, AExpr::Iter(4));
        let cut = AExpr::Op(AstOp::Sub, vec![AExpr::Param("ni".into()), AExpr::Int(1)]);
        let end = add(
            AExpr::Op(
                AstOp::Min,
                vec![cut.clone(), add(init.clone(), AExpr::Int(3))],
            ),
            AExpr::Int(1),
        );
        assert_eq!(whole_length(&init, &end), Some(4));
        // A loop whose end is not its first value plus a constant has no whole length.
        assert_eq!(whole_length(&init, &cut), None);
        // Nor one where two terms are (which would be whole is not known).
        let two = AExpr::Op(
            AstOp::Min,
            vec![
                add(init.clone(), AExpr::Int(3)),
                add(init.clone(), AExpr::Int(5)),
            ],
        );
        assert_eq!(whole_length(&init, &two), None);
        // An empty one neither.
        assert_eq!(whole_length(&init, &init), None);
    }

    #[test]
    fn offsets_are_read_through_sums_and_differences_of_constants() {
        let i = AExpr::Iter(2);
        assert_eq!(offset_from(&i, &i), Some(0));
        assert_eq!(offset_from(&add(AExpr::Int(3), i.clone()), &i), Some(3));
        let minus = AExpr::Op(
            AstOp::Sub,
            vec![add(i.clone(), AExpr::Int(3)), AExpr::Int(5)],
        );
        assert_eq!(offset_from(&minus, &i), Some(-2));
        assert_eq!(offset_from(&mul(2, i.clone()), &i), None);
        assert_eq!(offset_from(&add(i.clone(), AExpr::Iter(3)), &i), None);
    }
}
