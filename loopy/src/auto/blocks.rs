//! Register blocks of a product's tiled band: rows by vector columns kept in registers across
//! a reduction tile (on when [`crate::Target::register_blocks`]).
//!
//! # Design notes
//!
//! - **Products are register-blocked** (`register_blocks`, `apply_blocks`, `with_blocks`; on when
//!   `Target::register_blocks`, which `Target::c()` sets and
//!   `Target::native` does not). This is the matrix-product path of Polly's pattern-based optimization without
//!   its packing. A product is found on the schedule, not on the syntax: a tiled band of three
//!   members over one statement whose innermost member runs in lanes and carries no dependence,
//!   a second member carries none (the rows), and the third carries one while the written element
//!   stays where it is along it (the reduction: isl shows that instances differing only there
//!   write one element), not a short one, the statement in no loop below the band, and the
//!   reduction bounded independently of the rows and columns (`bounded_apart`: symm's `k < i`
//!   is not). The rows and the columns may bound each other where `BlockShape::triangles` (both
//!   targets' shapes): syrk's and covariance's triangles are blocked, and the blocks the
//!   diagonal cuts run on a local copy (`Pack::kernel` in codegen); without it all three must
//!   be apart (`is_box`). Without a
//!   loop in lanes in the band (syrk's schedule runs its reduction innermost), the columns are
//!   the member along which the written element steps by one in its last subscript
//!   (`element_steps_along`), marked for lanes. Blocks of covariance, correlation and syrk
//!   made their C 3.5x, 3.5x and 11x faster on one thread (0.19 -> 0.055 s, 0.17-0.24 ->
//!   0.06 s, 0.48 -> 0.04 s; before, without packing, covariance's C had run at half its
//!   speed with blocks). Inside its tile, the band then runs `floor(rows / r)`,
//!   `floor(columns / w)` (`Target::block`: r = 6 rows, w = 128 bytes of elements: 16 `double`s),
//!   the reduction, then the rows and columns: for each block of 6 x 16 elements the whole
//!   reduction tile, deepened to 128 (and the rows' tile widened to 252, whole blocks: the C
//!   packs once per row tile).
//!   Those three dimensions go in front of the point loops of the tiled relation for that
//!   statement (zeros for the others); the rows are marked `jam`, the reduction `registers`
//!   (`Transformed::registers`, `LoopKind::Accumulate`). The result goes through the verifier
//!   with its marks (a block is a tiling of a band already shown permutable; if the verifier
//!   refused it, the tiled relation without blocks would be kept). When the fused schedule puts a
//!   product in a band with another statement (PolyBench's gemm scales `C` in the product's `i`
//!   loop), the distributed candidate is computed too and wins on equal scores if it has more
//!   blocks. Native code blocks a product only where its statement has the micro-kernel's
//!   form (`kernel_form`, `BlockShape::kernel_only`): its blocks run nowhere else, and as the
//!   loops are written they were 2x slower (0.099 -> 0.219 s on 2 threads) than the jammed
//!   vector loop without blocks (Cranelift's lanes are 128 bits and there is no FMA: the
//!   interpreter's bits). With both operands packed the native micro-kernel runs the
//!   1000x1100x1200 product in 0.15-0.16 s on one thread against 0.18-0.19 s for the jammed
//!   loop (`benches/RESULTS.md`). In C with AVX and FMA the
//!   1000x1100x1200 product went from 0.094 s to
//!   0.042 s on 2 threads (0.187 -> 0.078 s on one), and to 0.035 s (0.067 s) with row tiles of
//!   128 and packing (below). What it costs to compile: `optimist show c` of three_mm went from
//!   0.13 s to 0.38 s, nearly all in the AST check (`ast_check::follows_within`), which on the
//!   blocks' divisions runs to its limit (4x the 53 ms isl takes to generate the AST) and then
//!   leaves the AST unchecked, as it does for time-tiled stencils.

use super::*;

/// The marks of a schedule: parallel, vector, jam, registers.
pub(super) type MarkSets = (
    Vec<crate::Mark>,
    Vec<crate::Mark>,
    Vec<crate::Mark>,
    Vec<crate::Mark>,
);

