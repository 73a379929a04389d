//! Products' micro-kernels in native code ([`MicroKernel`], decided in `decide/blocks.rs`).
//!
//! Around a product's loop over row blocks ([`DNode::Packed`] with a kernel), a buffer is taken
//! from the thread's ([`crate::buffers`]), and each register block packs into it, before its
//! kernel, what it reads and its tile has not packed yet ([`Pack::kernel`]): its row block's
//! factors (`alpha * A[i][k]`) at the rows inside the loops' bounds, a block's rows side by
//! side per step of the reduction, and the operand along the columns (`B[k][j]`) at the
//! columns inside them, each column once per tile (a flag per column and a count per column
//! block, in stack slots), a column block's elements contiguous per step. Only what the
//! program reads is read, so the bounds may depend on each other (syrk's triangle). Where
//! every row block reads every column block ([`Pack::upfront`]) the column blocks and every
//! row block's factors are packed before the loop over row blocks instead, step by step
//! across the tile, zeros past the edges, and a block only tests whether it is whole.
//! Each register block then runs the micro-kernel: its `rows x vectors` accumulators (`f64x2`
//! or `f32x4`) are loaded from the block's elements, and per step of the reduction the packed
//! columns are loaded once (`vectors` loads) and each row's factor is broadcast from the buffer
//! (`movddup`/`vbroadcastss`) and multiplied and added to the row's accumulators, in the
//! statement's order of operands; a block the loops' bounds cut (an edge, a diagonal) runs on
//! a zeroed copy in a stack slot, of which only the elements inside the bounds are copied back.
//! Every element takes the statement's operations on the statement's values in the reduction's
//! order: the interpreter's bits. Without a buffer (the allocation failed), or when a loop
//! inside forks (an outlined body could not see the buffer), the loops run as written.

use super::*;
use crate::block::RegisterBlock;
use crate::decide::{Block, MicroKernel, Pack};
use vector::vector_type;

/// The pack whose blocks the loops being lowered run in the micro-kernel: the buffer, and what
/// the blocks have packed into it ([`Pack::kernel`]).
#[derive(Clone)]
pub(super) struct KernelSite {
    pub(super) buffer: Value,
    pub(super) pack: Pack,
    pub(super) kernel: MicroKernel,
    /// A byte per column of the tile's column blocks (packed or not), then from `counts` an
    /// `i64` per column block (how many of its columns are packed).
    flags: Option<cranelift_codegen::ir::StackSlot>,
    counts: i64,
    /// A byte per row of the row block whose factors are in place.
    rows: Option<cranelift_codegen::ir::StackSlot>,
    /// That row block, and how many of its rows' factors are packed (-1: no row block yet).
    owner: Variable,
    owned: Variable,
}

impl ModelLowering<'_, '_> {
    /// A loop over a product's row blocks with its operands packed ([`Pack`]): the buffer, the
    /// flags of what its blocks packed, all clear, and with [`Pack::upfront`] every column
    /// block and every row block's factors.
    pub(super) fn packed_loop(&mut self, pack: &Pack, body: &[DNode]) -> Result<(), CodegenError> {
        let Some(kernel) = &pack.kernel else {
            return self.nodes(body);
        };
        let elem = self.block_elem(&pack.block);
        let size = elem.size() as i64;
        let bytes = self.l.b.ins().iconst(types::I64, pack.elements() * size);
        let acquire = self.runtime(crate::buffers::ACQUIRE, 1, true)?;
        let call = self.l.b.ins().call(acquire, &[bytes]);
        let buffer = self.l.b.inst_results(call)[0];
        let got = self.l.b.ins().icmp_imm_s(IntCC::NotEqual, buffer, 0);
        native::lower_if(
            self,
            got,
            |m| {
                let counts = (pack.n_blocks * pack.block.columns + 7) / 8 * 8;
                // Nothing to track when everything is packed first.
                let (flags, rows) = match pack.upfront {
                    Some(_) => (None, None),
                    None => (
                        Some(m.zeroed_slot(counts + pack.n_blocks * 8)?),
                        Some(m.zeroed_slot((pack.block.rows + 7) / 8 * 8)?),
                    ),
                };
                let (owner, owned) = (m.l.b.declare_var(types::I64), m.l.b.declare_var(types::I64));
                let zero = m.l.b.ins().iconst(types::I64, 0);
                let none = m.l.b.ins().iconst(types::I64, -1);
                m.l.b.def_var(owner, zero);
                m.l.b.def_var(owned, none);
                m.kernel_site = Some(KernelSite {
                    buffer,
                    pack: pack.clone(),
                    kernel: kernel.clone(),
                    flags,
                    counts,
                    rows,
                    owner,
                    owned,
                });
                if let (Some(_), [DNode::For(rows_loop)]) = (pack.upfront, body) {
                    // Only when a row block runs: every one reads every column block.
                    let first = m.aexpr(&rows_loop.init)?;
                    m.l.b.def_var(m.iters[rows_loop.iter], first);
                    let some = m.aexpr(&rows_loop.cond)?;
                    native::lower_if(
                        m,
                        some,
                        |m| m.pack_columns(pack, kernel, buffer, elem),
                        |_| Ok(()),
                    )?;
                    m.pack_rows(pack, kernel, rows_loop, buffer, elem)?;
                }
                let done = m.nodes(body);
                m.kernel_site = None;
                done
            },
            |m| m.nodes(body),
        )?;
        let release = self.runtime(crate::buffers::RELEASE, 1, false)?;
        self.l.b.ins().call(release, &[buffer]);
        Ok(())
    }

