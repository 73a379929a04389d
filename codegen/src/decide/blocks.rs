//! The rules for register blocks and packing (C: [`optimist_loopy::Target::register_blocks`]).

use super::*;

impl Decider<'_> {
    /// Whether `n` is a loop over a product's row blocks whose operand along the columns (the
    /// product's `B[k][j]`) can be packed: its body is a loop over column blocks whose body is
    /// a loop marked registers around a register block ([`register_block`]), the reduction's
    /// bounds free of the row and column blocks, its tile and the column blocks of a row tile
    /// of constant length when whole, and the block's statement reads, unconditionally, an
    /// array it does not write at indices free of the rows that hold the columns' iterator in
    /// one subscript (plus a constant at most).
    ///
    /// Packed up front (without a micro-kernel, or [`Pack::upfront`]), nothing inside may
    /// depend on the row blocks and the block must be a box. Packed as the blocks run (a
    /// micro-kernel otherwise), the column blocks may depend on the row block and the columns
    /// on the row (syrk's triangle), as long as a column block's origin is free of the row
    /// block and a row block's origin of the column block (each is packed once per tile).
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
        let (rows_init, rows_cond) = match n {
            Node::For { init, cond, .. } => (init, cond),
            _ => return None,
        };
        let (k, k_init, k_cond, block, LoopKind::Accumulate) = only_loop(inside)? else {
            return None;
        };
        let b = register_block(self.scop, *k, block)?;
        let free = |e: &AExpr, of: &[usize]| of.iter().all(|&x| !mentions(e, x));
        if !free(k_init, &[*rows, *blocks]) || !free(k_cond, &[*rows, *blocks]) {
            return None;
        }
        let (blocks_origin, n_blocks) =
            crate::block::nominal(blocks_init, &exclusive_bound(*blocks, blocks_cond)?)?;
        let k_end = exclusive_bound(*k, k_cond)?;
        let depth = whole_length(k_init, &k_end)?;
        let access = self.packable(&b)?;
        let strict = b.boxed
            && blocks_origin == *blocks_init
            && free(blocks_cond, &[*rows])
            && free(&b.column_init, &[*rows])
            && free(&b.column_end, &[*rows]);
        let n_rows =
            exclusive_bound(*rows, rows_cond).and_then(|end| whole_length(rows_init, &end));
        // A micro-kernel's blocks pack as they run, keeping a flag per column of the tile on
        // the stack: at most 16 KiB of them.
        let kernel = self
            .kernel(&b, access)
            .filter(|_| n_blocks.saturating_mul(b.columns) <= 16_384);
        let relaxed = free(&blocks_origin, &[*rows])
            && free(&b.column_origin, &[*rows])
            && free(&b.row_origin, &[*blocks]);
        if !(strict || (kernel.is_some() && relaxed)) {
            return None;
        }
        Some(Pack {
            rows: *rows,
            upfront: (strict && kernel.is_some()).then_some(n_rows).flatten(),
            rows_init: rows_init.clone(),
            kernel,
            blocks: *blocks,
            blocks_init: blocks_init.clone(),
            blocks_cond: blocks_cond.clone(),
            blocks_origin,
            n_blocks,
            k: *k,
            k_init: k_init.clone(),
            k_cond: k_cond.clone(),
            k_end,
            depth,
            block: b,
            access,
        })
    }

    /// The access of a register block's statement that can be packed ([`Self::pack_site`]).
    pub(super) fn packable(&self, b: &RegisterBlock) -> Option<AccessId> {
        let (stmt, (_, indices)) = b.parts();
        let st = self.scop.stmt(stmt);
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

impl Decider<'_> {
    /// The micro-kernel of register block `b` whose access `packed` is packed ([`MicroKernel`]):
    /// when the target's vectors divide a block's row, the element is `float` or `double`, the
    /// columns are the last subscript of the element (a row of the block is contiguous), and
    /// the statement's value is the element plus a product of `packed` and a factor free of
    /// the columns that reads no array the statement writes, in either order.
    pub(super) fn kernel(&self, b: &RegisterBlock, packed: AccessId) -> Option<MicroKernel> {
        let (stmt, (iterators, indices)) = b.parts();
        let st = self.scop.stmt(stmt);
        let written = self.scop.access(st.write).array;
        let elem = self.scop.array(written).elem;
        // Native code addresses the block and the packed operand unchecked: both arrays must
        // be proved in range.
        let proved = |a: ScopArrayId| match self.scop.array(a).origin {
            ArrayOrigin::Array(id) => self.proved.contains(&id),
            ArrayOrigin::Scalar(_) => false,
        };
        if self.target.kind == optimist_loopy::TargetKind::Native
            && !(proved(written) && proved(self.scop.access(packed).array))
        {
            return None;
        }
        // It holds the block in vector registers: not where lanes or registers are off.
        if !(self.target.vector && self.target.registers) {
            return None;
        }
        let size = match elem {
            Type::F64 => 8,
            Type::F32 => 4,
            _ => return None,
        };
        let mut vector_bytes = self.target.block.vector_bytes;
        let row_bytes = b.columns * size;
        // Native code's wide micro-kernel (`native/wide.rs`) holds the block, a step's columns,
        // a broadcast and a product in vector registers of a width the target runs; a block
        // that does not fit (a plan made for another target) or a width the target lacks runs
        // in Cranelift's 16-byte vectors.
        if self.target.kind == optimist_loopy::TargetKind::Native
            && let Some(w) = crate::native::wide::Width::of_bytes(vector_bytes)
        {
            let vectors = row_bytes / vector_bytes;
            if vector_bytes > i64::from(self.target.wide_bytes)
                || row_bytes % vector_bytes != 0
                || b.rows * vectors + vectors + 2 > w.registers() as i64
            {
                vector_bytes = i64::from(self.target.vector_bytes);
            }
        }
        if vector_bytes <= 0 || row_bytes % vector_bytes != 0 {
            return None;
        }
        let element = indices
            .iter()
            .find(|(a, _)| *a == st.write)
            .map(|(_, e)| e)?;
        offset_from(element.last()?, &AExpr::Iter(b.column))?;
        let is_element = |e: &BodyExpr| matches!(&e.kind, ExprKind::Leaf(BodyLeaf::Access(a)) if self.scop.access(*a).array == written);
        let is_packed =
            |e: &BodyExpr| matches!(&e.kind, ExprKind::Leaf(BodyLeaf::Access(a)) if *a == packed);
        let vectors = row_bytes / vector_bytes;
        let shape = VectorShape::of(elem, vector_bytes)?;
        // The product's operands, whether the element is the sum's left operand, and whether
        // the multiply and the add round once: `C = fma(x, y, C)`, a contracted program's
        // (`Function::contracted`), fused where native code has FMA.
        let (x, y, element_first, fused) = if let ExprKind::Call(MathFn::Fma, args) = &st.value.kind
        {
            let [x, y, z] = args.as_slice() else {
                return None;
            };
            if !(is_element(z)
                && self.target.fma
                && self.target.kind == optimist_loopy::TargetKind::Native)
            {
                return None;
            }
            (x, y, true, true)
        } else {
            let ExprKind::Binary(BinOp::Add, l, r) = &st.value.kind else {
                return None;
            };
            let (product, element_first) = match (is_element(l), is_element(r)) {
                (true, false) => (r, true),
                (false, true) => (l, false),
                _ => return None,
            };
            // Two products summed: native code's wide kernel only.
            if let ExprKind::Binary(BinOp::Add, p, q) = &product.kind {
                let wide = self.target.kind == optimist_loopy::TargetKind::Native
                    && self.target.block.kernel_products >= 2
                    && crate::native::wide::Width::of_bytes(vector_bytes).is_some();
                if !wide {
                    return None;
                }
                let term = |t: &BodyExpr| -> Option<KernelProduct> {
                    let ExprKind::Binary(BinOp::Mul, x, y) = &t.kind else {
                        return None;
                    };
                    let rows_of = |e: &BodyExpr| {
                        e.ty == elem
                            && self.free_of_columns(e, b.column, written, iterators, indices)
                            && self.cannot_fail(e)
                    };
                    let columns_of = |e: &BodyExpr| {
                        e.ty == elem
                            && self.free_of_columns(e, b.row, written, iterators, indices)
                            && self.cannot_fail(e)
                    };
                    let (row_factor, column_factor, row_first) = if rows_of(x) && columns_of(y) {
                        (x, y, true)
                    } else if rows_of(y) && columns_of(x) {
                        (y, x, false)
                    } else {
                        return None;
                    };
                    Some(KernelProduct {
                        row_factor: (**row_factor).clone(),
                        column_factor: (**column_factor).clone(),
                        row_first,
                    })
                };
                if [&st.value, product, p, q].iter().any(|e| e.ty != elem) {
                    return None;
                }
                let (first, second) = (term(p)?, term(q)?);
                return Some(MicroKernel {
                    row_factor: first.row_factor,
                    column_factor: first.column_factor,
                    element_first,
                    row_first: first.row_first,
                    second: Some(second),
                    vectors,
                    shape,
                    fused: false,
                });
            }
            let ExprKind::Binary(BinOp::Mul, x, y) = &product.kind else {
                return None;
            };
            (&**x, &**y, element_first, false)
        };
        let (factor, row_first) = match (is_packed(x), is_packed(y)) {
            (false, true) => (x, true),
            (true, false) => (y, false),
            _ => return None,
        };
        if [&st.value, x, y].iter().any(|e| e.ty != elem)
            || !self.free_of_columns(factor, b.column, written, iterators, indices)
        {
            return None;
        }
        // Native code packs between taking its buffer and giving it back: nothing there may
        // end the call with an error status (an access checked in range, a user's function,
        // an integer division).
        if self.target.kind == optimist_loopy::TargetKind::Native && !self.cannot_fail(factor) {
            return None;
        }
        Some(MicroKernel {
            row_factor: factor.clone(),
            column_factor: BodyExpr::leaf(BodyLeaf::Access(packed), elem).ok()?,
            element_first,
            row_first,
            second: None,
            vectors,
            shape,
            fused,
        })
    }

    /// Whether evaluating `e` cannot fail in native code: it reads only arrays proved in range
    /// and calls no user function, and it divides no integers.
    fn cannot_fail(&self, e: &BodyExpr) -> bool {
        let here = match &e.kind {
            ExprKind::Leaf(BodyLeaf::Access(a)) => {
                match self.scop.array(self.scop.access(*a).array).origin {
                    ArrayOrigin::Array(id) => self.proved.contains(&id),
                    ArrayOrigin::Scalar(_) => true,
                }
            }
            ExprKind::Pure(..) => false,
            ExprKind::Binary(BinOp::Div | BinOp::Rem, ..) => !e.ty.is_int(),
            _ => true,
        };
        here && e.children().iter().all(|c| self.cannot_fail(c))
    }

    /// Whether `e` reads no element of `written`, and neither its accesses' indices nor its
    /// iterators mention the loop `column`.
    fn free_of_columns(
        &self,
        e: &BodyExpr,
        column: usize,
        written: ScopArrayId,
        iterators: &[AExpr],
        indices: &[(AccessId, Vec<AExpr>)],
    ) -> bool {
        match &e.kind {
            ExprKind::Leaf(BodyLeaf::Access(a)) => {
                self.scop.access(*a).array != written
                    && indices
                        .iter()
                        .find(|(x, _)| x == a)
                        .is_some_and(|(_, idx)| idx.iter().all(|i| !mentions(i, column)))
            }
            ExprKind::Leaf(BodyLeaf::Iter(k)) => {
                iterators.get(*k).is_some_and(|i| !mentions(i, column))
            }
            _ => e
                .children()
                .iter()
                .all(|c| self.free_of_columns(c, column, written, iterators, indices)),
        }
    }
}