/// `theta` (tiled) and its marks with the register `blocks` in it ([`apply_blocks`]): the
/// marks moved to where their dimensions went, each block's rows marked jam (instead of the
/// loop around its vector loop before) and its reduction marked registers. The result goes
/// through the verifier, marks included; when it is refused (it should not be: a block is a
/// tiling of a band already shown permutable), the tiled relation without blocks is kept.
#[allow(clippy::too_many_arguments)]
pub(super) fn with_blocks(
    scop: &Scop,
    deps: &Dependences,
    theta: UnionMap,
    tiles: &Tiles,
    blocks: &[Block],
    parallel: Vec<crate::Mark>,
    vector: Vec<crate::Mark>,
    jam: Vec<crate::Mark>,
) -> Result<(UnionMap, MarkSets), LoopyError> {
    if blocks.is_empty() {
        return Ok((theta, (parallel, vector, jam, Vec::new())));
    }
    let (blocked, shift) = apply_blocks(scop, &theta, tiles, blocks)?;
    let moved = |marks: &[crate::Mark]| -> Vec<crate::Mark> {
        marks
            .iter()
            .map(|m| crate::Mark {
                dim: shift.shift(m.dim),
                stmts: m.stmts.clone(),
            })
            .collect()
    };
    let (new_parallel, new_vector) = (moved(&parallel), moved(&vector));
    let mut new_jam: Vec<crate::Mark> = moved(&jam)
        .into_iter()
        .map(|mut m| {
            m.stmts.retain(|s| !blocks.iter().any(|b| b.stmt == *s));
            m
        })
        .filter(|m| !m.stmts.is_empty())
        .collect();
    let mut registers = Vec::new();
    let mut new_vector = new_vector;
    for b in blocks {
        // The columns run in lanes where the block is not whole (a band chosen with its
        // reduction innermost had no loop in lanes).
        let columns = shift.shift(tiles.shift(b.columns));
        if !new_vector
            .iter()
            .any(|m| m.dim == columns && m.stmts.contains(&b.stmt))
        {
            new_vector.push(crate::Mark {
                dim: columns,
                stmts: BTreeSet::from([b.stmt]),
            });
        }
        let one = BTreeSet::from([b.stmt]);
        new_jam.push(crate::Mark {
            dim: shift.shift(tiles.shift(b.rows)),
            stmts: one.clone(),
        });
        registers.push(crate::Mark {
            dim: shift.shift(tiles.shift(b.p)) - 1,
            stmts: one,
        });
    }
    let checks: Vec<(BTreeSet<StmtId>, usize)> = new_parallel
        .iter()
        .chain(&new_vector)
        .map(|m| (m.stmts.clone(), m.dim))
        .collect();
    match crate::verify::verify(scop, deps, &blocked, &checks) {
        Ok(()) => Ok((blocked, (new_parallel, new_vector, new_jam, registers))),
        Err(LoopyError::Refused(_)) => Ok((theta, (parallel, vector, jam, Vec::new()))),
        Err(e) => Err(e),
    }
}

/// A register block of a product's statement (`C[i][j] += A[i][k] * B[k][j]`, in any of its
/// spellings): inside its tile, the statement runs in blocks of `shape.rows` rows by
/// `columns_wide` columns, the whole reduction tile for each block, so that the block's
/// elements stay in registers across the reduction (a back end loads them before the reduction
/// loop and stores them after it).
pub(super) struct Block {
    pub(super) stmt: StmtId,
    /// Where the statement's tiled band starts in the untiled relation.
    pub(super) p: usize,
    /// The untiled relation's dimensions of the rows, the columns (the vector loop) and the
    /// reduction.
    pub(super) rows: usize,
    pub(super) columns: usize,
    pub(super) depth: usize,
    /// The band member (isl's order, the tile loops') of the reduction.
    pub(super) depth_member: usize,
    /// The band member of the rows.
    pub(super) rows_member: usize,
    /// The band member of the columns.
    pub(super) columns_member: usize,
    /// Bytes of an element of the array written.
    pub(super) elem: i64,
    /// Columns per block.
    pub(super) columns_wide: i64,
    /// The shape asked for ([`crate::Target::block`]).
    pub(super) shape: crate::BlockShape,
}

/// Whether the element `write` accesses stays the same along dimension `d` of `part` (one
/// statement's part of a relation to time vectors): instances that differ only there write
/// one element.
pub(super) fn same_element_along(
    scop: &Scop,
    part: &UnionMap,
    write: &UnionMap,
    d: usize,
) -> Result<bool, IslError> {
    let pairs = part
        .apply_range(&along(scop, out_width(part)?, d, "y")?.to_union()?)?
        .apply_range(&part.reverse()?)?;
    let moved = write.reverse()?.apply_range(&pairs)?.apply_range(write)?;
    moved.is_subset(&write.range()?.identity()?)
}