    /// A stack slot of `bytes` (a multiple of 8), zeroed.
    fn zeroed_slot(
        &mut self,
        bytes: i64,
    ) -> Result<cranelift_codegen::ir::StackSlot, CodegenError> {
        let slot = self.l.b.create_sized_stack_slot(StackSlotData::new(
            StackSlotKind::ExplicitSlot,
            u32::try_from(bytes).map_err(too_large)?,
            3,
        ));
        let (i, base) = (
            self.l.b.declare_var(types::I64),
            self.l.b.ins().stack_addr(types::I64, slot, 0),
        );
        let zero = self.l.b.ins().iconst(types::I64, 0);
        self.l.b.def_var(i, zero);
        let end = self.l.b.ins().iconst(types::I64, bytes);
        native::lower_loop(
            self,
            i,
            |m| Ok(m.below(i, end)),
            |m| {
                let at = m.l.b.use_var(i);
                let at = m.l.b.ins().iadd(base, at);
                let z = m.l.b.ins().iconst(types::I64, 0);
                m.l.b
                    .ins()
                    .store(MemFlagsData::new().with_notrap(), z, at, 0);
                Ok(())
            },
            |m, cur| m.l.b.ins().iadd_imm_s(cur, 8),
        )?;
        Ok(slot)
    }

    /// The element type of a block's statement.
    fn block_elem(&self, b: &RegisterBlock) -> Type {
        let st = self.scop.stmt(b.stmt_id());
        self.scop.array(self.scop.access(st.write).array).elem
    }

    /// The function `name` of the run time taking `params` i64 values, returning one when
    /// `returns`.
    fn runtime(
        &mut self,
        name: &str,
        params: usize,
        returns: bool,
    ) -> Result<cranelift_codegen::ir::FuncRef, CodegenError> {
        let mut sig = self.l.module.make_signature();
        sig.params
            .extend(std::iter::repeat_n(AbiParam::new(types::I64), params));
        if returns {
            sig.returns.push(AbiParam::new(types::I64));
        }
        let id = self
            .l
            .module
            .declare_function(name, Linkage::Import, &sig)
            .map_err(|e| CodegenError::Unexpected(format!("cranelift: {e}")))?;
        Ok(self.l.module.declare_func_in_func(id, self.l.b.func))
    }

    /// Every column block's elements of the packed operand (each product's factor of the
    /// columns, one product's after the other's), `columns` per step of the reduction,
    /// contiguous; past the columns' end, zeros.
    fn pack_columns(
        &mut self,
        pack: &Pack,
        kernel: &MicroKernel,
        buffer: Value,
        elem: Type,
    ) -> Result<(), CodegenError> {
        let b = &pack.block;
        let blocks = (pack.blocks, &pack.blocks_init, &pack.blocks_cond);
        let lanes = (b.column, &b.column_init, &b.column_end, b.columns);
        let bytes = pack.column_elements() * elem.size() as i64;
        for (t, column) in column_factors(kernel).into_iter().enumerate() {
            let at = (t as i64 * bytes, 1);
            self.pack_into(pack, blocks, lanes, column, buffer, at, elem)?;
        }
        Ok(())
    }

    /// Every row block's factors (`kernel.row_factor`), `rows` per step of the reduction, after
    /// the packed columns; past the rows' end, zeros. Only where some column block runs: the
    /// program evaluates a factor only for a column (the loops' bounds are free of each other).
    fn pack_rows(
        &mut self,
        pack: &Pack,
        kernel: &MicroKernel,
        rows_loop: &DLoop,
        buffer: Value,
        elem: Type,
    ) -> Result<(), CodegenError> {
        let b = &pack.block;
        let size = elem.size() as i64;
        let first = column_factors(kernel).len() as i64 * pack.column_elements() * size;
        let first_block = self.aexpr(&pack.blocks_init)?;
        self.l.b.def_var(self.iters[pack.blocks], first_block);
        let some_column = self.aexpr(&pack.blocks_cond)?;
        let blocks = (rows_loop.iter, &rows_loop.init, &rows_loop.cond);
        let lanes = (b.row, &b.row_init, &b.row_end, b.rows);
        native::lower_if(
            self,
            some_column,
            |m| {
                m.pack_into(
                    pack,
                    blocks,
                    lanes,
                    &kernel.row_factor,
                    buffer,
                    (first, 1),
                    elem,
                )?;
                if let Some(second) = &kernel.second {
                    let at = (first + pack.row_elements() * size, kernel.shape.lanes);
                    m.pack_into(pack, blocks, lanes, &second.row_factor, buffer, at, elem)?;
                }
                Ok(())
            },
            |_| Ok(()),
        )
    }

