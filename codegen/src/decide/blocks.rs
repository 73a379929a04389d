//! The rules for register blocks and packing (C: [`optimist_loopy::Target::register_blocks`]).

use super::*;

impl Decider<'_> {
    /// Whether `n` is a loop over a product's row blocks whose operand along the columns (the
    /// product's `B[k][j]`) can be packed: its body is a loop over column blocks whose body is
    /// a loop marked registers around a register block ([`register_block`]), none of their
    /// bounds depends on the loops inside the first, both of constant length when whole (the
    /// column blocks of a tile, the reduction's tile), and the block's statement reads,
    /// unconditionally, an array it does not write at indices free of the rows that hold the
    /// columns' iterator in one subscript (plus a constant at most).
    pub(super) fn pack_site(&self, n: &Node) -> Option<Pack> {
        let Node::For {
            iter: rows,
            step: 1,
            body,
            ..
        } = n
        else {
            return None;
        };
        let (blocks, blocks_init, blocks_cond, inside, _) = only_loop(body)?;
        let (k, k_init, k_cond, block, LoopKind::Accumulate) = only_loop(inside)? else {
            return None;
        };
        let b = register_block(self.scop, *k, block)?;
        let free = |e: &AExpr, of: &[usize]| of.iter().all(|&x| !mentions(e, x));
        if !free(blocks_init, &[*rows])
            || !free(blocks_cond, &[*rows])
            || !free(k_init, &[*rows, *blocks])
            || !free(k_cond, &[*rows, *blocks])
            || !free(&b.column_init, &[*rows])
            || !free(&b.column_end, &[*rows])
        {
            return None;
        }
        let n_blocks = whole_length(blocks_init, &exclusive_bound(*blocks, blocks_cond)?)?;
        let depth = whole_length(k_init, &exclusive_bound(*k, k_cond)?)?;
        let access = self.packable(&b)?;
        Some(Pack {
            blocks: *blocks,
            blocks_init: blocks_init.clone(),
            blocks_cond: blocks_cond.clone(),
            n_blocks,
            k: *k,
            k_init: k_init.clone(),
            k_cond: k_cond.clone(),
            depth,
            block: b,
            access,
        })
    }

    /// The access of a register block's statement that can be packed ([`Self::pack_site`]).
    pub(super) fn packable(&self, b: &RegisterBlock) -> Option<AccessId> {
        let Node::Stmt { stmt, indices, .. } = &b.stmt else {
            return None;
        };
        let st = self.scop.stmt(*stmt);
        let written = self.scop.access(st.write).array;
        let mut unconditional = Vec::new();
        unconditional_reads(&st.value, &mut unconditional);
        st.accesses.iter().copied().find(|&a| {
            let acc = self.scop.access(a);
            let Some((_, idx)) = indices.iter().find(|(x, _)| *x == a) else {
                return false;
            };
            let along: Vec<&AExpr> = idx.iter().filter(|e| mentions(e, b.column)).collect();
            acc.array != written
                && matches!(self.scop.array(acc.array).origin, ArrayOrigin::Array(_))
                && unconditional.contains(&a)
                && idx.iter().all(|e| !mentions(e, b.row))
                && matches!(along.as_slice(), [e] if offset_from(e, &AExpr::Iter(b.column)).is_some())
        })
    }
}