/// Whether one step along dimension `d` of `part` (one statement's part of a relation to
/// time vectors) moves the element `write` accesses by one in its last subscript, and
/// nothing else: the columns of a product's block (`C[i][j]` along `j`).
pub(super) fn element_steps_along(
    scop: &Scop,
    part: &UnionMap,
    write: &UnionMap,
    d: usize,
) -> Result<bool, IslError> {
    let w = out_width(part)?;
    let next = part
        .apply_range(&along(scop, w, d, &format!("x{d} + 1"))?.to_union()?)?
        .apply_range(&part.reverse()?)?;
    let moved = write.reverse()?.apply_range(&next)?.apply_range(write)?;
    if moved.is_empty()? {
        return Ok(false);
    }
    for m in moved.maps()? {
        let deltas = m.deltas()?;
        let rank = deltas.dim(DimType::SET)?;
        if !super::assess::last_moves_within(scop, &deltas, rank, 1, 1)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Whether the time vectors of `part` (one statement's) are a box in `dims` once the other
/// dimensions have their values: the bounds of each of `dims` do not depend on the others
/// (a product's rows, columns and reduction, not syrk's or covariance's triangle, where a
/// block's loops would depend on each other and no block could be printed whole).
pub(super) fn is_box(part: &UnionMap, dims: [usize; 3]) -> Result<bool, IslError> {
    bounded_apart(part, &[&[dims[0]], &[dims[1]], &[dims[2]]])
}

/// Whether the time vectors of `part` (one statement's) are the product of their projections
/// on each of `groups` once the other dimensions have their values: no group's bounds depend
/// on another's (a triangle between the rows and the columns, `[[rows, columns], [depth]]`,
/// leaves the reduction apart).
pub(super) fn bounded_apart(part: &UnionMap, groups: &[&[usize]]) -> Result<bool, IslError> {
    for times in part.range()?.sets()? {
        let mut product: Option<optimist_presburger::Set> = None;
        for keep in groups {
            let mut free = times.clone();
            for d in groups.iter().filter(|g| *g != keep).flat_map(|g| g.iter()) {
                free = free.eliminate(DimType::SET, *d, 1)?;
            }
            product = Some(match product {
                Some(p) => p.intersect(&free)?,
                None => free,
            });
        }
        if let Some(p) = product
            && !p.is_subset(&times)?
        {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Whether dimension `q` of `part` (a statement's time vectors) is member `m` of `members` (its
/// band's members) for every instance.
pub(super) fn is_member(
    scop: &Scop,
    part: &UnionMap,
    members: &UnionMap,
    q: usize,
    m: usize,
    n: usize,
) -> Result<bool, IslError> {
    let width = out_width(part)?;
    let y: Vec<String> = (0..n).map(|k| format!("y{k}")).collect();
    let x: Vec<String> = (0..width).map(|k| format!("x{k}")).collect();
    let differ = Map::parse(
        &scop.ctx,
        &format!(
            "{{ [{}] -> [{}] : x{q} < y{m} or x{q} > y{m} }}",
            y.join(", "),
            x.join(", ")
        ),
    )?
    .to_union()?;
    members
        .reverse()?
        .apply_range(part)?
        .intersect(&differ)?
        .is_empty()
}

/// The register blocks of a candidate (`theta` untiled; its tilings shown legal, with where
/// each starts and which members carry no dependence, as `verify::tiling` gives them):
/// a tiled band of three members over one statement whose innermost member runs in vector
/// lanes (`vector`) and carries no dependence, another carries none either (the rows), and the
/// third carries one but leaves the written element where it is (the reduction, not a short
/// one), with no loop of the statement below the band, and the three bounded independently
/// of each other: a product.
pub(super) fn register_blocks(
    scop: &Scop,
    theta: &UnionMap,
    tilings: &[(&Tiling, usize, &[bool])],
    vector: &[(BTreeSet<StmtId>, usize)],
    shape: crate::BlockShape,
) -> Result<Vec<Block>, IslError> {
    let mut out = Vec::new();
    for &(t, p, zero) in tilings {
        let stmts = Tiles::statements(scop, t)?;
        let (3, Some(&s)) = (t.n, stmts.first()) else {
            continue;
        };
        if stmts.len() != 1 {
            continue;
        }
        let st = scop.stmt(s);
        let marked = vector
            .iter()
            .find(|(g, d)| g.contains(&s) && (p..p + 3).contains(d))
            .map(|&(_, d)| d);
        if shape.kernel_only && !kernel_form(scop, st, shape.kernel_products) {
            continue;
        }
        let name = st.name.as_str();
        let part = |u: &UnionMap| -> Result<UnionMap, IslError> {
            let mut one = UnionMap::empty(&scop.ctx)?;
            for m in u.maps()? {
                if m.tuple_name(DimType::In).as_deref() == Some(name) {
                    one = one.union(&m.to_union()?)?;
                }
            }
            Ok(one)
        };
        let (mine, members) = (part(theta)?, part(&t.members)?);
        let write = scop.access(st.write).relation.to_union()?;
        let columns = match marked {
            Some(d) => d,
            None => {
                let mut found = None;
                for q in p..p + 3 {
                    if element_steps_along(scop, &mine, &write, q)? {
                        found = Some(q);
                        break;
                    }
                }
                match found {
                    Some(q) => q,
                    None => continue,
                }
            }
        };
        let mut member_of = Vec::new();
        for q in p..p + 3 {
            let mut found = None;
            for m in 0..3 {
                if is_member(scop, &mine, &members, q, m, 3)? {
                    found = Some(m);
                    break;
                }
            }
            match found {
                Some(m) => member_of.push((q, m)),
                None => break,
            }
        }
        if member_of.len() != 3 || !zero[member_of[columns - p].1] {
            continue;
        }
        let written = scop.array(scop.access(st.write).array);
        let elem = written.elem.size() as i64;
        if written.sizes.len() < 2 || elem == 0 {
            continue;
        }
        let (mut rows, mut depth) = (None::<(usize, usize)>, None);
        for &(q, m) in &member_of {
            if q == columns {
                continue;
            }
            if zero[m] {
                rows = Some((q, m));
            } else if same_element_along(scop, &mine, &write, q)? {
                depth = Some((q, m));
            }
        }
        let (Some((rows, rows_member)), Some((depth, depth_member))) = (rows, depth) else {
            continue;
        };
        // The statement is in no loop below the band (a convolution's `dx` would be), and the
        // reduction is long: a few steps (a convolution's `dy`) do not pay for loading and
        // storing a block.
        let mut below = false;
        for q in p + 3..out_width(&mine)? {
            below |= varies(&mine, q)?;
        }
        if below
            || short_member(&members.intersect_domain(&scop.domains()?)?, depth_member)?
            || !if shape.triangles {
                bounded_apart(&mine, &[&[rows, columns], &[depth]])?
            } else {
                is_box(&mine, [rows, columns, depth])?
            }
        {
            continue;
        }
        out.push(Block {
            stmt: s,
            p,
            rows,
            columns,
            depth,
            depth_member,
            rows_member,
            columns_member: member_of[columns - p].1,
            elem,
            columns_wide: (shape.row_bytes / elem).max(1),
            shape,
        });
    }
    Ok(out)
}

/// `theta` (tiled: `tiles` says where its tile loops went) with the loops of each register
/// block in front of its statement's point loops: `floor(rows / BLOCK_ROWS)`,
/// `floor(columns / columns_wide)` and the reduction, zeros for every other statement; and
/// where each dimension of the tiled relation went.
pub(super) fn apply_blocks(
    scop: &Scop,
    theta: &UnionMap,
    tiles: &Tiles,
    blocks: &[Block],
) -> Result<(UnionMap, BlockShift), IslError> {
    let shift = BlockShift {
        at: blocks
            .iter()
            .map(|b| tiles.shift(b.p))
            .collect::<BTreeSet<usize>>()
            .into_iter()
            .collect(),
    };
    if blocks.is_empty() {
        return Ok((theta.clone(), shift));
    }
    let mut out = UnionMap::empty(&scop.ctx)?;
    for m in theta.maps()? {
        let name = m.tuple_name(DimType::In).unwrap_or_default();
        let block = blocks.iter().find(|b| scop.stmt(b.stmt).name == name);
        let w = m.dim(DimType::Out)?;
        let x: Vec<String> = (0..w).map(|k| format!("x{k}")).collect();
        let mut to = Vec::new();
        for d in 0..=w {
            if shift.at.contains(&d) {
                match block {
                    Some(b) if tiles.shift(b.p) == d => {
                        to.push(format!(
                            "floor(x{} / {})",
                            tiles.shift(b.rows),
                            b.shape.rows
                        ));
                        to.push(format!(
                            "floor(x{} / {})",
                            tiles.shift(b.columns),
                            b.columns_wide
                        ));
                        to.push(format!("x{}", tiles.shift(b.depth)));
                    }
                    _ => to.extend(["0".to_string(), "0".into(), "0".into()]),
                }
            }
            if let Some(v) = x.get(d) {
                to.push(v.clone());
            }
        }
        let map = Map::parse(
            &scop.ctx,
            &format!("{{ [{}] -> [{}] }}", x.join(", "), to.join(", ")),
        )?;
        out = out.union(&m.apply_range(&map)?.to_union()?)?;
    }
    Ok((out, shift))
}

/// Where the dimensions of a tiled relation go once register blocks are in it
/// ([`apply_blocks`]).
pub(super) struct BlockShift {
    /// The tiled relation's dimensions before which three were inserted.
    pub(super) at: Vec<usize>,
}

impl BlockShift {
    pub(super) fn shift(&self, d: usize) -> usize {
        d + 3 * self.at.iter().filter(|&&q| q <= d).count()
    }
}

/// Whether `st` has the form a micro-kernel runs (code generation checks the rest): its value
/// is the element it writes plus a product of two factors, one of them a read of another
/// array and the other reading nothing of the array written, in `float` or `double`; or, where
/// the kernel sums `products` of them ([`crate::BlockShape::kernel_products`]), the element
/// plus a sum of two products whose factors read nothing of the array written; or a
/// contracted program's product, `fma(x, y, element)` with such factors.
pub(super) fn kernel_form(scop: &Scop, st: &optimist_scop::model::ScopStmt, products: u8) -> bool {
    use optimist_scop::expr::ExprKind;
    use optimist_scop::ir::BinOp;
    use optimist_scop::model::BodyLeaf;
    let written = scop.access(st.write).array;
    if !matches!(
        scop.array(written).elem,
        optimist_scop::Type::F32 | optimist_scop::Type::F64
    ) {
        return false;
    }
    let read = |e: &optimist_scop::model::BodyExpr| match &e.kind {
        ExprKind::Leaf(BodyLeaf::Access(a)) => Some(scop.access(*a).array == written),
        _ => None,
    };
    fn reads(e: &optimist_scop::model::BodyExpr, scop: &Scop, array: ScopArrayId) -> bool {
        match &e.kind {
            ExprKind::Leaf(BodyLeaf::Access(a)) => scop.access(*a).array == array,
            _ => e.children().iter().any(|c| reads(c, scop, array)),
        }
    }
    let factors = |x: &optimist_scop::model::BodyExpr, y: &optimist_scop::model::BodyExpr| {
        (read(x) == Some(false) && !reads(y, scop, written))
            || (read(y) == Some(false) && !reads(x, scop, written))
    };
    // A contracted program's product, `C = fma(x, y, C)` (`Function::contracted`).
    if let ExprKind::Call(optimist_scop::ir::MathFn::Fma, args) = &st.value.kind {
        return matches!(args.as_slice(), [x, y, z] if read(z) == Some(true) && factors(x, y));
    }
    let ExprKind::Binary(BinOp::Add, l, r) = &st.value.kind else {
        return false;
    };
    let product = match (read(l), read(r)) {
        (Some(true), _) => r,
        (_, Some(true)) => l,
        _ => return false,
    };
    if let ExprKind::Binary(BinOp::Add, p, q) = &product.kind
        && products >= 2
    {
        return [p, q].iter().all(|t| {
            matches!(&t.kind, ExprKind::Binary(BinOp::Mul, x, y)
                if !reads(x, scop, written) && !reads(y, scop, written))
        });
    }
    matches!(&product.kind, ExprKind::Binary(BinOp::Mul, x, y) if factors(x, y))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// syrk's triangle (`j <= i`, the reduction `k` apart) is no box, but its reduction is
    /// bounded apart from the rows and columns; symm's (`k < i`) is neither.
    #[test]
    fn a_triangle_of_rows_and_columns_leaves_the_reduction_apart() {
        let ctx = optimist_presburger::Ctx::new();
        let part = |s: &str| UnionMap::parse(&ctx, s).unwrap();
        let product = part(
            "[n, m] -> { S[i, j, k] -> [i, j, k] : 0 <= i < n and 0 <= j < n and 0 <= k < m }",
        );
        let syrk = part("[n, m] -> { S[i, j, k] -> [i, j, k] : 0 <= j <= i < n and 0 <= k < m }");
        let symm = part(
            "[n, m] -> { S[i, j, k] -> [k, j, i] : 0 <= i < m and 0 <= j < n and 0 <= k < i }",
        );
        assert!(is_box(&product, [0, 1, 2]).unwrap());
        assert!(!is_box(&syrk, [0, 1, 2]).unwrap());
        assert!(bounded_apart(&syrk, &[&[0, 1], &[2]]).unwrap());
        // symm's rows (k) and reduction (i) bound each other.
        assert!(!bounded_apart(&symm, &[&[0, 1], &[2]]).unwrap());
    }
}
