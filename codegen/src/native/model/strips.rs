//! Strips of a parallel loop's iterations side by side ([`Exec::Strips`], and [`Exec::Threads`]
//! with `strips`): each run of statements inside the loop runs for the strip's iterations in a
//! loop of its own, the scalars the iterations own kept in a copy per iteration on the stack.
//! One iteration's inner loop is a chain of steps each waiting for the one before (adi's
//! divisions, deriche's recurrences); the strip's chains are independent, and the core overlaps
//! them. Where a whole strip's run of statements reads and writes only elements contiguous
//! along the strip (neighbouring columns: deriche's column passes), elements and scalars that
//! do not move along it, and the scalars' copies, it runs in Cranelift's 16-byte vectors across
//! the strip instead, a vector of iterations at a time (the column passes of deriche's
//! 4096 x 2160 image: 0.12 -> 0.030 s on one thread; optimist's C by `cc -O3 -march=native`,
//! whose compiler vectorizes the same loop, 0.040 s).

use super::*;
use cranelift_codegen::ir::StackSlot;
use optimist_scop::model::ScopArrayId;

/// A strip being lowered.
struct Strip {
    /// The parallel loop's iterator.
    iter: usize,
    /// Its most iterations.
    width: i64,
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
            width,
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
    /// scalar taken from its copy, the statements, the copies put back. A whole strip whose
    /// statements can run in lanes ([`Self::strip_lanes`]) runs them in 16-byte vectors across
    /// its iterations instead.
    fn strip_run(&mut self, run: &mut Vec<DNode>, strip: &Strip) -> Result<(), CodegenError> {
        if run.is_empty() {
            return Ok(());
        }
        let stmts = std::mem::take(run);
        if let Some(vty) = self.strip_lanes(&stmts, strip) {
            let lanes = self.l.b.use_var(strip.lanes);
            let whole = self.l.b.ins().icmp_imm_s(IntCC::Equal, lanes, strip.width);
            return native::lower_if(
                self,
                whole,
                |m| m.strip_vectors(&stmts, strip, vty),
                |m| m.strip_scalars(&stmts, strip),
            );
        }
        self.strip_scalars(&stmts, strip)
    }

    /// The vector type a run of statements of a strip can run in across the strip's
    /// iterations, if any: every statement unguarded, of one floating type, writing one of the
    /// scalars the iterations own or an element contiguous along the strip's loop, its value
    /// computed by `+ - * /`, negation, `sqrt` and `?:` on a comparison from constants,
    /// scalars and elements contiguous or invariant along the loop (arrays proved in range),
    /// no access kept in a register by the loops around. Each lane then runs one iteration's
    /// statements in order, the same operations on the same values (the strip's iterations are
    /// a parallel loop's: independent).
    fn strip_lanes(&self, stmts: &[DNode], strip: &Strip) -> Option<types::Type> {
        use optimist_scop::expr::ExprKind;
        use optimist_scop::ir::{BinOp, MathFn, UnOp};
        let mut elem = None;
        for n in stmts {
            let DNode::Stmt(s) = n else { return None };
            let inst = Instance::of(self.scop, s);
            let st = inst.st;
            let t = st.value.ty;
            if st.guard.is_some() || !t.is_float() || *elem.get_or_insert(t) != t {
                return None;
            }
            let own = |a: AccessId| match ArrayAccess::or_scalar(self.scop, a) {
                Err(v) => Some(strip.copies.iter().any(|c| c.0 == self.l.vars[v])),
                Ok(_) => None,
            };
            let moves = |a: AccessId| {
                !self.promoted.contains_key(&a)
                    && !self.stored.contains_key(&a)
                    && match own(a) {
                        Some(_) => true,
                        None => matches!(
                            self.stride(strip.iter, inst.indices, a),
                            Some(Stride::Contiguous | Stride::Invariant)
                        ),
                    }
            };
            // The write: an owned scalar, or an element one per lane.
            let w = st.write;
            let written = match own(w) {
                Some(true) => true,
                Some(false) => false,
                None => self.stride(strip.iter, inst.indices, w) == Some(Stride::Contiguous),
            };
            if !written || !moves(w) || self.scop.array(self.scop.access(w).array).elem != t {
                return None;
            }
            fn ok(
                inst: &Instance<'_>,
                e: &BodyExpr,
                t: Type,
                strip: usize,
                moves: &dyn Fn(AccessId) -> bool,
            ) -> bool {
                let go = |x: &BodyExpr| ok(inst, x, t, strip, moves);
                e.ty == t
                    && match &e.kind {
                        ExprKind::Float(_) => true,
                        ExprKind::Leaf(BodyLeaf::Param(_)) => true,
                        ExprKind::Leaf(BodyLeaf::Iter(k)) => inst
                            .iterators
                            .get(*k)
                            .is_some_and(|x| !crate::ast::mentions(x, strip)),
                        ExprKind::Leaf(BodyLeaf::Access(a)) => moves(*a),
                        ExprKind::Unary(UnOp::Neg, x) => go(x),
                        ExprKind::Binary(
                            BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div,
                            x,
                            y,
                        ) => go(x) && go(y),
                        ExprKind::Select(c, a, b) => match &c.kind {
                            ExprKind::Binary(op, x, y) if op.is_comparison() => {
                                go(x) && go(y) && go(a) && go(b)
                            }
                            _ => false,
                        },
                        ExprKind::Call(MathFn::Sqrt, args) => args.len() == 1 && go(&args[0]),
                        ExprKind::Call(MathFn::Fma, args) => args.len() == 3 && args.iter().all(go),
                        _ => false,
                    }
            }
            if !ok(&inst, &st.value, t, strip.iter, &moves) {
                return None;
            }
        }
        let t = elem?;
        let vty = clif(t).by(16 / t.size() as u32)?;
        (strip.width % i64::from(vty.lane_count()) == 0).then_some(vty)
    }

