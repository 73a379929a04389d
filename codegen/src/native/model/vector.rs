//! Loops in vector lanes, and loops jammed into them.

use super::*;

/// Most invariant values a vector loop computes before it and keeps in vector registers for
/// the whole loop (x86-64 has 16; the loop's own values need the rest). Past it, an invariant
/// is computed where it is used: a read is one load and broadcast, what a spilled register's
/// reload costs anyway, without the spill. conv2d's 25 weights, all hoisted, were spilled and
/// reloaded every iteration, and the rotated loop stored 11 of them back on its back edge.
const HOISTED_VECTORS: usize = 8;

impl ModelLowering<'_, '_> {
    /// A loop decided to run in lanes of `elem` ([`Lanes`]): iterations `lanes` at a time while a
    /// whole vector fits below `end`, then the remaining ones in scalar code. With `jam`
    /// (`(k, first, copies)`: a loop `k` around this one unrolled and jammed into it), each
    /// iteration runs the body for `k = first, first + 1, ...` (`copies` of them) in turn.
    ///
    /// Inside the vector loop, what does not move along `iter` (invariant reads, constants and
    /// what is computed from them only) is computed once before it, and an element the body
    /// writes stays in a register until the end of the iteration when every access of the body
    /// to its array has the same index expressions (free of `k`): a later read of it in the
    /// same iteration takes the register. Both only run when the vector loop runs once at
    /// least, so they read nothing the program does not.
    pub(super) fn vector_loop(
        &mut self,
        iter: usize,
        init: &AExpr,
        decided: &Lanes,
        own: &OwnLanes,
        jam: Option<(usize, Value, i64)>,
    ) -> Result<(), CodegenError> {
        let x = self.aexpr(init)?;
        let end = self.aexpr(&own.end)?;
        self.vector_loop_over(iter, x, end, decided, own, jam)
    }

    /// [`Self::vector_loop`] from `x` to `end` (values: an outlined body's block of the
    /// iterations, [`Self::parallel_loop`]).
    pub(super) fn vector_loop_over(
        &mut self,
        iter: usize,
        x: Value,
        end: Value,
        decided: &Lanes,
        own: &OwnLanes,
        jam: Option<(usize, Value, i64)>,
    ) -> Result<(), CodegenError> {
        let (vty, lanes) = vector_type(own.shape)?;
        let v = self.iters[iter];
        self.l.b.def_var(v, x);
        let last_start = self.l.b.ins().iadd_imm_s(end, 1 - lanes);
        // The values of the jammed iterator, one per copy.
        let copies: Vec<Option<(usize, Value)>> = match jam {
            None => vec![None],
            Some((k, first, n)) => (0..n)
                .map(|q| Some((k, self.l.b.ins().iadd_imm_s(first, q))))
                .collect(),
        };
        if let Some(wide) = own.wide {
            // The whole wide vectors first; the iterations they leave continue below.
            self.wide_loop(iter, x, end, own, &copies, wide, &decided.registers)?;
        }
        let stmts = &own.stmts;
        // Reads of what the body writes stay in the loop (a copy may write what another
        // reads).
        let written: Vec<_> = stmts.iter().map(|s| Some(s.write.array())).collect();
        let registers = &decided.registers;
        let unroll = jam.is_none() && decided.pairs;
        let below = |m: &mut Self, bound: Value| Ok(m.below(v, bound));
        let start = self.l.b.use_var(v);
        let runs = self
            .l
            .b
            .ins()
            .icmp(IntCC::SignedLessThan, start, last_start);
        native::lower_if(
            self,
            runs,
            |m| {
                let hoisted = m.hoist_copies(&copies, stmts, iter, vty, &written)?;
                let once = |m: &mut Self| -> Result<(), CodegenError> {
                    m.vector_iteration(&copies, &hoisted, stmts, iter, vty, registers)
                };
                // Two vectors per iteration while both fit (the loop's own work is shared by
                // twice the lanes), then one more when one fits. A jammed loop has its copies
                // instead.
                if unroll {
                    let last_pair = m.l.b.ins().iadd_imm_s(end, 1 - 2 * lanes);
                    native::lower_loop(
                        m,
                        v,
                        |m| below(m, last_pair),
                        |m| {
                            once(m)?;
                            // The second vector reads the iterator `lanes` ahead; its
                            // addresses take that in their offsets.
                            m.ahead = Some((iter, lanes));
                            let done = once(m);
                            m.ahead = None;
                            done
                        },
                        |m, cur| m.l.b.ins().iadd_imm_s(cur, 2 * lanes),
                    )?;
                }
                native::lower_loop(
                    m,
                    v,
                    |m| below(m, last_start),
                    once,
                    |m, cur| m.l.b.ins().iadd_imm_s(cur, lanes),
                )
            },
            |_| Ok(()),
        )?;
        // The remaining iterations, in scalar code (each copy in turn).
        native::lower_loop(
            self,
            v,
            |m| below(m, end),
            |m| {
                for &copy in &copies {
                    m.jam_value = copy;
                    for s in stmts {
                        m.stmt(&s.node)?;
                    }
                }
                m.jam_value = None;
                Ok(())
            },
            |m, cur| m.l.b.ins().iadd_imm_s(cur, 1),
        )
    }