    /// The packing loops: for each block of the loop `(iterator, first, condition)` and each
    /// step of the reduction, `value` of the block's statement at the `n` positions of
    /// `(iterator, first, end, n)` from its first (zero from its end on) into `buffer` from
    /// byte `first`, block after block, step after step, each `copies` times in a row.
    #[allow(clippy::too_many_arguments)]
    fn pack_into(
        &mut self,
        pack: &Pack,
        (block, block_init, block_cond): (usize, &AExpr, &AExpr),
        (lane, lane_init, lane_end, n): (usize, &AExpr, &AExpr, i64),
        value: &BodyExpr,
        buffer: Value,
        (first, copies): (i64, i64),
        elem: Type,
    ) -> Result<(), CodegenError> {
        let inst = instance(self.scop, &pack.block);
        let (size, depth) = (elem.size() as i64 * copies, pack.depth);
        let (blocks, k) = (self.iters[block], self.iters[pack.k]);
        // A plain element contiguous along the lanes (a product's `B[k][j]` along `j`), in
        // whole 16-byte vectors: copied as vectors where every lane is inside (element by
        // element, the packing of the 1000x1100x1200 product's columns took a fifth of its
        // time).
        let contiguous = if copies == 1 {
            self.contiguous(&inst, lane, value, n, elem)
        } else {
            None
        };
        // One block's step: buffer + first + ((block - its first) * depth + (k - its first))
        // * n * size.
        let step = |m: &mut Self| -> Result<(), CodegenError> {
            let bl = m.l.b.use_var(blocks);
            let bl0 = m.aexpr(block_init)?;
            let kk = m.l.b.use_var(k);
            let k0 = m.aexpr(&pack.k_init)?;
            let db = m.l.b.ins().isub(bl, bl0);
            let dk = m.l.b.ins().isub(kk, k0);
            let step = m.l.b.ins().imul_imm_s(db, depth);
            let step = m.l.b.ins().iadd(step, dk);
            let off = m.l.b.ins().imul_imm_s(step, n * size);
            let off = m.l.b.ins().iadd_imm_s(off, first);
            let base = m.l.b.ins().iadd(buffer, off);
            let p0 = m.aexpr(lane_init)?;
            let end = m.aexpr(lane_end)?;
            let lanes = (lane, p0, end, n);
            let Some((x, vty)) = contiguous else {
                return m.pack_lanes(&inst, lanes, value, base, copies, elem);
            };
            // Every lane inside: the elements copied 16 bytes at a time.
            let last = m.l.b.ins().iadd_imm_s(p0, n);
            let whole = m.l.b.ins().icmp(IntCC::SignedLessThanOrEqual, last, end);
            native::lower_if(
                m,
                whole,
                |m| {
                    m.l.b.def_var(m.iters[lane], p0);
                    m.copy16(&inst, x, vty, n * size, (base, 0))
                },
                |m| m.pack_lanes(&inst, lanes, value, base, copies, elem),
            )
        };
        let next = |m: &mut Self, cur: Value| m.l.b.ins().iadd_imm_s(cur, 1);
        // The blocks' loop inside the steps' when the bounds of neither mention the other's
        // iterator and the element is a copy: then a step reads the operand's row from end to
        // end (`B[k][j]` along `j`) rather than a block's few elements of every row (the
        // 1000x1100x1200 product's native code: 0.0725 s against 0.0700).
        let k_first = contiguous.is_some()
            && ![&pack.k_init, &pack.k_cond]
                .iter()
                .any(|e| crate::ast::mentions(e, block))
            && ![block_init, block_cond]
                .iter()
                .any(|e| crate::ast::mentions(e, pack.k));
        if k_first {
            let k0 = self.aexpr(&pack.k_init)?;
            self.l.b.def_var(k, k0);
            return native::lower_loop(
                self,
                k,
                |m| m.aexpr(&pack.k_cond),
                |m| {
                    let b0 = m.aexpr(block_init)?;
                    m.l.b.def_var(blocks, b0);
                    native::lower_loop(m, blocks, |m| m.aexpr(block_cond), step, next)
                },
                next,
            );
        }
        let b0 = self.aexpr(block_init)?;
        self.l.b.def_var(blocks, b0);
        native::lower_loop(
            self,
            blocks,
            |m| m.aexpr(block_cond),
            |m| {
                let k0 = m.aexpr(&pack.k_init)?;
                m.l.b.def_var(k, k0);
                native::lower_loop(m, k, |m| m.aexpr(&pack.k_cond), step, next)
            },
            next,
        )
    }

    /// The element `value` reads and the 16-byte vector type of its lanes, when it is a plain
    /// element of an array proved in range, contiguous along the AST iterator `lane`, and `n`
    /// of them fill whole 16-byte vectors ([`Self::copy16`] copies them).
    fn contiguous(
        &self,
        inst: &Instance<'_>,
        lane: usize,
        value: &BodyExpr,
        n: i64,
        elem: Type,
    ) -> Option<(ArrayAccess, types::Type)> {
        let optimist_scop::expr::ExprKind::Leaf(BodyLeaf::Access(a)) = &value.kind else {
            return None;
        };
        if (n * elem.size() as i64) % 16 != 0
            || self.promoted.contains_key(a)
            || self.stride(lane, inst.indices, *a) != Some(Stride::Contiguous)
        {
            return None;
        }
        ArrayAccess::of(self.scop, *a).zip(vector16(elem))
    }

    /// `bytes` from element `x` (at the iterators' values) on into `to` plus its offset, 16
    /// at a time in vectors of `vty`.
    fn copy16(
        &mut self,
        inst: &Instance<'_>,
        x: ArrayAccess,
        vty: types::Type,
        bytes: i64,
        (to, at): (Value, i32),
    ) -> Result<(), CodegenError> {
        let flags = MemFlagsData::new().with_notrap();
        let (addr, offset) = self.element_at(inst, x)?;
        for c in 0..bytes / 16 {
            let c = i32::try_from(16 * c).map_err(too_large)?;
            let (from, into) = offset
                .checked_add(c)
                .zip(at.checked_add(c))
                .ok_or_else(|| CodegenError::Unsupported("a packed offset out of range".into()))?;
            let v = self.l.b.ins().load(vty, flags, addr, from);
            self.l.b.ins().store(flags, v, to, into);
        }
        Ok(())
    }

    /// `value` at the `n` positions of the iterator `lane` from `p0` (zero from `end` on) into
    /// `base`, one after the other, each `copies` times in a row.
    fn pack_lanes(
        &mut self,
        inst: &Instance<'_>,
        (lane, p0, end, n): (usize, Value, Value, i64),
        value: &BodyExpr,
        base: Value,
        copies: i64,
        elem: Type,
    ) -> Result<(), CodegenError> {
        let flags = MemFlagsData::new().with_notrap();
        let each = elem.size() as i32;
        let size = elem.size() as i64 * copies;
        for t in 0..n {
            let at = self.l.b.ins().iadd_imm_s(p0, t);
            self.l.b.def_var(self.iters[lane], at);
            let inside = self.l.b.ins().icmp(IntCC::SignedLessThan, at, end);
            let offset = i32::try_from(t * size).map_err(too_large)?;
            native::lower_if(
                self,
                inside,
                |m| {
                    let v = m.body(Some(inst), value)?;
                    for c in 0..copies as i32 {
                        m.l.b.ins().store(flags, v, base, offset + c * each);
                    }
                    Ok(())
                },
                |m| {
                    let z = zero(m, elem);
                    for c in 0..copies as i32 {
                        m.l.b.ins().store(flags, z, base, offset + c * each);
                    }
                    Ok(())
                },
            )?;
        }
        Ok(())
    }