    /// The run in vectors of `vty` across a whole strip, a vector of lanes at a time: each
    /// owned scalar loaded from its copies, every statement's value computed in lanes (an
    /// owned scalar read where the run wrote it, else from its copies), the elements stored,
    /// the owned scalars stored back to their copies.
    fn strip_vectors(
        &mut self,
        stmts: &[DNode],
        strip: &Strip,
        vty: types::Type,
    ) -> Result<(), CodegenError> {
        let n = i64::from(vty.lane_count());
        let flags = MemFlagsData::trusted();
        for chunk in 0..strip.width / n {
            let first = self.l.b.use_var(strip.first);
            let at = self.l.b.ins().iadd_imm_s(first, chunk * n);
            self.l.b.def_var(self.iters[strip.iter], at);
            // Each owned scalar's lanes (by its place in the copies), as the run goes.
            let mut lanes: Vec<Option<Value>> = Vec::with_capacity(strip.copies.len());
            for &(_, slot, ty) in &strip.copies {
                let off = i32::try_from(chunk * n * i64::from(ty.bytes()))
                    .map_err(|_| CodegenError::Unexpected("strip too wide".into()))?;
                let base = self.l.b.ins().stack_addr(types::I64, slot, 0);
                lanes.push(
                    (ty == vty.lane_type()).then(|| self.l.b.ins().load(vty, flags, base, off)),
                );
            }
            let owned = |m: &Self, v: optimist_scop::ir::VarId| {
                strip.copies.iter().position(|c| c.0 == m.l.vars[v])
            };
            for node in stmts {
                let DNode::Stmt(s) = node else { continue };
                let inst = Instance::of(self.scop, s);
                // The owned scalars the value reads, as vectors (keyed by their leaves).
                let mut known: HashMap<*const BodyExpr, Value> = HashMap::new();
                let mut leaves = Vec::new();
                scalar_leaves(&inst.st.value, &mut leaves);
                for e in leaves {
                    let optimist_scop::expr::ExprKind::Leaf(BodyLeaf::Access(a)) = &e.kind else {
                        continue;
                    };
                    if let Err(v) = ArrayAccess::or_scalar(self.scop, *a)
                        && let Some(k) = owned(self, v)
                        && let Some(x) = lanes[k]
                    {
                        known.insert(e as *const BodyExpr, x);
                    }
                }
                let value = self.vector_value(
                    &inst,
                    strip.iter,
                    &inst.st.value,
                    vty,
                    &known,
                    &[],
                    &HashMap::new(),
                )?;
                match ArrayAccess::or_scalar(self.scop, inst.st.write) {
                    Err(v) => {
                        let k = owned(self, v).ok_or_else(|| {
                            CodegenError::Unexpected("a strip's lanes write a shared scalar".into())
                        })?;
                        lanes[k] = Some(value);
                    }
                    Ok(x) => {
                        let (addr, offset) = self.element_at(&inst, x)?;
                        self.l.b.ins().store(
                            MemFlagsData::new().with_notrap(),
                            value,
                            addr,
                            offset,
                        );
                    }
                }
            }
            for (&(_, slot, ty), x) in strip.copies.iter().zip(&lanes) {
                if let Some(x) = *x {
                    let off = i32::try_from(chunk * n * i64::from(ty.bytes()))
                        .map_err(|_| CodegenError::Unexpected("strip too wide".into()))?;
                    let base = self.l.b.ins().stack_addr(types::I64, slot, 0);
                    self.l.b.ins().store(flags, x, base, off);
                }
            }
        }
        Ok(())
    }

    /// The run one iteration of the strip at a time (see [`Self::strip_run`]).
    fn strip_scalars(&mut self, stmts: &[DNode], strip: &Strip) -> Result<(), CodegenError> {
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
                m.nodes(stmts)?;
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

/// The leaves of `e` that read an array or a scalar.
fn scalar_leaves<'e>(e: &'e BodyExpr, out: &mut Vec<&'e BodyExpr>) {
    if let optimist_scop::expr::ExprKind::Leaf(BodyLeaf::Access(_)) = &e.kind {
        out.push(e);
    }
    for c in e.children() {
        scalar_leaves(c, out);
    }
}