    /// The whole vectors of `wide` from `x` (the loop's iterator's value) below `end`, in the
    /// wide-loop emitter's code ([`crate::native::wide`]), a function of the module this one
    /// calls; when it ran, the iterator continues where it stopped. It runs only when one wide
    /// vector fits at least, so that its scalars (read before it) are read only where the
    /// program reads them.
    #[allow(clippy::too_many_arguments)]
    fn wide_loop(
        &mut self,
        iter: usize,
        x: Value,
        end: Value,
        own: &OwnLanes,
        copies: &[Option<(usize, Value)>],
        wide: VectorShape,
        registers: &[optimist_scop::ir::ArrayId],
    ) -> Result<(), CodegenError> {
        use crate::native::wide::Width;
        let width = Width::of_bytes(wide.bytes()).ok_or_else(|| {
            CodegenError::Unsupported(format!("wide vectors of {} bytes", wide.bytes()))
        })?;
        let lane = crate::native::wide::Lane::of(wide.elem)
            .ok_or_else(|| CodegenError::Unsupported(format!("wide vectors of {}", wide.elem)))?;
        let v = self.iters[iter];
        let last = self.l.b.ins().iadd_imm_s(end, 1 - wide.lanes);
        let runs = self.l.b.ins().icmp(IntCC::SignedLessThan, x, last);
        native::lower_if(
            self,
            runs,
            |m| {
                // Iterations one by one until the first statement's store is aligned to the
                // vector (wide stores across two cache lines cost two), fewer than the
                // lanes; then the whole vectors, when one is left.
                let first = own.stmts.first().ok_or_else(|| {
                    CodegenError::Unexpected("a wide loop without a statement".into())
                })?;
                let inst = Instance::of(m.scop, &first.node);
                m.jam_value = copies.first().copied().flatten();
                let (addr, offset) = m.element_at(&inst, first.write)?;
                m.jam_value = None;
                let at = m.l.b.ins().iadd_imm_s(addr, i64::from(offset));
                let bytes = wide.bytes();
                let gap = m.l.b.ins().ineg(at);
                let gap = m.l.b.ins().band_imm_s(gap, bytes - 1);
                let size = wide.elem.size() as i64;
                let peel = m.l.b.ins().udiv_imm_u(gap, size);
                let peel_end = m.l.b.ins().iadd(x, peel);
                native::lower_loop(
                    m,
                    v,
                    |m| Ok(m.below(v, peel_end)),
                    |m| {
                        for &copy in copies {
                            m.jam_value = copy;
                            for s in &own.stmts {
                                m.stmt(&s.node)?;
                            }
                        }
                        m.jam_value = None;
                        Ok(())
                    },
                    |m, cur| m.l.b.ins().iadd_imm_s(cur, 1),
                )?;
                let x = m.l.b.use_var(v);
                let runs = m.l.b.ins().icmp(IntCC::SignedLessThan, x, last);
                native::lower_if(
                    m,
                    runs,
                    |m| m.wide_call(iter, x, end, own, copies, (width, lane), registers),
                    |_| Ok(()),
                )
            },
            |_| Ok(()),
        )
    }