    /// The steps of the reduction (loop `pack.k`) with `store(step, k)` for each: `step` its
    /// index from the reduction tile's first.
    fn each_step(
        &mut self,
        pack: &Pack,
        mut store: impl FnMut(&mut Self, Value) -> Result<(), CodegenError>,
    ) -> Result<(), CodegenError> {
        let k = self.iters[pack.k];
        let k0 = self.aexpr(&pack.k_init)?;
        self.l.b.def_var(k, k0);
        native::lower_loop(
            self,
            k,
            |m| m.aexpr(&pack.k_cond),
            |m| {
                let kk = m.l.b.use_var(k);
                let k0 = m.aexpr(&pack.k_init)?;
                let step = m.l.b.ins().isub(kk, k0);
                store(m, step)
            },
            |m, cur| m.l.b.ins().iadd_imm_s(cur, 1),
        )
    }

    /// The factors of the rows of register block `b` (origin `b0`, rows `r0` to before `r1`)
    /// not packed yet for its row block, into `a0`, a block's rows side by side per step; the
    /// flags cleared first when the row block is not the one whose factors are there.
    #[allow(clippy::too_many_arguments)]
    fn pack_factors(
        &mut self,
        site: &KernelSite,
        kernel: &MicroKernel,
        b: &RegisterBlock,
        (b0, r0, r1): (Value, Value, Value),
        (a0, a1): (Value, Value),
        elem: Type,
    ) -> Result<(), CodegenError> {
        let inst = instance(self.scop, b);
        let flags = MemFlagsData::new().with_notrap();
        let rb = self.l.b.use_var(self.iters[site.pack.rows]);
        let owner = self.l.b.use_var(site.owner);
        let packed = self.l.b.use_var(site.owned);
        let same = self.l.b.ins().icmp(IntCC::Equal, rb, owner);
        let n = b.rows;
        let all = self.l.b.ins().icmp_imm_s(IntCC::Equal, packed, n);
        let done = self.l.b.ins().band(same, all);
        let size = elem.size() as i64;
        // Once all the row block's factors are in place, a block tests two registers.
        native::lower_if(
            self,
            done,
            |_| Ok(()),
            |m| {
                let rows_at =
                    m.l.b
                        .ins()
                        .stack_addr(types::I64, site.rows.ok_or_else(untracked)?, 0);
                let packed = m.l.b.use_var(site.owned);
                let none = m.l.b.ins().icmp_imm_s(IntCC::SignedLessThan, packed, 0);
                let other = m.l.b.ins().icmp(IntCC::NotEqual, rb, owner);
                let fresh = m.l.b.ins().bor(none, other);
                native::lower_if(
                    m,
                    fresh,
                    |m| {
                        m.l.b.def_var(site.owner, rb);
                        let zero = m.l.b.ins().iconst(types::I64, 0);
                        m.l.b.def_var(site.owned, zero);
                        let z = m.l.b.ins().iconst(types::I8, 0);
                        for t in 0..n {
                            let at = i32::try_from(t).map_err(too_large)?;
                            m.l.b.ins().store(flags, z, rows_at, at);
                        }
                        Ok(())
                    },
                    |_| Ok(()),
                )?;
                for t in 0..n {
                    let r = m.l.b.ins().iadd_imm_s(b0, t);
                    let from = m.l.b.ins().icmp(IntCC::SignedLessThanOrEqual, r0, r);
                    let to = m.l.b.ins().icmp(IntCC::SignedLessThan, r, r1);
                    let at = i32::try_from(t).map_err(too_large)?;
                    let flag = m.l.b.ins().load(types::I8, flags, rows_at, at);
                    let not_yet = m.l.b.ins().icmp_imm_s(IntCC::Equal, flag, 0);
                    let real = m.l.b.ins().band(from, to);
                    let go = m.l.b.ins().band(real, not_yet);
                    native::lower_if(
                        m,
                        go,
                        |m| {
                            let one = m.l.b.ins().iconst(types::I8, 1);
                            m.l.b.ins().store(flags, one, rows_at, at);
                            let count = m.l.b.use_var(site.owned);
                            let count = m.l.b.ins().iadd_imm_s(count, 1);
                            m.l.b.def_var(site.owned, count);
                            m.l.b.def_var(m.iters[b.row], r);
                            m.each_step(&site.pack, |m, step| {
                                let v = m.body(Some(&inst), &kernel.row_factor)?;
                                let off = m.l.b.ins().imul_imm_s(step, n * size);
                                let off = m.l.b.ins().iadd_imm_s(off, t * size);
                                let addr = m.l.b.ins().iadd(a0, off);
                                m.l.b.ins().store(flags, v, addr, 0);
                                // The second product's, once per lane.
                                if let Some(second) = &kernel.second {
                                    let lanes = kernel.shape.lanes;
                                    let v = m.body(Some(&inst), &second.row_factor)?;
                                    let off = m.l.b.ins().imul_imm_s(step, n * lanes * size);
                                    let off = m.l.b.ins().iadd_imm_s(off, t * lanes * size);
                                    let addr = m.l.b.ins().iadd(a1, off);
                                    for c in 0..lanes {
                                        let at = i32::try_from(c * size).map_err(too_large)?;
                                        m.l.b.ins().store(flags, v, addr, at);
                                    }
                                }
                                Ok(())
                            })
                        },
                        |_| Ok(()),
                    )?;
                }
                Ok(())
            },
        )
    }

