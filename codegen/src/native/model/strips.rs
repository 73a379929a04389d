//! Strips of a parallel loop's iterations side by side ([`Exec::Strips`], and [`Exec::Threads`]
//! with `strips`): each run of statements inside the loop runs for the strip's iterations in a
//! loop of its own, the scalars the iterations own kept in a copy per iteration on the stack.
//! One iteration's inner loop is a chain of steps each waiting for the one before (adi's
//! divisions, deriche's recurrences); the strip's chains are independent, and the core overlaps
//! them.

use super::*;
use cranelift_codegen::ir::StackSlot;
use optimist_scop::model::ScopArrayId;

/// A strip being lowered.
struct Strip {
    /// The parallel loop's iterator.
    iter: usize,
    /// The strip's first iteration.
    first: Variable,
    /// How many iterations it has (at most its width).
    lanes: Variable,
    /// Per scalar the iterations own: its variable, its copies (one per iteration of the
    /// strip) and its type.
    copies: Vec<(Variable, StackSlot, types::Type)>,
}

impl ModelLowering<'_, '_> {
    /// `for (iter = first; iter < stop; iter += 1) body` in strips of `width` iterations
    /// (`first` and `stop` as values), the `scalars` copied per iteration.
    pub(super) fn strips_loop(
        &mut self,
        iter: usize,
        first: Value,
        stop: Value,
        width: i64,
        scalars: &[(ScopArrayId, String)],
        body: &[DNode],
    ) -> Result<(), CodegenError> {
        let mut copies = Vec::new();
        for (a, _) in scalars {
            let ArrayOrigin::Scalar(v) = self.scop.array(*a).origin else {
                continue;
            };
            let ty = clif(self.l.f.var(v).ty);
            let size = u32::try_from(i64::from(ty.bytes()) * width)
                .map_err(|_| CodegenError::Unexpected("strip too wide".into()))?;
            let slot = self.l.b.create_sized_stack_slot(StackSlotData::new(
                StackSlotKind::ExplicitSlot,
                size,
                3,
            ));
            // The copies start at zero (an iteration writes its scalars before it reads them).
            let zero = match ty {
                types::F32 => self.l.b.ins().f32const(0.0),
                types::F64 => self.l.b.ins().f64const(0.0),
                t => self.l.b.ins().iconst(t, 0),
            };
            for k in 0..width {
                let at = i32::try_from(k * i64::from(ty.bytes()))
                    .map_err(|_| CodegenError::Unexpected("strip too wide".into()))?;
                self.l.b.ins().stack_store(types::I64, zero, slot, at);
            }
            copies.push((self.l.vars[v], slot, ty));
        }
        let strip = Strip {
            iter,
            first: self.l.b.declare_var(types::I64),
            lanes: self.l.b.declare_var(types::I64),
            copies,
        };
        let s = strip.first;
        self.l.b.def_var(s, first);
        native::lower_loop(
            self,
            s,
            |m| Ok(m.below(s, stop)),
            |m| {
                let at = m.l.b.use_var(s);
                let left = m.l.b.ins().isub(stop, at);
                let full = m.l.b.ins().iconst(types::I64, width);
                let lanes = m.l.b.ins().smin(left, full);
                m.l.b.def_var(strip.lanes, lanes);
                m.strip_nodes(body, &strip)
            },
            |m, cur| m.l.b.ins().iadd_imm_s(cur, width),
        )
    }

    /// The nodes of a loop in strips: each run of statements in a loop over the strip's
    /// iterations, the loops and conditions around them as decided (in order).
    fn strip_nodes(&mut self, nodes: &[DNode], strip: &Strip) -> Result<(), CodegenError> {
        let mut run: Vec<DNode> = Vec::new();
        for n in nodes {
            match n {
                DNode::Stmt(_) => run.push(n.clone()),
                DNode::For(l) => {
                    self.strip_run(&mut run, strip)?;
                    let v = self.iters[l.iter];
                    let x = self.aexpr(&l.init)?;
                    self.l.b.def_var(v, x);
                    let step = l.step;
                    native::lower_loop(
                        self,
                        v,
                        |m| m.aexpr(&l.cond),
                        |m| m.strip_nodes(&l.body, strip),
                        |m, cur| m.l.b.ins().iadd_imm_s(cur, step),
                    )?;
                }
                DNode::If { cond, then, els } => {
                    self.strip_run(&mut run, strip)?;
                    let c = self.aexpr(cond)?;
                    native::lower_if(
                        self,
                        c,
                        |m| m.strip_nodes(then, strip),
                        |m| m.strip_nodes(els, strip),
                    )?;
                }
                // Not inside strips (`decide`'s `strips`).
                DNode::Region { .. } | DNode::Packed { .. } => {
                    self.strip_run(&mut run, strip)?;
                    self.nodes(std::slice::from_ref(n))?;
                }
            }
        }
        self.strip_run(&mut run, strip)
    }

    /// A run of statements for each iteration of the strip: the loop's counter set, each
    /// scalar taken from its copy, the statements, the copies put back.
    fn strip_run(&mut self, run: &mut Vec<DNode>, strip: &Strip) -> Result<(), CodegenError> {
        if run.is_empty() {
            return Ok(());
        }
        let stmts = std::mem::take(run);
        let l = self.l.b.declare_var(types::I64);
        let zero = self.l.b.ins().iconst(types::I64, 0);
        self.l.b.def_var(l, zero);
        let lanes = self.l.b.use_var(strip.lanes);
        let flags = MemFlagsData::trusted();
        native::lower_loop(
            self,
            l,
            |m| Ok(m.below(l, lanes)),
            |m| {
                let k = m.l.b.use_var(l);
                let first = m.l.b.use_var(strip.first);
                let at = m.l.b.ins().iadd(first, k);
                m.l.b.def_var(m.iters[strip.iter], at);
                let mut addrs = Vec::with_capacity(strip.copies.len());
                for &(var, slot, ty) in &strip.copies {
                    let base = m.l.b.ins().stack_addr(types::I64, slot, 0);
                    let off = m.l.b.ins().imul_imm_s(k, i64::from(ty.bytes()));
                    let addr = m.l.b.ins().iadd(base, off);
                    let v = m.l.b.ins().load(ty, flags, addr, 0);
                    m.l.b.def_var(var, v);
                    addrs.push(addr);
                }
                m.nodes(&stmts)?;
                for (&(var, _, _), addr) in strip.copies.iter().zip(addrs) {
                    let v = m.l.b.use_var(var);
                    m.l.b.ins().store(flags, v, addr, 0);
                }
                Ok(())
            },
            |m, cur| m.l.b.ins().iadd_imm_s(cur, 1),
        )
    }
}