    /// The call of the wide loop's code ([`Self::wide_loop`]) from `x`, the iterator's value:
    /// each of `copies` (of a jammed loop's iterator) runs the statements in turn.
    #[allow(clippy::too_many_arguments)]
    fn wide_call(
        &mut self,
        iter: usize,
        x: Value,
        end: Value,
        own: &OwnLanes,
        copies: &[Option<(usize, Value)>],
        (width, lane): (crate::native::wide::Width, crate::native::wide::Lane),
        registers: &[optimist_scop::ir::ArrayId],
    ) -> Result<(), CodegenError> {
        use crate::native::wide::{WideLoop, WideStmt};
        let v = self.iters[iter];
        let written: Vec<_> = own.stmts.iter().map(|s| Some(s.write.array())).collect();
        let m = self;
        let mut slots = Vec::new();
        let mut stmts = Vec::new();
        // The arrays kept in registers within an iteration, each with its kept value
        // once a statement wrote it (as the Cranelift lanes keep them).
        let mut pending: HashMap<optimist_scop::ir::ArrayId, usize> = HashMap::new();
        for &copy in copies {
            m.jam_value = copy;
            for s in &own.stmts {
                let inst = Instance::of(m.scop, &s.node);
                let value = m.wide_expr(
                    &inst,
                    (iter, width),
                    &inst.st.value,
                    &written,
                    (registers, &pending),
                    &mut slots,
                )?;
                let (addr, offset) = m.element_at(&inst, s.write)?;
                slots.push(m.l.b.ins().iadd_imm_s(addr, i64::from(offset)));
                let array = s.write.array();
                let keep = registers.contains(&array).then(|| {
                    let next = pending.len();
                    *pending.entry(array).or_insert(next)
                });
                stmts.push(WideStmt {
                    store: slots.len() - 1,
                    keep,
                    value,
                });
            }
        }
        m.jam_value = None;
        // The slot the function writes the iterations it ran to.
        slots.push(m.l.b.ins().iconst(types::I64, 0));
        let mut l = WideLoop {
            lane,
            width,
            stmts,
            sign: None,
            result: slots.len() - 1,
        };
        if l.negates() {
            let minus_zero = if lane == crate::native::wide::Lane::F64 {
                m.l.b.ins().f64const(-0.0)
            } else {
                m.l.b.ins().f32const(-0.0)
            };
            slots.push(minus_zero);
            l.sign = Some(slots.len() - 1);
        }
        let code = l.assemble()?;
        let cl =
            |e: cranelift_module::ModuleError| CodegenError::Unexpected(format!("cranelift: {e}"));
        // It preserves every register, so that the caller's values stay in registers
        // across the call (with the C convention, every value live across it was
        // spilled in the whole function: a loop nest after it ran 2.5 times slower).
        let mut sig = m.l.module.make_signature();
        sig.call_conv = cranelift_codegen::isa::CallConv::PreserveAll;
        sig.params.push(AbiParam::new(types::I64));
        sig.params.push(AbiParam::new(types::I64));
        let id = m.l.module.declare_anonymous_function(&sig).map_err(cl)?;
        m.l.module
            .define_function_bytes(id, 64, &code, &[])
            .map_err(cl)?;
        let f = m.l.module.declare_func_in_func(id, m.l.b.func);
        let bytes = u32::try_from(slots.len() * 8)
            .map_err(|_| CodegenError::Unsupported("a wide loop of too many values".into()))?;
        let table_slot = m.l.b.create_sized_stack_slot(StackSlotData::new(
            StackSlotKind::ExplicitSlot,
            bytes,
            3,
        ));
        for (k, &value) in slots.iter().enumerate() {
            let at = i32::try_from(k * 8)
                .map_err(|_| CodegenError::Unsupported("a wide loop of too many values".into()))?;
            m.l.b.ins().stack_store(types::I64, value, table_slot, at);
        }
        let table = m.l.b.ins().stack_addr(types::I64, table_slot, 0);
        let count = m.l.b.ins().isub(end, x);
        m.l.b.ins().call(f, &[table, count]);
        let at = i32::try_from(l.result * 8)
            .map_err(|_| CodegenError::Unsupported("a wide loop of too many values".into()))?;
        let done =
            m.l.b
                .ins()
                .stack_load(types::I64, types::I64, table_slot, at);
        let next = m.l.b.ins().iadd(x, done);
        m.l.b.def_var(v, next);
        Ok(())
    }