    /// The columns of register block `b` (column block `q` of the tile, whose first column is
    /// `b1`) inside the loops' bounds at its rows `r0` to before `r1` that the tile has not
    /// packed yet, into the column block's place in the buffer; nothing when all its columns
    /// are packed. A whole block (`whole`) whose column block has none packed yet packs all
    /// of them step by step, a step's columns side by side (a product's `B[k][j]` read along
    /// its rows: column by column, the 1000x1100x1200 product's native code took 0.163 s
    /// against 0.152 s).
    fn pack_operand(
        &mut self,
        site: &KernelSite,
        b: &RegisterBlock,
        (q, b1, r0, r1): (Value, Value, Value, Value),
        whole: Value,
        elem: Type,
    ) -> Result<(), CodegenError> {
        let inst = instance(self.scop, b);
        let flags = MemFlagsData::new().with_notrap();
        let reads = column_factors(&site.kernel);
        let (columns, depth, size) = (b.columns, site.pack.depth, elem.size() as i64);
        // The second product's factors are one product's column blocks further.
        let further = i32::try_from(site.pack.column_elements() * size).map_err(too_large)?;
        let base = self
            .l
            .b
            .ins()
            .stack_addr(types::I64, site.flags.ok_or_else(untracked)?, 0);
        let count_at = self.l.b.ins().imul_imm_s(q, 8);
        let count_at = self.l.b.ins().iadd(base, count_at);
        let count_at = self.l.b.ins().iadd_imm_s(count_at, site.counts);
        let count = self.l.b.ins().load(types::I64, flags, count_at, 0);
        let block_at = self.l.b.ins().imul_imm_s(q, depth * columns * size);
        let block_at = self.l.b.ins().iadd(site.buffer, block_at);
        let flags_at = self.l.b.ins().imul_imm_s(q, columns);
        let flags_at = self.l.b.ins().iadd(base, flags_at);
        let (row, column) = (self.iters[b.row], self.iters[b.column]);
        // Reads that are plain elements contiguous along the columns, in whole 16-byte
        // vectors: a whole block's are copied as vectors.
        let copies: Option<Vec<(ArrayAccess, types::Type)>> = reads
            .iter()
            .map(|read| self.contiguous(&inst, b.column, read, columns, elem))
            .collect();
        let missing = self
            .l
            .b
            .ins()
            .icmp_imm_s(IntCC::SignedLessThan, count, columns);
        native::lower_if(
            self,
            missing,
            |m| {
                let none = m.l.b.ins().icmp_imm_s(IntCC::Equal, count, 0);
                let at_once = m.l.b.ins().band(whole, none);
                native::lower_if(
                    m,
                    at_once,
                    |m| {
                        let one = m.l.b.ins().iconst(types::I8, 1);
                        for x in 0..columns {
                            let at = i32::try_from(x).map_err(too_large)?;
                            m.l.b.ins().store(flags, one, flags_at, at);
                        }
                        let n = m.l.b.ins().iconst(types::I64, columns);
                        m.l.b.ins().store(flags, n, count_at, 0);
                        m.l.b.def_var(row, r0);
                        m.each_step(&site.pack, |m, step| {
                            let off = m.l.b.ins().imul_imm_s(step, columns * size);
                            let at = m.l.b.ins().iadd(block_at, off);
                            if let Some(copies) = &copies {
                                m.l.b.def_var(column, b1);
                                for (t, &(x, vty)) in copies.iter().enumerate() {
                                    let o = t as i32 * further;
                                    m.copy16(&inst, x, vty, columns * size, (at, o))?;
                                }
                                return Ok(());
                            }
                            for x in 0..columns {
                                let c = m.l.b.ins().iadd_imm_s(b1, x);
                                m.l.b.def_var(column, c);
                                for (t, read) in reads.iter().enumerate() {
                                    let v = m.body(Some(&inst), read)?;
                                    let o = i32::try_from(x * size).map_err(too_large)?;
                                    m.l.b.ins().store(flags, v, at, o + t as i32 * further);
                                }
                            }
                            Ok(())
                        })
                    },
                    |m| {
                        m.l.b.def_var(row, r0);
                        native::lower_loop(
                            m,
                            row,
                            |m| Ok(m.below(row, r1)),
                            |m| {
                                let c0 = m.aexpr(&b.column_init)?;
                                m.l.b.def_var(column, c0);
                                native::lower_loop(
                                    m,
                                    column,
                                    |m| {
                                        let end = m.aexpr(&b.column_end)?;
                                        Ok(m.below(column, end))
                                    },
                                    |m| {
                                        let c = m.l.b.use_var(column);
                                        let x = m.l.b.ins().isub(c, b1);
                                        let flag_at = m.l.b.ins().iadd(flags_at, x);
                                        let flag = m.l.b.ins().load(types::I8, flags, flag_at, 0);
                                        let not_yet = m.l.b.ins().icmp_imm_s(IntCC::Equal, flag, 0);
                                        native::lower_if(
                                            m,
                                            not_yet,
                                            |m| {
                                                let one = m.l.b.ins().iconst(types::I8, 1);
                                                m.l.b.ins().store(flags, one, flag_at, 0);
                                                let n = m.l.b.ins().load(
                                                    types::I64,
                                                    flags,
                                                    count_at,
                                                    0,
                                                );
                                                let n = m.l.b.ins().iadd_imm_s(n, 1);
                                                m.l.b.ins().store(flags, n, count_at, 0);
                                                let lane = m.l.b.ins().imul_imm_s(x, size);
                                                let at = m.l.b.ins().iadd(block_at, lane);
                                                m.each_step(&site.pack, |m, step| {
                                                    let off =
                                                        m.l.b
                                                            .ins()
                                                            .imul_imm_s(step, columns * size);
                                                    let addr = m.l.b.ins().iadd(at, off);
                                                    for (t, read) in reads.iter().enumerate() {
                                                        let v = m.body(Some(&inst), read)?;
                                                        let o = t as i32 * further;
                                                        m.l.b.ins().store(flags, v, addr, o);
                                                    }
                                                    Ok(())
                                                })
                                            },
                                            |_| Ok(()),
                                        )
                                    },
                                    |m, cur| m.l.b.ins().iadd_imm_s(cur, 1),
                                )
                            },
                            |m, cur| m.l.b.ins().iadd_imm_s(cur, 1),
                        )
                    },
                )
            },
            |_| Ok(()),
        )
    }

