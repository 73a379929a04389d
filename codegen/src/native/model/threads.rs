//! Loops on threads: a body outlined into a function of the module, run by the thread pool on
//! chunks of the iterations (see [`crate::parallel`]).

use super::*;
use optimist_scop::id::Id;

impl ModelLowering<'_, '_> {
    /// A loop marked parallel, `for (iter = init; iter < end; iter += step) body`: the body
    /// outlined into a function of the module (see [`crate::parallel`]), called on blocks of
    /// the iterations by the thread pool; a block's error status leaves through the error exit.
    /// Each block runs as `blocks` says: in order, in lanes (a loop decided to run in lanes of
    /// that element type and to share its iterations, [`Share::Spawn`]), or in strips side by
    /// side.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn parallel_loop(
        &mut self,
        iter: usize,
        init: &AExpr,
        end: &AExpr,
        step: i64,
        body: &[DNode],
        fork: Option<&crate::decide::Fork>,
        blocks: Blocks<'_>,
    ) -> Result<(), CodegenError> {
        let cl =
            |e: cranelift_module::ModuleError| CodegenError::Unexpected(format!("cranelift: {e}"));
        let f = self.l.f;
        let n_iters = self.iters.len();
        let id = self.define_outlined(iter, step, body, blocks)?;
        // The call: the frame, the trip count, the pool.
        let slots = n_iters + f.vars.len();
        let size = u32::try_from(8 * slots.max(1))
            .map_err(|_| CodegenError::Unexpected("frame too large".into()))?;
        let slot = self.l.b.create_sized_stack_slot(StackSlotData::new(
            StackSlotKind::ExplicitSlot,
            size,
            3,
        ));
        for k in 0..n_iters {
            let v = self.l.b.use_var(self.iters[k]);
            self.l
                .b
                .ins()
                .stack_store(types::I64, v, slot, frame_offset(k)?);
        }
        for k in f.vars.keys() {
            let v = self.l.b.use_var(self.l.vars[k]);
            self.l
                .b
                .ins()
                .stack_store(types::I64, v, slot, frame_offset(n_iters + k.index())?);
        }
        let frame = self.l.b.ins().stack_addr(types::I64, slot, 0);
        let first = self.aexpr(init)?;
        let end = self.aexpr(end)?;
        let (count, step_v) = self.trip_count(first, end, step);
        // The work estimate and its least for threads (always threads without one).
        let (work, min) = match fork {
            Some(f) => (
                self.aexpr(&f.work)?,
                self.l.b.ins().iconst(types::I64, f.min),
            ),
            None => (
                self.l.b.ins().iconst(types::I64, i64::MAX),
                self.l.b.ins().iconst(types::I64, 0),
            ),
        };
        let mut hsig = self.l.module.make_signature();
        for _ in 0..8 {
            hsig.params.push(AbiParam::new(types::I64));
        }
        hsig.returns.push(AbiParam::new(types::I32));
        let helper = self
            .l
            .module
            .declare_function(crate::parallel::SYMBOL, Linkage::Import, &hsig)
            .map_err(cl)?;
        let helper = self.l.module.declare_func_in_func(helper, self.l.b.func);
        let outlined = self.l.module.declare_func_in_func(id, self.l.b.func);
        let body_addr = self.l.b.ins().func_addr(types::I64, outlined);
        let args = self.l.args;
        let call = self.l.b.ins().call(
            helper,
            &[body_addr, args, frame, first, step_v, count, work, min],
        );
        let status = self.l.b.inst_results(call)[0];
        let bad = self.l.b.ins().icmp_imm_s(IntCC::NotEqual, status, 0);
        let ok = self.l.b.create_block();
        let error = self.l.error;
        self.l.b.ins().brif(bad, error, &[status.into()], ok, &[]);
        self.l.b.seal_block(ok);
        self.l.b.switch_to_block(ok);
        Ok(())
    }

    /// Defines the outlined body of a loop whose iterations the threads share: the enclosing
    /// code's iterators and scalars read from the frame, then the block of iterations it is
    /// given (`first`, `count`) in order, in strips or in lanes as `blocks` says.
    fn define_outlined(
        &mut self,
        iter: usize,
        step: i64,
        body: &[DNode],
        blocks: Blocks<'_>,
    ) -> Result<cranelift_module::FuncId, CodegenError> {
        let cl =
            |e: cranelift_module::ModuleError| CodegenError::Unexpected(format!("cranelift: {e}"));
        let f = self.l.f;
        let n_iters = self.iters.len();
        let mut sig = self.l.module.make_signature();
        for _ in 0..4 {
            sig.params.push(AbiParam::new(types::I64));
        }
        sig.returns.push(AbiParam::new(types::I32));
        let id = self.l.module.declare_anonymous_function(&sig).map_err(cl)?;
        let mut ctx = self.l.module.make_context();
        ctx.func.signature = sig;
        let mut fctx = FunctionBuilderContext::new();
        {
            let b = FunctionBuilder::new(&mut ctx.func, &mut fctx);
            let l = Lowering::new(f, b, &mut *self.l.module)?;
            let mut m = ModelLowering {
                l,
                scop: self.scop,
                iters: Vec::new(),
                params: HashMap::new(),
                proved: self.proved,
                versioning: None,
                preloaded: self.preloaded,
                fallback: None,
                overflow: None,
                promoted: HashMap::new(),
                stored: HashMap::new(),
                jam_value: None,
                ahead: None,
                kernel_site: None,
            };
            let entry =
                m.l.b.func.layout.entry_block().ok_or_else(|| {
                    CodegenError::Unexpected("outlined body without entry".into())
                })?;
            let p = m.l.b.block_params(entry).to_vec();
            let (frame, first, count) = (p[1], p[2], p[3]);
            m.prologue(n_iters)?;
            // The enclosing code's iterators and scalars, from the frame.
            let flags = MemFlagsData::trusted();
            for k in 0..n_iters {
                let v = m.l.b.ins().load(types::I64, flags, frame, frame_offset(k)?);
                m.l.b.def_var(m.iters[k], v);
            }
            for (k, var) in f.vars.iter_enumerated() {
                let v = m.l.b.ins().load(
                    clif(var.ty),
                    flags,
                    frame,
                    frame_offset(n_iters + k.index())?,
                );
                m.l.b.def_var(m.l.vars[k], v);
            }
            let span = m.l.b.ins().imul_imm_s(count, step);
            let stop = m.l.b.ins().iadd(first, span);
            match blocks {
                Blocks::Lanes(lanes, own) => {
                    m.vector_loop_over(iter, first, stop, lanes, own, None)?
                }
                Blocks::Strips(width, scalars) => {
                    m.strips_loop(iter, first, stop, width, scalars, body)?
                }
                Blocks::InOrder => {
                    let v = m.iters[iter];
                    m.l.b.def_var(v, first);
                    native::lower_loop(
                        &mut m,
                        v,
                        |m| Ok(m.below(v, stop)),
                        |m| m.nodes(body),
                        |m, cur| m.l.b.ins().iadd_imm_s(cur, step),
                    )?;
                }
            }
            m.l.finish();
        }
        self.l.module.define_function(id, &mut ctx).map_err(cl)?;
        Ok(id)
    }
}

/// How each thread runs its block of a parallel loop's iterations.
pub(super) enum Blocks<'x> {
    /// One iteration after the other.
    InOrder,
    /// In lanes, built by code generation.
    Lanes(&'x Lanes, &'x crate::decide::OwnLanes),
    /// In strips of that width, with the scalars each iteration owns.
    Strips(i64, &'x [(optimist_scop::model::ScopArrayId, String)]),
}

/// The byte offset of slot `k` of a parallel loop's frame.
pub(super) fn frame_offset(k: usize) -> Result<i32, CodegenError> {
    i32::try_from(8 * k).map_err(|_| CodegenError::Unexpected("frame too large".into()))
}