    /// `e` as the wide-loop emitter's value along `iter`, its operands' addresses and scalars
    /// (computed here, before the loop) appended to `slots`: what does not move along `iter`
    /// and reads nothing the loop writes is one scalar; an element the loop writes at one
    /// place is read again in every iteration.
    fn wide_expr(
        &mut self,
        inst: &Instance<'_>,
        (iter, width): (usize, crate::native::wide::Width),
        e: &BodyExpr,
        written: &[Option<optimist_scop::ir::ArrayId>],
        (registers, pending): (
            &[optimist_scop::ir::ArrayId],
            &HashMap<optimist_scop::ir::ArrayId, usize>,
        ),
        slots: &mut Vec<Value>,
    ) -> Result<crate::native::wide::WideExpr, CodegenError> {
        use crate::native::wide::{WideBin, WideExpr};
        use optimist_scop::expr::ExprKind;
        use optimist_scop::ir::{BinOp, UnOp};
        if self.invariant(inst, iter, e, written) {
            let x = self.body(Some(inst), e)?;
            slots.push(x);
            return Ok(WideExpr::Scalar(slots.len() - 1));
        }
        let mut go = |m: &mut Self, x: &BodyExpr| {
            m.wide_expr(inst, (iter, width), x, written, (registers, pending), slots)
        };
        Ok(match &e.kind {
            ExprKind::Leaf(BodyLeaf::Access(a)) => {
                let x = ArrayAccess::of(self.scop, *a).ok_or_else(|| {
                    CodegenError::Unexpected("a wide loop's access to a scalar".into())
                })?;
                let stride = self.stride(iter, inst.indices, *a);
                if registers.contains(&x.array())
                    && let Some(&k) = pending.get(&x.array())
                {
                    return Ok(WideExpr::Kept(k));
                }
                let (addr, offset) = self.element_at(inst, x)?;
                slots.push(self.l.b.ins().iadd_imm_s(addr, i64::from(offset)));
                match stride {
                    Some(Stride::Contiguous) => WideExpr::Load(slots.len() - 1),
                    Some(Stride::Invariant) => WideExpr::Broadcast(slots.len() - 1),
                    _ => {
                        return Err(CodegenError::Unexpected(
                            "a wide loop's access that moves otherwise".into(),
                        ));
                    }
                }
            }
            ExprKind::Unary(UnOp::Neg, x) => WideExpr::Neg(Box::new(go(self, x)?)),
            ExprKind::Call(optimist_scop::ir::MathFn::Sqrt, args) if args.len() == 1 => {
                WideExpr::Sqrt(Box::new(go(self, &args[0])?))
            }
            ExprKind::Call(optimist_scop::ir::MathFn::Fma, args) if args.len() == 3 => {
                let x = go(self, &args[0])?;
                let y = go(self, &args[1])?;
                WideExpr::Fma(Box::new([x, y, go(self, &args[2])?]))
            }
            ExprKind::Binary(op @ (BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div), x, y) => {
                let op = match op {
                    BinOp::Add => WideBin::Add,
                    BinOp::Sub => WideBin::Sub,
                    BinOp::Mul => WideBin::Mul,
                    _ => WideBin::Div,
                };
                let x = go(self, x)?;
                WideExpr::Bin(op, Box::new(x), Box::new(go(self, y)?))
            }
            ExprKind::Select(c, a, b) => {
                use crate::native::wide::WideCmp;
                let ExprKind::Binary(op, x, y) = &c.kind else {
                    return Err(CodegenError::Unexpected(
                        "a wide loop's condition that is no comparison".into(),
                    ));
                };
                let cmp = match op {
                    BinOp::Eq => WideCmp::Eq,
                    BinOp::Ne => WideCmp::Ne,
                    BinOp::Lt => WideCmp::Lt,
                    BinOp::Le => WideCmp::Le,
                    BinOp::Gt => WideCmp::Gt,
                    BinOp::Ge => WideCmp::Ge,
                    _ => {
                        return Err(CodegenError::Unexpected(
                            "a wide loop's condition that is no comparison".into(),
                        ));
                    }
                };
                // A maximum or a minimum, each operand computed once (`vmaxpd`, `vpmaxsd`):
                // floating `>` and `<` pick as `maxpd` and `minpd` do, integers any order;
                // `vpmaxsq` is AVX-512's.
                let same = |p: &BodyExpr, q: &BodyExpr| same_value(self.scop, inst, p, q);
                let int = !e.ty.is_float();
                let has = int && (e.ty != Type::I64 || width == crate::native::wide::Width::Zmm);
                let pick = match cmp {
                    WideCmp::Gt | WideCmp::Lt => e.ty.is_float() || has,
                    WideCmp::Ge | WideCmp::Le => has,
                    _ => false,
                };
                let greater = matches!(cmp, WideCmp::Gt | WideCmp::Ge);
                if pick && same(a, x) && same(b, y) {
                    let op = if greater { WideBin::Max } else { WideBin::Min };
                    let x = go(self, x)?;
                    return Ok(WideExpr::Bin(op, Box::new(x), Box::new(go(self, y)?)));
                }
                if pick && same(a, y) && same(b, x) {
                    // `x > y ? y : x` is `y < x ? y : x`.
                    let op = if greater { WideBin::Min } else { WideBin::Max };
                    let y = go(self, y)?;
                    return Ok(WideExpr::Bin(op, Box::new(y), Box::new(go(self, x)?)));
                }
                let parts = [go(self, x)?, go(self, y)?, go(self, a)?, go(self, b)?];
                WideExpr::Select(cmp, Box::new(parts))
            }
            _ => {
                return Err(CodegenError::Unexpected(
                    "a wide loop of an expression the decision refuses".into(),
                ));
            }
        })
    }