    /// Register block `blk` (the body of the reduction loop `l`) run by the micro-kernel of
    /// the pack being lowered. `decide` makes native blocks only in a pack with a kernel, so
    /// `false` (the loop as written) means only that the pack has no buffer: its allocation
    /// failed when the code ran.
    pub(super) fn kernel_block(&mut self, l: &DLoop, blk: &Block) -> Result<bool, CodegenError> {
        let (Some(site), Some(_)) = (self.kernel_site.clone(), blk.packed) else {
            return Ok(false);
        };
        let (kernel, k_end) = (&site.kernel, &site.pack.k_end);
        let b = &blk.block;
        let inst = instance(self.scop, b);
        let elem = self.block_elem(b);
        let size = elem.size() as i64;
        let (rows, columns, depth) = (b.rows, b.columns, site.pack.depth);
        let vectors = kernel.vectors;
        let pack = &site.pack;
        // Where the row block's factors and the column block's packed columns are (with two
        // products: the second's factors of the rows, once per lane, after the first's).
        let terms = column_factors(kernel).len() as i64;
        let rows_at = terms * pack.column_elements() * size;
        let mut a0 = self.l.b.ins().iadd_imm_s(site.buffer, rows_at);
        let lanes = kernel.shape.lanes;
        let mut a1 = self.l.b.ins().iadd_imm_s(a0, pack.row_elements() * size);
        if pack.upfront.is_some() {
            // Every row block's factors are in place, one block's after the other.
            let rb = self.l.b.use_var(self.iters[pack.rows]);
            let rb0 = self.aexpr(&pack.rows_init)?;
            let dr = self.l.b.ins().isub(rb, rb0);
            let off = self.l.b.ins().imul_imm_s(dr, depth * rows * size);
            a0 = self.l.b.ins().iadd(a0, off);
            let off = self.l.b.ins().imul_imm_s(dr, depth * rows * lanes * size);
            a1 = self.l.b.ins().iadd(a1, off);
        }
        let bl = self.l.b.use_var(self.iters[pack.blocks]);
        let bl0 = self.aexpr(&pack.blocks_origin)?;
        let q = self.l.b.ins().isub(bl, bl0);
        let b_off = self.l.b.ins().imul_imm_s(q, depth * columns * size);
        let b0p = self.l.b.ins().iadd(site.buffer, b_off);
        // The block's box, its rows, and whether it is whole.
        let (row, column) = (self.iters[b.row], self.iters[b.column]);
        let r_origin = self.aexpr(&b.row_origin)?;
        let c_origin = self.aexpr(&b.column_origin)?;
        let r0 = self.aexpr(&b.row_init)?;
        let r1 = self.aexpr(&b.row_end)?;
        // `decide`'s test, as a truth value of `i8`.
        let whole = self.aexpr(&b.whole)?;
        let whole = self.l.b.ins().icmp_imm_s(IntCC::NotEqual, whole, 0);
        // What the block reads, packed.
        if pack.upfront.is_none() {
            self.pack_factors(&site, kernel, b, (r_origin, r0, r1), (a0, a1), elem)?;
            self.pack_operand(&site, b, (q, c_origin, r0, r1), whole, elem)?;
        }
        let slot_bytes = u32::try_from(rows * columns * size).map_err(too_large)?;
        let slot = self.l.b.create_sized_stack_slot(StackSlotData::new(
            StackSlotKind::ExplicitSlot,
            slot_bytes,
            4,
        ));
        let (cptr, ldc) = (
            self.l.b.declare_var(types::I64),
            self.l.b.declare_var(types::I64),
        );
        let write = b.write;
        let partial = Partial {
            inst: &inst,
            block: b,
            write,
            vars: (row, column),
            first: (r_origin, c_origin),
            rows: (r0, r1),
            slot,
            shape: (rows, columns),
            elem,
        };
        let (r0, c0) = (r_origin, c_origin);
        native::lower_if(
            self,
            whole,
            |m| {
                m.l.b.def_var(row, r0);
                m.l.b.def_var(column, c0);
                let at = m.element(&inst, write)?;
                let next = m.l.b.ins().iadd_imm_s(r0, 1);
                m.l.b.def_var(row, next);
                let below = m.element(&inst, write)?;
                let stride = m.l.b.ins().isub(below, at);
                m.l.b.def_var(cptr, at);
                m.l.b.def_var(ldc, stride);
                Ok(())
            },
            |m| {
                m.copy_block(&partial, true)?;
                let at = m.l.b.ins().stack_addr(types::I64, slot, 0);
                let stride = m.l.b.ins().iconst(types::I64, columns * size);
                m.l.b.def_var(cptr, at);
                m.l.b.def_var(ldc, stride);
                Ok(())
            },
        )?;
        // The kernel.
        let first_k = self.aexpr(&l.init)?;
        let end_k = self.aexpr(k_end)?;
        let kc = self.l.b.ins().isub(end_k, first_k);
        let c = self.l.b.use_var(cptr);
        let stride = self.l.b.use_var(ldc);
        if let Some(width) = crate::native::wide::Width::of_bytes(kernel.shape.bytes()) {
            let further = pack.column_elements() * size;
            let args = [c, stride, a0, b0p, kc, a1];
            self.wide_kernel(width, kernel, (rows, elem, further), args)?;
            let cut = self.l.b.ins().bxor_imm_s(whole, 1);
            native::lower_if(self, cut, |m| m.copy_block(&partial, false), |_| Ok(()))?;
            return Ok(true);
        }
        if kernel.second.is_some() {
            return Err(CodegenError::Unexpected(
                "a micro-kernel of two products in Cranelift's vectors".into(),
            ));
        }
        let (vty, lanes) = vector_type(kernel.shape)?;
        let vbytes = lanes * size;
        let accs = self.load_accumulators(c, stride, (rows, vectors), vbytes, vty)?;
        let (kv, ap, bp) = (
            self.l.b.declare_var(types::I64),
            self.l.b.declare_var(types::I64),
            self.l.b.declare_var(types::I64),
        );
        let zero_k = self.l.b.ins().iconst(types::I64, 0);
        self.l.b.def_var(kv, zero_k);
        self.l.b.def_var(ap, a0);
        self.l.b.def_var(bp, b0p);
        let shape = Steps {
            accs: &accs,
            rows,
            vectors,
            size,
            vbytes,
            vty,
            elem,
            kernel,
            fma: kernel.fused,
        };
        native::lower_loop(
            self,
            kv,
            |m| Ok(m.below(kv, kc)),
            |m| {
                m.kernel_step(&shape, ap, bp, 0)?;
                for (p, by) in [(ap, rows * size), (bp, columns * size)] {
                    let x = m.l.b.use_var(p);
                    let x = m.l.b.ins().iadd_imm_s(x, by);
                    m.l.b.def_var(p, x);
                }
                Ok(())
            },
            |m, cur| m.l.b.ins().iadd_imm_s(cur, 1),
        )?;
        self.store_accumulators(&accs, c, stride, (rows, vectors), vbytes)?;
        let cut = self.l.b.ins().bxor_imm_s(whole, 1);
        native::lower_if(self, cut, |m| m.copy_block(&partial, false), |_| Ok(()))?;
        Ok(true)
    }