    /// The invariants of a vector loop's statements `stmts`, per copy of a jammed loop and per
    /// statement instance (an unrolled body holds several instances of one statement, whose
    /// nodes are the same), computed before the loop within [`HOISTED_VECTORS`].
    fn hoist_copies(
        &mut self,
        copies: &[Option<(usize, Value)>],
        stmts: &[LaneStmt],
        iter: usize,
        vty: types::Type,
        written: &[Option<optimist_scop::ir::ArrayId>],
    ) -> Result<Vec<Vec<HashMap<*const BodyExpr, Value>>>, CodegenError> {
        let mut hoisted = Vec::with_capacity(copies.len());
        let mut budget = HOISTED_VECTORS;
        for &copy in copies {
            self.jam_value = copy;
            let mut per_instance = Vec::with_capacity(stmts.len());
            for s in stmts {
                let inst = Instance::of(self.scop, &s.node);
                let st = inst.st;
                let mut values = HashMap::new();
                self.hoist(
                    &inst,
                    iter,
                    &st.value,
                    vty,
                    written,
                    &mut values,
                    &mut budget,
                )?;
                per_instance.push(values);
            }
            hoisted.push(per_instance);
        }
        self.jam_value = None;
        Ok(hoisted)
    }

    /// One iteration of a vector loop: every copy's statements in lanes, with the invariants
    /// `hoisted` ([`Self::hoist_copies`]); the elements of `registers` stored once, at its end.
    fn vector_iteration(
        &mut self,
        copies: &[Option<(usize, Value)>],
        hoisted: &[Vec<HashMap<*const BodyExpr, Value>>],
        stmts: &[LaneStmt],
        iter: usize,
        vty: types::Type,
        registers: &[optimist_scop::ir::ArrayId],
    ) -> Result<(), CodegenError> {
        let mut pending: HashMap<optimist_scop::ir::ArrayId, (Value, Value)> = HashMap::new();
        for (&copy, per_instance) in copies.iter().zip(hoisted) {
            self.jam_value = copy;
            for (s, values) in stmts.iter().zip(per_instance) {
                let inst = Instance::of(self.scop, &s.node);
                let value = self.vector_value(
                    &inst,
                    iter,
                    &inst.st.value,
                    vty,
                    values,
                    registers,
                    &pending,
                )?;
                let array = s.write.array();
                if registers.contains(&array) {
                    let addr = self.element(&inst, s.write)?;
                    pending.insert(array, (addr, value));
                } else {
                    let (addr, offset) = self.element_at(&inst, s.write)?;
                    self.l
                        .b
                        .ins()
                        .store(MemFlagsData::new().with_notrap(), value, addr, offset);
                }
            }
        }
        self.jam_value = None;
        let mut flush: Vec<_> = pending.into_iter().collect();
        flush.sort_by_key(|(a, _)| a.0);
        for (_, (addr, value)) in flush {
            self.l
                .b
                .ins()
                .store(MemFlagsData::new().with_notrap(), value, addr, 0);
        }
        Ok(())
    }

    /// The program array an access reaches (`None` for a scalar).
    pub(super) fn array_of(&self, a: AccessId) -> Option<optimist_scop::ir::ArrayId> {
        crate::decide::array_of(self.scop, a)
    }

    /// How access `a` moves along `iter` ([`crate::decide::stride`]).
    pub(super) fn stride(
        &self,
        iter: usize,
        indices: &[(AccessId, Vec<AExpr>)],
        a: AccessId,
    ) -> Option<Stride> {
        crate::decide::stride(self.scop, self.proved, iter, indices, a)
    }

    /// Computes, before a vector loop along `iter`, the largest parts of `e` that do not move
    /// along it (splat into lanes), keyed by their node.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn hoist(
        &mut self,
        inst: &Instance<'_>,
        iter: usize,
        e: &BodyExpr,
        vty: types::Type,
        written: &[Option<optimist_scop::ir::ArrayId>],
        values: &mut HashMap<*const BodyExpr, Value>,
        budget: &mut usize,
    ) -> Result<(), CodegenError> {
        if self.invariant(inst, iter, e, written) {
            // Past the budget, the loop computes it where it is used.
            if *budget > 0 {
                *budget -= 1;
                let x = self.body(Some(inst), e)?;
                let splat = self.l.b.ins().splat(vty, x);
                values.insert(e as *const BodyExpr, splat);
            }
            return Ok(());
        }
        for c in e.children() {
            self.hoist(inst, iter, c, vty, written, values, budget)?;
        }
        Ok(())
    }

    /// Whether `e` (accepted for lanes by [`crate::decide`]) does not move along `iter` and reads
    /// none of the arrays `written`.
    pub(super) fn invariant(
        &self,
        inst: &Instance<'_>,
        iter: usize,
        e: &BodyExpr,
        written: &[Option<optimist_scop::ir::ArrayId>],
    ) -> bool {
        use optimist_scop::expr::ExprKind;
        match &e.kind {
            ExprKind::Leaf(BodyLeaf::Access(a)) => {
                self.stride(iter, inst.indices, *a) == Some(Stride::Invariant)
                    && !written.contains(&self.array_of(*a))
            }
            ExprKind::Leaf(BodyLeaf::Iter(_)) => false,
            _ => e
                .children()
                .iter()
                .all(|c| self.invariant(inst, iter, c, written)),
        }
    }

    /// `e` in vector lanes (type `vty`) for the instances at the iterator's value and the
    /// following ones; `hoisted` holds what was computed before the loop, `pending` the
    /// values the iteration wrote so far to the arrays kept in `registers`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn vector_value(
        &mut self,
        inst: &Instance<'_>,
        iter: usize,
        e: &BodyExpr,
        vty: types::Type,
        hoisted: &HashMap<*const BodyExpr, Value>,
        registers: &[optimist_scop::ir::ArrayId],
        pending: &HashMap<optimist_scop::ir::ArrayId, (Value, Value)>,
    ) -> Result<Value, CodegenError> {
        use optimist_scop::expr::ExprKind;
        use optimist_scop::ir::{BinOp, UnOp};
        if let Some(&v) = hoisted.get(&(e as *const BodyExpr)) {
            return Ok(v);
        }
        let go = |m: &mut Self, x: &BodyExpr| {
            m.vector_value(inst, iter, x, vty, hoisted, registers, pending)
        };
        // An element that moves along `iter`: one vector of them.
        let moving = match &e.kind {
            ExprKind::Leaf(BodyLeaf::Access(a)) => ArrayAccess::of(self.scop, *a)
                .and_then(|x| Some((x, self.stride(iter, inst.indices, *a)?))),
            _ => None,
        };
        match moving {
            Some((x, Stride::Contiguous)) => {
                if registers.contains(&x.array())
                    && let Some(&(_, value)) = pending.get(&x.array())
                {
                    return Ok(value);
                }
                let (addr, offset) = self.element_at(inst, x)?;
                return Ok(self.l.b.ins().load(
                    vty,
                    MemFlagsData::new().with_notrap(),
                    addr,
                    offset,
                ));
            }
            Some((x, Stride::Reversed)) => {
                // The lanes' elements end at lane 0's: one load of the vector that ends there,
                // its lanes reversed (a byte shuffle: lane `l` of the result is lane `n - 1 - l`).
                let (addr, offset) = self.element_at(inst, x)?;
                let (n, bytes) = (vty.lane_count(), vty.lane_bits() / 8);
                let back = i32::try_from((n - 1) * bytes)
                    .ok()
                    .and_then(|b| offset.checked_sub(b))
                    .ok_or_else(|| {
                        CodegenError::Unsupported("a reversed read's offset out of range".into())
                    })?;
                let v = self
                    .l
                    .b
                    .ins()
                    .load(vty, MemFlagsData::new().with_notrap(), addr, back);
                let mask: Vec<u8> = (0..n)
                    .rev()
                    .flat_map(|l| (0..bytes).map(move |b| (l * bytes + b) as u8))
                    .collect();
                let mask = self
                    .l
                    .b
                    .func
                    .dfg
                    .immediates
                    .push(cranelift_codegen::ir::ConstantData::from(mask));
                let little =
                    MemFlagsData::new().with_endianness(cranelift_codegen::ir::Endianness::Little);
                let bytes16 = self.l.b.ins().bitcast(types::I8X16, little, v);
                let r = self.l.b.ins().shuffle(bytes16, bytes16, mask);
                return Ok(self.l.b.ins().bitcast(vty, little, r));
            }
            Some((_, Stride::Invariant)) | None => {}
        }
        Ok(match &e.kind {
            // Invariants (constants, parameters, elements invariant along `iter`) that were
            // not computed before the loop ([`HOISTED_VECTORS`]): the scalar, in every lane.
            ExprKind::Int(_) | ExprKind::Float(_) | ExprKind::Leaf(_) => {
                let x = self.body(Some(inst), e)?;
                self.l.b.ins().splat(vty, x)
            }
            ExprKind::Unary(UnOp::Neg, x) => {
                let x = go(self, x)?;
                if e.ty.is_float() {
                    self.l.b.ins().fneg(x)
                } else {
                    self.l.b.ins().ineg(x)
                }
            }
            ExprKind::Binary(op @ (BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div), x, y) => {
                let (x, y) = (go(self, x)?, go(self, y)?);
                // The scalar code's operation, lane by lane (the same instructions on vectors).
                self.l.arith(*op, x, y, e.ty)
            }
            ExprKind::Select(c, a, b) => {
                let ExprKind::Binary(op, x, y) = &c.kind else {
                    return Err(CodegenError::Unexpected(
                        "vector select of a non-comparison".into(),
                    ));
                };
                let (x, y) = (go(self, x)?, go(self, y)?);
                // All ones in the lanes where the comparison holds, as the scalar code decides.
                let mut mask = self.l.compare(*op, x, y, e.ty);
                if e.ty.is_float() {
                    mask = self.l.b.ins().bitcast(vty, MemFlagsData::new(), mask);
                }
                let (a, b) = (go(self, a)?, go(self, b)?);
                self.l.b.ins().bitselect(mask, a, b)
            }
            ExprKind::Call(optimist_scop::ir::MathFn::Sqrt, args) if args.len() == 1 => {
                let x = go(self, &args[0])?;
                self.l.b.ins().sqrt(x)
            }
            // Rounded once, as the scalar code's `fma` (Cranelift calls the C library's per
            // lane where the CPU has no FMA).
            ExprKind::Call(optimist_scop::ir::MathFn::Fma, args) if args.len() == 3 => {
                let x = go(self, &args[0])?;
                let y = go(self, &args[1])?;
                let z = go(self, &args[2])?;
                self.l.b.ins().fma(x, y, z)
            }
            _ => {
                return Err(CodegenError::Unexpected(
                    "vector code for an expression the decision refuses".into(),
                ));
            }
        })
    }

    /// A loop jammed into the vector loop that is its body ([`Jam`]): `copies` iterations of
    /// it at a time run together inside the vector loop (a register tile: an element the vector
    /// loop keeps at one place per copy, like the product's `C[i][j]`, is loaded and stored
    /// once for all of them), then the remaining iterations one by one.
    pub(super) fn jammed_loop(&mut self, l: &DLoop, j: &Jam) -> Result<(), CodegenError> {
        let (k, copies) = (l.iter, j.copies);
        let kv = self.iters[k];
        let Exec::Lanes(lanes @ Lanes { own: Some(own), .. }) = &j.lanes.exec else {
            // A jam into a compiler's lanes: native code runs the loop as written.
            let x = self.aexpr(&l.init)?;
            self.l.b.def_var(kv, x);
            return native::lower_loop(
                self,
                kv,
                |m| m.aexpr(&l.cond),
                |m| m.nodes(&j.rest),
                |m, cur| m.l.b.ins().iadd_imm_s(cur, 1),
            );
        };
        let x = self.aexpr(&l.init)?;
        self.l.b.def_var(kv, x);
        let end = self.aexpr(&j.end)?;
        let last = self.l.b.ins().iadd_imm_s(end, 1 - copies);
        let below = |m: &mut Self, bound: Value| Ok(m.below(kv, bound));
        native::lower_loop(
            self,
            kv,
            |m| below(m, last),
            |m| {
                let first = m.l.b.use_var(kv);
                m.vector_loop(
                    j.lanes.iter,
                    &j.lanes.init,
                    lanes,
                    own,
                    Some((k, first, copies)),
                )
            },
            |m, cur| m.l.b.ins().iadd_imm_s(cur, copies),
        )?;
        native::lower_loop(
            self,
            kv,
            |m| below(m, end),
            |m| m.nodes(&j.rest),
            |m, cur| m.l.b.ins().iadd_imm_s(cur, 1),
        )
    }
}