    /// The call of the micro-kernel's code in wide vectors ([`crate::native::wide::WideKernel`])
    /// on a block: `args` its first element, the bytes from a row to the next, the packed
    /// factors, the packed columns, the steps of the reduction and the second product's
    /// factors (`further` bytes after the first's columns, its columns).
    fn wide_kernel(
        &mut self,
        width: crate::native::wide::Width,
        kernel: &MicroKernel,
        (rows, elem, further): (i64, Type, i64),
        args: [Value; 6],
    ) -> Result<(), CodegenError> {
        let second = match &kernel.second {
            Some(s) => Some(crate::native::wide::SecondProduct {
                row_first: s.row_first,
                columns_at: i32::try_from(further).map_err(too_large)?,
            }),
            None => None,
        };
        let args = if second.is_some() {
            &args[..]
        } else {
            &args[..5]
        };
        let code = crate::native::wide::WideKernel {
            second,
            double: elem == Type::F64,
            width,
            rows: usize::try_from(rows).map_err(too_large)?,
            vectors: usize::try_from(kernel.vectors).map_err(too_large)?,
            row_first: kernel.row_first,
            element_first: kernel.element_first,
            fused: kernel.fused,
        }
        .assemble()?;
        let cl =
            |e: cranelift_module::ModuleError| CodegenError::Unexpected(format!("cranelift: {e}"));
        // It preserves every register, as the wide loops do (`native/wide.rs`).
        let mut sig = self.l.module.make_signature();
        sig.call_conv = cranelift_codegen::isa::CallConv::PreserveAll;
        sig.params
            .extend(std::iter::repeat_n(AbiParam::new(types::I64), args.len()));
        let id = self.l.module.declare_anonymous_function(&sig).map_err(cl)?;
        self.l
            .module
            .define_function_bytes(id, 64, &code, &[])
            .map_err(cl)?;
        let f = self.l.module.declare_func_in_func(id, self.l.b.func);
        self.l.b.ins().call(f, args);
        Ok(())
    }

    /// A block's `rows x vectors` accumulators (vectors of `vty`, `vbytes` each), loaded from
    /// its elements at `c`, `stride` bytes a row.
    fn load_accumulators(
        &mut self,
        c: Value,
        stride: Value,
        (rows, vectors): (i64, i64),
        vbytes: i64,
        vty: types::Type,
    ) -> Result<Vec<Variable>, CodegenError> {
        let flags = MemFlagsData::new().with_notrap();
        let mut accs = Vec::with_capacity((rows * vectors) as usize);
        let mut row_at = c;
        for _ in 0..rows {
            for x in 0..vectors {
                let v = self.l.b.ins().load(
                    vty,
                    flags,
                    row_at,
                    i32::try_from(x * vbytes).map_err(too_large)?,
                );
                let var = self.l.b.declare_var(vty);
                self.l.b.def_var(var, v);
                accs.push(var);
            }
            row_at = self.l.b.ins().iadd(row_at, stride);
        }
        Ok(accs)
    }

    /// Stores the accumulators `accs` ([`Self::load_accumulators`]) back where they came from.
    fn store_accumulators(
        &mut self,
        accs: &[Variable],
        c: Value,
        stride: Value,
        (rows, vectors): (i64, i64),
        vbytes: i64,
    ) -> Result<(), CodegenError> {
        let flags = MemFlagsData::new().with_notrap();
        let mut row_at = c;
        for r in 0..rows {
            for x in 0..vectors {
                let v = self.l.b.use_var(accs[(r * vectors + x) as usize]);
                self.l.b.ins().store(
                    flags,
                    v,
                    row_at,
                    i32::try_from(x * vbytes).map_err(too_large)?,
                );
            }
            row_at = self.l.b.ins().iadd(row_at, stride);
        }
        Ok(())
    }

    /// Step `step` (0 or 1) after the one the factors at `ap` and the packed columns at `bp`
    /// are at: the columns loaded, each row's factor broadcast, multiplied and added to the
    /// row's accumulators in the statement's order of operands.
    fn kernel_step(
        &mut self,
        s: &Steps<'_>,
        ap: Variable,
        bp: Variable,
        step: i64,
    ) -> Result<(), CodegenError> {
        let (a, bq) = (self.l.b.use_var(ap), self.l.b.use_var(bp));
        // The buffer's loads are pure (read-only, no trap, movable): the buffer is written
        // before the kernel only, and their addresses come from the kernel loop's counters,
        // so no load can move above the packing; pure, each is computed where it is used (a
        // row's factor broadcast right before its products) instead of all of them at the top
        // of the iteration, which would hold more values than there are registers.
        let packed = MemFlagsData::new()
            .with_notrap()
            .with_readonly()
            .with_can_move();
        let (a_step, b_step) = (s.rows * s.size, s.vectors * s.vbytes);
        let mut bv = Vec::with_capacity(s.vectors as usize);
        for x in 0..s.vectors {
            let at = i32::try_from(step * b_step + x * s.vbytes).map_err(too_large)?;
            bv.push(self.l.b.ins().load(s.vty, packed, bq, at));
        }
        for r in 0..s.rows {
            let at = i32::try_from(step * a_step + r * s.size).map_err(too_large)?;
            let x = self.l.b.ins().load(clif(s.elem), packed, a, at);
            let splat = self.l.b.ins().splat(s.vty, x);
            for (q, &y) in bv.iter().enumerate() {
                let var = s.accs[(r * s.vectors) as usize + q];
                let acc = self.l.b.use_var(var);
                if s.fma {
                    // Rounded once: the order of the operands makes no difference.
                    let sum = self.l.b.ins().fma(splat, y, acc);
                    self.l.b.def_var(var, sum);
                    continue;
                }
                let p = if s.kernel.row_first {
                    self.l.b.ins().fmul(splat, y)
                } else {
                    self.l.b.ins().fmul(y, splat)
                };
                let sum = if s.kernel.element_first {
                    self.l.b.ins().fadd(acc, p)
                } else {
                    self.l.b.ins().fadd(p, acc)
                };
                self.l.b.def_var(var, sum);
            }
        }
        Ok(())
    }

    /// Copies the elements of a partial block inside the loops' bounds between the array and
    /// its stack slot (into the slot, zeroed first, when `into`).
    fn copy_block(&mut self, p: &Partial<'_, '_>, into: bool) -> Result<(), CodegenError> {
        let Partial {
            inst,
            block,
            write,
            vars: (row, column),
            first,
            rows: (r0, r1),
            slot,
            shape,
            elem,
        } = *p;
        let size = elem.size() as i64;
        if into {
            let z = zero(self, elem);
            for e in 0..shape.0 * shape.1 {
                let at = i32::try_from(e * size).map_err(too_large)?;
                self.l.b.ins().stack_store(types::I64, z, slot, at);
            }
        }
        for r in 0..shape.0 {
            let x = self.l.b.ins().iadd_imm_s(first.0, r);
            let from = self.l.b.ins().icmp(IntCC::SignedLessThanOrEqual, r0, x);
            let to = self.l.b.ins().icmp(IntCC::SignedLessThan, x, r1);
            let real = self.l.b.ins().band(from, to);
            native::lower_if(
                self,
                real,
                |m| {
                    m.l.b.def_var(row, x);
                    let ci = m.aexpr(&block.column_init)?;
                    let ce = m.aexpr(&block.column_end)?;
                    for c in 0..shape.1 {
                        let y = m.l.b.ins().iadd_imm_s(first.1, c);
                        let from = m.l.b.ins().icmp(IntCC::SignedLessThanOrEqual, ci, y);
                        let to = m.l.b.ins().icmp(IntCC::SignedLessThan, y, ce);
                        let inside = m.l.b.ins().band(from, to);
                        let at = i32::try_from((r * shape.1 + c) * size).map_err(too_large)?;
                        native::lower_if(
                            m,
                            inside,
                            |m| {
                                m.l.b.def_var(row, x);
                                m.l.b.def_var(column, y);
                                let addr = m.element(inst, write)?;
                                let flags = MemFlagsData::new().with_notrap();
                                if into {
                                    let v = m.l.b.ins().load(clif(elem), flags, addr, 0);
                                    m.l.b.ins().stack_store(types::I64, v, slot, at);
                                } else {
                                    let v =
                                        m.l.b.ins().stack_load(types::I64, clif(elem), slot, at);
                                    m.l.b.ins().store(flags, v, addr, 0);
                                }
                                Ok(())
                            },
                            |_| Ok(()),
                        )?;
                    }
                    Ok(())
                },
                |_| Ok(()),
            )?;
        }
        Ok(())
    }
}

/// The statement of register block `b`, as an instance in the AST's loops.
fn instance<'x>(scop: &'x Scop, b: &'x RegisterBlock) -> Instance<'x> {
    let (stmt, (iterators, indices)) = b.parts();
    Instance {
        st: scop.stmt(stmt),
        iterators,
        indices,
    }
}

/// A block the loops' bounds cut ([`ModelLowering::copy_block`]): its statement, the block
/// (whose columns' bounds may depend on the row), its rows' and columns' iterators, the first
/// row and column of its box, its rows (first, and end), and the stack slot holding a whole
/// block's elements.
#[derive(Clone, Copy)]
struct Partial<'x, 'y> {
    inst: &'x Instance<'y>,
    block: &'x RegisterBlock,
    write: ArrayAccess,
    vars: (Variable, Variable),
    first: (Value, Value),
    rows: (Value, Value),
    slot: cranelift_codegen::ir::StackSlot,
    shape: (i64, i64),
    elem: Type,
}

/// The Cranelift vector of 16 bytes with lanes of `elem`.
fn vector16(elem: Type) -> Option<types::Type> {
    match elem {
        Type::F64 => Some(types::F64X2),
        Type::F32 => Some(types::F32X4),
        Type::I64 => Some(types::I64X2),
        Type::I32 => Some(types::I32X4),
        _ => None,
    }
}

/// What every step of a micro-kernel is made of.
struct Steps<'x> {
    /// The accumulators, row after row.
    accs: &'x [Variable],
    rows: i64,
    vectors: i64,
    /// Bytes of an element and of a vector.
    size: i64,
    vbytes: i64,
    vty: types::Type,
    elem: Type,
    kernel: &'x MicroKernel,
    /// Fused multiply-adds: asked for ([`MicroKernel::fused`]) and the CPU has them.
    fma: bool,
}

/// The factors of the columns a kernel's products read: one or two.
fn column_factors(kernel: &MicroKernel) -> Vec<&BodyExpr> {
    let mut out = vec![&kernel.column_factor];
    out.extend(kernel.second.as_ref().map(|s| &s.column_factor));
    out
}

/// Zero of `elem`, as a value.
fn zero(m: &mut ModelLowering<'_, '_>, elem: Type) -> Value {
    match elem {
        Type::F32 => m.l.b.ins().f32const(0.0),
        _ => m.l.b.ins().f64const(0.0),
    }
}

fn untracked() -> CodegenError {
    CodegenError::Unexpected("a pack packed up front tracks nothing".into())
}

fn too_large(_: std::num::TryFromIntError) -> CodegenError {
    CodegenError::Unexpected("a micro-kernel's offsets do not fit".into())
}