/// Cranelift's vector type of `shape`, and its number of lanes.
pub(super) fn vector_type(shape: VectorShape) -> Result<(types::Type, i64), CodegenError> {
    // A shape has 2 to 64 lanes, a power of two ([`VectorShape::of`]), which Cranelift has for
    // every lane type.
    u32::try_from(shape.lanes)
        .ok()
        .and_then(|n| clif(shape.elem).by(n))
        .map(|vty| (vty, shape.lanes))
        .ok_or_else(|| CodegenError::Unsupported(format!("vectors of {shape:?}")))
}

/// Whether `p` and `q` compute the same value in the statement instance `inst`: the same tree,
/// accesses to the same array at the same indices (two reads of one element in a
/// `x > y ? x : y`); a call of a user's function is never the same.
fn same_value(scop: &Scop, inst: &Instance<'_>, p: &BodyExpr, q: &BodyExpr) -> bool {
    use optimist_scop::expr::ExprKind as K;
    let same = |x: &BodyExpr, y: &BodyExpr| same_value(scop, inst, x, y);
    let indices = |a: &AccessId| inst.indices.iter().find(|(x, _)| x == a).map(|(_, e)| e);
    p.ty == q.ty
        && match (&p.kind, &q.kind) {
            (K::Leaf(BodyLeaf::Access(a)), K::Leaf(BodyLeaf::Access(b))) => {
                a == b
                    || (scop.access(*a).array == scop.access(*b).array
                        && indices(a).is_some()
                        && indices(a) == indices(b))
            }
            (K::Leaf(x), K::Leaf(y)) => x == y,
            (K::Int(x), K::Int(y)) => x == y,
            (K::Float(x), K::Float(y)) => x.to_bits() == y.to_bits(),
            (K::Unary(o, x), K::Unary(r, y)) => o == r && same(x, y),
            (K::Binary(o, x, y), K::Binary(r, z, w)) => o == r && same(x, z) && same(y, w),
            (K::Cast(x), K::Cast(y)) => same(x, y),
            (K::Select(c, x, y), K::Select(d, z, w)) => same(c, d) && same(x, z) && same(y, w),
            (K::Call(f, xs), K::Call(g, ys)) => {
                f == g && xs.len() == ys.len() && xs.iter().zip(ys).all(|(x, y)| same(x, y))
            }
            _ => false,
        }
}
