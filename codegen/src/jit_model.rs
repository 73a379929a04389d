//! Native code for a model under a schedule: the loop AST and the statement bodies lowered to
//! Cranelift IR, with the calling convention and the safety checks of the faithful lowering
//! (see [`crate::jit`]).

use crate::ast::{AExpr, CodegenError, LoopAst, Node, exclusive_bound};
use crate::decide::{DLoop, DNode, Decided, Exec, Jam, Lanes, Promoted, Stride, statements_of};
use crate::jit::{self, Compiled, Lowering, clif};
use crate::kernel::NativeOptions;
use crate::parallel;
use crate::versioned::Versioning;
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{
    AbiParam, InstBuilder, MemFlagsData, StackSlotData, StackSlotKind, Value, types,
};
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext, Variable};
use cranelift_module::{Linkage, Module};
use optimist_presburger::AstOp;
use optimist_scop::ir::Function;
use optimist_scop::model::{
    AccessId, ArrayOrigin, BodyExpr, BodyLeaf, ParamOrigin, Scop, ScopStmt,
};
use optimist_scop::types::Type;
use std::collections::HashMap;

/// Compiles `scop` in the order of `ast` (generated from one of its schedules). Accesses to the
/// arrays in `proved` go without a range check: the caller's check must include
/// [`optimist_assume::in_declared_bounds`] for them; every other access is checked. With
/// `preloaded`, the values of the invariant reads are taken from the argument block from that
/// slot on (written by the code of [`crate::versioned::compile_versioned`]); otherwise they are loaded first.
pub fn compile_model(
    f: &Function,
    scop: &Scop,
    ast: &LoopAst,
    proved: &[optimist_scop::ir::ArrayId],
    preloaded: Option<usize>,
) -> Result<Compiled, CodegenError> {
    compile_model_with(
        f,
        scop,
        ast,
        proved,
        preloaded,
        &NativeOptions::sequential(),
    )
}

/// [`compile_model`] with `options`: loops marked parallel run on threads when
/// `options.threads > 1` (the code must then run inside a rayon pool of that size, as
/// [`crate::Kernel`] runs it; anywhere else it runs on rayon's global pool).
pub fn compile_model_with(
    f: &Function,
    scop: &Scop,
    ast: &LoopAst,
    proved: &[optimist_scop::ir::ArrayId],
    preloaded: Option<usize>,
    options: &NativeOptions,
) -> Result<Compiled, CodegenError> {
    lower_function(
        f, scop, ast, proved, preloaded, None, "model", options, None,
    )
}

/// The [`jit::LoopReport`] of the code [`compile_model_with`] compiles (its main function: the
/// bodies of parallel loops are functions of their own): where the vector instructions and
/// the calls of the thread pool are.
pub fn model_loop_report(
    f: &Function,
    scop: &Scop,
    ast: &LoopAst,
    proved: &[optimist_scop::ir::ArrayId],
    options: &NativeOptions,
) -> Result<jit::LoopReport, CodegenError> {
    let mut report = jit::LoopReport::default();
    lower_function(
        f,
        scop,
        ast,
        proved,
        None,
        None,
        "model",
        options,
        Some(&mut report),
    )?;
    Ok(report)
}

#[allow(clippy::too_many_arguments)]
pub(crate) fn lower_function(
    f: &Function,
    scop: &Scop,
    ast: &LoopAst,
    proved: &[optimist_scop::ir::ArrayId],
    preloaded: Option<usize>,
    versioning: Option<Versioning<'_>>,
    suffix: &str,
    options: &NativeOptions,
    report: Option<&mut jit::LoopReport>,
) -> Result<Compiled, CodegenError> {
    let mut module = jit::new_module()?;
    let sig = jit::kernel_signature(&module);
    let id = module
        .declare_function(&format!("{}_{suffix}", f.name), Linkage::Export, &sig)
        .map_err(|e| CodegenError::Unexpected(format!("cranelift: {e}")))?;
    let mut ctx = module.make_context();
    ctx.func.signature = sig;
    let mut fctx = FunctionBuilderContext::new();
    {
        let b = FunctionBuilder::new(&mut ctx.func, &mut fctx);
        let l = Lowering::new(f, b, &mut module)?;
        let mut m = ModelLowering {
            l,
            scop,
            iters: Vec::new(),
            params: HashMap::new(),
            proved,
            versioning,
            preloaded,
            fallback: None,
            overflow: None,
            promoted: HashMap::new(),
            jam_value: None,
        };
        let decided = crate::decide::decide(scop, ast, &options.target(), proved);
        m.lower(&decided)?;
    }
    module
        .define_function(id, &mut ctx)
        .map_err(|e| CodegenError::Unexpected(format!("cranelift: {e}")))?;
    if let Some(report) = report {
        *report = jit::LoopReport::of(&mut ctx);
    }
    jit::finish(module, id, f)
}

pub(crate) struct ModelLowering<'a, 'm> {
    pub(crate) l: Lowering<'a, 'm>,
    pub(crate) scop: &'a Scop,
    /// The AST iterators (i64).
    pub(crate) iters: Vec<Variable>,
    /// The model's parameters as i64 values.
    pub(crate) params: HashMap<String, Variable>,
    /// Arrays whose accesses are proved in range before the code runs.
    pub(crate) proved: &'a [optimist_scop::ir::ArrayId],
    /// The check, when this is the versioned entry.
    pub(crate) versioning: Option<Versioning<'a>>,
    /// The slot of the first pre-loaded value, when the invariant reads come from the
    /// argument block.
    pub(crate) preloaded: Option<usize>,
    /// The block that runs the fallback (created with the first use).
    pub(crate) fallback: Option<cranelift_codegen::ir::Block>,
    /// Whether an operation of the check overflowed so far (an `i8` truth value).
    pub(crate) overflow: Option<Value>,
    /// The accesses lowered as variables (the elements a loop keeps in registers).
    promoted: HashMap<AccessId, Variable>,
    /// The value an AST iterator has in the copy of a jammed loop being lowered.
    jam_value: Option<(usize, Value)>,
}

/// One statement instance: its statement, iterator values and access indices.
struct Instance<'x> {
    st: &'x ScopStmt,
    iterators: &'x [AExpr],
    indices: &'x [(AccessId, Vec<AExpr>)],
}

impl ModelLowering<'_, '_> {
    fn lower(&mut self, decided: &Decided) -> Result<(), CodegenError> {
        self.prologue(decided.iterators.len())?;
        match self.versioning {
            Some(v) => self.entry(v)?,
            None => self.nodes(&decided.body)?,
        }
        self.l.finish();
        Ok(())
    }

    /// Declares the AST iterators, and computes the parameters, the invariant loads and the
    /// sizes of delinearized arrays: what every function of the model's code starts with.
    fn prologue(&mut self, iterators: usize) -> Result<(), CodegenError> {
        for _ in 0..iterators {
            let v = self.l.b.declare_var(types::I64);
            let z = self.l.b.ins().iconst(types::I64, 0);
            self.l.b.def_var(v, z);
            self.iters.push(v);
        }
        // Parameters: scalar parameters of the function, then invariant loads (in order, so a
        // load's subscripts may use earlier parameters).
        for p in &self.scop.params {
            if let ParamOrigin::Scalar(v) = p.origin {
                let ty = self.l.f.var(v).ty;
                let x = self.l.b.use_var(self.l.vars[v.0 as usize]);
                let wide = self.l.convert(x, ty, Type::I64);
                let var = self.l.b.declare_var(types::I64);
                self.l.b.def_var(var, wide);
                self.params.insert(p.name.clone(), var);
            }
        }
        for (k, load) in self.scop.invariant_loads.iter().enumerate() {
            let var = self.l.b.declare_var(types::I64);
            if let Some(base) = self.preloaded {
                let offset = i32::try_from((base + k) * 8)
                    .map_err(|_| CodegenError::Unexpected("argument block too large".into()))?;
                let v =
                    self.l
                        .b
                        .ins()
                        .load(types::I64, MemFlagsData::trusted(), self.l.args, offset);
                self.l.b.def_var(var, v);
                self.params.insert(load.param.clone(), var);
                continue;
            }
            let zero = self.l.b.ins().iconst(types::I64, 0);
            self.l.b.def_var(var, zero);
            // Algorithm 2: read only where the program reads (when that is known in terms of
            // earlier values), and only inside the memory given; otherwise the value is not
            // used by any code that runs, or the check fails.
            let guard = self
                .versioning
                .and_then(|v| v.check.preloads.iter().find(|p| p.load == k))
                .and_then(|p| p.executed.clone());
            let join = self.l.b.create_block();
            if let Some(g) = guard {
                let g = self.check_expr(&g)?;
                let go = self.l.b.create_block();
                self.l.b.ins().brif(g, go, &[], join, &[]);
                self.l.b.seal_block(go);
                self.l.b.switch_to_block(go);
            }
            let arr = self.scop.array(load.array);
            let ArrayOrigin::Array(a) = arr.origin else {
                return Err(CodegenError::Unexpected(format!(
                    "invariant load of scalar {}",
                    arr.name
                )));
            };
            let mut idx = Vec::new();
            for s in &load.subscripts {
                let v = self.body(None, s)?;
                idx.push(self.l.convert(v, s.ty, Type::I64));
            }
            let addr = if self.versioning.is_some() {
                self.address_or_fallback(a.0 as usize, &idx, arr.elem)
            } else {
                self.l.address(a.0 as usize, &idx, arr.elem)?
            };
            let v = self
                .l
                .b
                .ins()
                .load(clif(arr.elem), MemFlagsData::new().with_notrap(), addr, 0);
            let wide = self.l.convert(v, arr.elem, Type::I64);
            self.l.b.def_var(var, wide);
            self.l.b.ins().jump(join, &[]);
            self.l.b.seal_block(join);
            self.l.b.switch_to_block(join);
            self.params.insert(load.param.clone(), var);
        }
        // Delinearized flat pointers: the model's subscripts are linearized with the sizes
        // delinearization found (the program's memory is flat); after the
        // invariant loads, whose values a size may use.
        for arr in &self.scop.arrays {
            let (Some(sizes), ArrayOrigin::Array(a)) = (&arr.delinearized, arr.origin) else {
                continue;
            };
            let mut inner = Vec::with_capacity(sizes.len());
            for size in sizes {
                let v = self.polynomial(size)?;
                let var = self.l.b.declare_var(types::I64);
                self.l.b.def_var(var, v);
                inner.push(var);
            }
            self.l.arrays[a.0 as usize].inner = inner;
        }
        Ok(())
    }

    /// The operations that cannot overflow, shared by loop bounds and the run-time check:
    /// min, max, conditionals, logic and comparisons on i64 values (truth values 0 or 1);
    /// `None` for the others.
    pub(crate) fn logic(&mut self, op: AstOp, v: &[Value]) -> Option<Value> {
        let x = |k: usize| v.get(k).copied();
        let truth = |m: &mut Self, t: Value| m.l.b.ins().uextend(types::I64, t);
        Some(match op {
            AstOp::Min | AstOp::Max => {
                let cc = if op == AstOp::Min {
                    IntCC::SignedLessThan
                } else {
                    IntCC::SignedGreaterThan
                };
                let mut acc = x(0)?;
                for &y in v.get(1..)? {
                    let c = self.l.b.ins().icmp(cc, acc, y);
                    acc = self.l.b.ins().select(c, acc, y);
                }
                acc
            }
            AstOp::Cond | AstOp::Select => {
                let c = self.l.b.ins().icmp_imm_s(IntCC::NotEqual, x(0)?, 0);
                self.l.b.ins().select(c, x(1)?, x(2)?)
            }
            AstOp::And | AstOp::AndThen | AstOp::Or | AstOp::OrElse => {
                let a = self.l.b.ins().icmp_imm_s(IntCC::NotEqual, x(0)?, 0);
                let b = self.l.b.ins().icmp_imm_s(IntCC::NotEqual, x(1)?, 0);
                let t = if matches!(op, AstOp::And | AstOp::AndThen) {
                    self.l.b.ins().band(a, b)
                } else {
                    self.l.b.ins().bor(a, b)
                };
                truth(self, t)
            }
            AstOp::Eq | AstOp::Le | AstOp::Lt | AstOp::Ge | AstOp::Gt => {
                let cc = match op {
                    AstOp::Eq => IntCC::Equal,
                    AstOp::Le => IntCC::SignedLessThanOrEqual,
                    AstOp::Lt => IntCC::SignedLessThan,
                    AstOp::Ge => IntCC::SignedGreaterThanOrEqual,
                    _ => IntCC::SignedGreaterThan,
                };
                let t = self.l.b.ins().icmp(cc, x(0)?, x(1)?);
                truth(self, t)
            }
            _ => return None,
        })
    }

    /// A polynomial over the model's parameters, evaluated in i64 (a delinearized size; the
    /// DL assumptions hold when this code runs).
    fn polynomial(&mut self, p: &optimist_presburger::Polynomial) -> Result<Value, CodegenError> {
        let mut sum = self.l.b.ins().iconst(types::I64, 0);
        for (m, c) in p.terms() {
            let c = i64::try_from(c)
                .map_err(|_| CodegenError::Unexpected(format!("coefficient {c} of `{p}`")))?;
            let mut term = self.l.b.ins().iconst(types::I64, c);
            for (v, e) in m.factors() {
                let var = *self.params.get(v).ok_or_else(|| {
                    CodegenError::Unexpected(format!("`{v}` in `{p}` is no parameter"))
                })?;
                for _ in 0..e {
                    let x = self.l.b.use_var(var);
                    term = self.l.b.ins().imul(term, x);
                }
            }
            sum = self.l.b.ins().iadd(sum, term);
        }
        Ok(sum)
    }

    /// The decided nodes in native code: each loop as its [`Exec`] says.
    fn nodes(&mut self, nodes: &[DNode]) -> Result<(), CodegenError> {
        for n in nodes {
            match n {
                DNode::For(l) => self.for_loop(l)?,
                // Scopes of other targets: their loops as decided.
                DNode::Region { body, .. } | DNode::Packed { body, .. } => self.nodes(body)?,
                DNode::If { cond, then, els } => {
                    let c = self.aexpr(cond)?;
                    jit::lower_if(self, c, |m| m.nodes(then), |m| m.nodes(els))?;
                }
                DNode::Stmt(Node::Stmt {
                    stmt,
                    iterators,
                    indices,
                }) => {
                    let st = self.scop.stmt(*stmt);
                    let inst = Instance {
                        st,
                        iterators,
                        indices,
                    };
                    let join = self.l.b.create_block();
                    if let Some(g) = &st.guard {
                        let gv = self.body(Some(&inst), g)?;
                        let t = self.l.truth(gv, g.ty);
                        let go = self.l.b.create_block();
                        self.l.b.ins().brif(t, go, &[], join, &[]);
                        self.l.b.seal_block(go);
                        self.l.b.switch_to_block(go);
                    }
                    let value = self.body(Some(&inst), &st.value)?;
                    self.store(&inst, st.write, value)?;
                    self.l.b.ins().jump(join, &[]);
                    self.l.b.seal_block(join);
                    self.l.b.switch_to_block(join);
                }
                DNode::Stmt(_) => {}
            }
        }
        Ok(())
    }

    /// One decided loop.
    fn for_loop(&mut self, l: &DLoop) -> Result<(), CodegenError> {
        let (iter, step) = (l.iter, l.step);
        match &l.exec {
            Exec::Threads { end, .. } => {
                return self.parallel_loop(iter, &l.init, end, step, &l.body);
            }
            Exec::Jammed(j) => return self.jammed_loop(l, j),
            Exec::Lanes(lanes) => {
                if let (Some(elem), Some(end)) = (lanes.elem, &lanes.end) {
                    return self.vector_loop(iter, &l.init, end, elem, lanes, &l.body, None);
                }
            }
            Exec::Registers(groups) => {
                return self.promoted_loop(iter, &l.init, &l.cond, step, &l.body, groups);
            }
            // A register block runs as the loop as written (see `crate::block`).
            Exec::Block(b) => return self.for_loop(&b.serial),
            Exec::Serial => {}
        }
        let v = self.iters[iter];
        let x = self.aexpr(&l.init)?;
        self.l.b.def_var(v, x);
        jit::lower_loop(
            self,
            v,
            |m| m.aexpr(&l.cond),
            |m| m.nodes(&l.body),
            |m, cur| m.l.b.ins().iadd_imm_s(cur, step),
        )
    }

    /// A loop marked parallel, `for (iter = init; iter < end; iter += step) body`: the body
    /// outlined into a function of the module (see [`crate::parallel`]), called on chunks of
    /// the iterations by the thread pool; a chunk's error status leaves through the error exit.
    fn parallel_loop(
        &mut self,
        iter: usize,
        init: &AExpr,
        end: &AExpr,
        step: i64,
        body: &[DNode],
    ) -> Result<(), CodegenError> {
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
                jam_value: None,
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
            for (k, var) in f.vars.iter().enumerate() {
                let v =
                    m.l.b
                        .ins()
                        .load(clif(var.ty), flags, frame, frame_offset(n_iters + k)?);
                m.l.b.def_var(m.l.vars[k], v);
            }
            let span = m.l.b.ins().imul_imm_s(count, step);
            let stop = m.l.b.ins().iadd(first, span);
            let v = m.iters[iter];
            m.l.b.def_var(v, first);
            jit::lower_loop(
                &mut m,
                v,
                |m| Ok(m.below(v, stop)),
                |m| m.nodes(body),
                |m, cur| m.l.b.ins().iadd_imm_s(cur, step),
            )?;
            m.l.finish();
        }
        self.l.module.define_function(id, &mut ctx).map_err(cl)?;
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
        for k in 0..f.vars.len() {
            let v = self.l.b.use_var(self.l.vars[k]);
            self.l
                .b
                .ins()
                .stack_store(types::I64, v, slot, frame_offset(n_iters + k)?);
        }
        let frame = self.l.b.ins().stack_addr(types::I64, slot, 0);
        let first = self.aexpr(init)?;
        let end = self.aexpr(end)?;
        let (count, step_v) = self.trip_count(first, end, step);
        let mut hsig = self.l.module.make_signature();
        for _ in 0..6 {
            hsig.params.push(AbiParam::new(types::I64));
        }
        hsig.returns.push(AbiParam::new(types::I32));
        let helper = self
            .l
            .module
            .declare_function(parallel::SYMBOL, Linkage::Import, &hsig)
            .map_err(cl)?;
        let helper = self.l.module.declare_func_in_func(helper, self.l.b.func);
        let outlined = self.l.module.declare_func_in_func(id, self.l.b.func);
        let body_addr = self.l.b.ins().func_addr(types::I64, outlined);
        let args = self.l.args;
        let call = self
            .l
            .b
            .ins()
            .call(helper, &[body_addr, args, frame, first, step_v, count]);
        let status = self.l.b.inst_results(call)[0];
        let bad = self.l.b.ins().icmp_imm_s(IntCC::NotEqual, status, 0);
        let ok = self.l.b.create_block();
        let error = self.l.error;
        self.l.b.ins().brif(bad, error, &[status.into()], ok, &[]);
        self.l.b.seal_block(ok);
        self.l.b.switch_to_block(ok);
        Ok(())
    }

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
    #[allow(clippy::too_many_arguments)]
    fn vector_loop(
        &mut self,
        iter: usize,
        init: &AExpr,
        end: &AExpr,
        elem: Type,
        decided: &Lanes,
        body: &[DNode],
        jam: Option<(usize, Value, i64)>,
    ) -> Result<(), CodegenError> {
        let (vty, lanes) = vector_type(elem)
            .ok_or_else(|| CodegenError::Unexpected("vector loop of a scalar type".into()))?;
        let v = self.iters[iter];
        let x = self.aexpr(init)?;
        self.l.b.def_var(v, x);
        let end = self.aexpr(end)?;
        let last_start = self.l.b.ins().iadd_imm_s(end, 1 - lanes);
        // The values of the jammed iterator, one per copy.
        let copies: Vec<Option<(usize, Value)>> = match jam {
            None => vec![None],
            Some((k, first, n)) => (0..n)
                .map(|q| Some((k, self.l.b.ins().iadd_imm_s(first, q))))
                .collect(),
        };
        let flat = crate::decide::plain(body);
        let stmts = statements_of(self.scop, &flat)
            .ok_or_else(|| CodegenError::Unexpected("vector loop with a loop inside".into()))?;
        // Reads of what the body writes stay in the loop (a copy may write what another
        // reads).
        let written: Vec<_> = stmts
            .iter()
            .map(|(st, _, _)| self.array_of(st.write))
            .collect();
        let registers = &decided.registers;
        let unroll = jam.is_none() && decided.pairs;
        let below = |m: &mut Self, bound: Value| Ok(m.below(v, bound));
        let start = self.l.b.use_var(v);
        let runs = self
            .l
            .b
            .ins()
            .icmp(IntCC::SignedLessThan, start, last_start);
        jit::lower_if(
            self,
            runs,
            |m| {
                // Invariants, per copy and per statement instance (an unrolled body holds
                // several instances of one statement, whose nodes are the same), before the loop.
                let mut hoisted = Vec::with_capacity(copies.len());
                for &copy in &copies {
                    m.jam_value = copy;
                    let mut per_instance = Vec::with_capacity(stmts.len());
                    for &(st, iterators, indices) in &stmts {
                        let inst = Instance {
                            st,
                            iterators,
                            indices,
                        };
                        let mut values = HashMap::new();
                        m.hoist(&inst, iter, &st.value, vty, &written, &mut values)?;
                        per_instance.push(values);
                    }
                    hoisted.push(per_instance);
                }
                m.jam_value = None;
                let once = |m: &mut Self| -> Result<(), CodegenError> {
                    let mut pending: HashMap<optimist_scop::ir::ArrayId, (Value, Value)> =
                        HashMap::new();
                    for (&copy, per_instance) in copies.iter().zip(&hoisted) {
                        m.jam_value = copy;
                        for (&(st, iterators, indices), values) in stmts.iter().zip(per_instance) {
                            let inst = Instance {
                                st,
                                iterators,
                                indices,
                            };
                            let value = m.vector_value(
                                &inst, iter, &st.value, vty, values, registers, &pending,
                            )?;
                            if let Some(array) = m.array_of(st.write)
                                && registers.contains(&array)
                            {
                                let addr = m.address(&inst, st.write)?.ok_or_else(|| {
                                    CodegenError::Unexpected("vector store to a scalar".into())
                                })?;
                                pending.insert(array, (addr, value));
                            } else {
                                let (addr, offset) =
                                    m.address_at(&inst, st.write)?.ok_or_else(|| {
                                        CodegenError::Unexpected("vector store to a scalar".into())
                                    })?;
                                m.l.b.ins().store(
                                    MemFlagsData::new().with_notrap(),
                                    value,
                                    addr,
                                    offset,
                                );
                            }
                        }
                    }
                    m.jam_value = None;
                    let mut flush: Vec<_> = pending.into_iter().collect();
                    flush.sort_by_key(|(a, _)| a.0);
                    for (_, (addr, value)) in flush {
                        m.l.b
                            .ins()
                            .store(MemFlagsData::new().with_notrap(), value, addr, 0);
                    }
                    Ok(())
                };
                // Two vectors per iteration while both fit (the loop's own work is shared by
                // twice the lanes), then one more when one fits. A jammed loop has its copies
                // instead.
                if unroll {
                    let last_pair = m.l.b.ins().iadd_imm_s(end, 1 - 2 * lanes);
                    jit::lower_loop(
                        m,
                        v,
                        |m| below(m, last_pair),
                        |m| {
                            once(m)?;
                            let cur = m.l.b.use_var(v);
                            let next = m.l.b.ins().iadd_imm_s(cur, lanes);
                            m.l.b.def_var(v, next);
                            once(m)
                        },
                        |m, cur| m.l.b.ins().iadd_imm_s(cur, lanes),
                    )?;
                }
                jit::lower_loop(
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
        jit::lower_loop(
            self,
            v,
            |m| below(m, end),
            |m| {
                for &copy in &copies {
                    m.jam_value = copy;
                    m.nodes(body)?;
                }
                m.jam_value = None;
                Ok(())
            },
            |m, cur| m.l.b.ins().iadd_imm_s(cur, 1),
        )
    }

    /// The program array an access reaches (`None` for a scalar).
    fn array_of(&self, a: AccessId) -> Option<optimist_scop::ir::ArrayId> {
        crate::decide::array_of(self.scop, a)
    }

    /// How access `a` moves along `iter` ([`crate::decide::stride`]).
    fn stride(
        &self,
        iter: usize,
        indices: &[(AccessId, Vec<AExpr>)],
        a: AccessId,
    ) -> Option<Stride> {
        crate::decide::stride(self.scop, self.proved, iter, indices, a)
    }

    /// Computes, before a vector loop along `iter`, the largest parts of `e` that do not move
    /// along it (splat into lanes), keyed by their node.
    fn hoist(
        &mut self,
        inst: &Instance<'_>,
        iter: usize,
        e: &BodyExpr,
        vty: types::Type,
        written: &[Option<optimist_scop::ir::ArrayId>],
        values: &mut HashMap<*const BodyExpr, Value>,
    ) -> Result<(), CodegenError> {
        if self.invariant(inst, iter, e, written) {
            let x = self.body(Some(inst), e)?;
            let splat = self.l.b.ins().splat(vty, x);
            values.insert(e as *const BodyExpr, splat);
            return Ok(());
        }
        for c in e.children() {
            self.hoist(inst, iter, c, vty, written, values)?;
        }
        Ok(())
    }

    /// Whether `e` (accepted for lanes by [`crate::decide`]) does not move along `iter` and reads
    /// none of the arrays `written`.
    fn invariant(
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
    fn vector_value(
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
        Ok(match &e.kind {
            ExprKind::Leaf(BodyLeaf::Access(a))
                if self.stride(iter, inst.indices, *a) == Some(Stride::Contiguous) =>
            {
                if let Some(array) = self.array_of(*a)
                    && registers.contains(&array)
                    && let Some(&(_, value)) = pending.get(&array)
                {
                    return Ok(value);
                }
                let (addr, offset) = self.address_at(inst, *a)?.ok_or_else(|| {
                    CodegenError::Unexpected("contiguous access to a scalar".into())
                })?;
                self.l
                    .b
                    .ins()
                    .load(vty, MemFlagsData::new().with_notrap(), addr, offset)
            }
            ExprKind::Float(_) | ExprKind::Leaf(_) => {
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
            ExprKind::Call(_, args) if args.len() == 1 => {
                let x = go(self, &args[0])?;
                self.l.b.ins().sqrt(x)
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
    fn jammed_loop(&mut self, l: &DLoop, j: &Jam) -> Result<(), CodegenError> {
        let (k, copies) = (l.iter, j.copies);
        let Exec::Lanes(lanes) = &j.lanes.exec else {
            return Err(CodegenError::Unexpected("a jam into no vector loop".into()));
        };
        let (Some(elem), Some(vend)) = (lanes.elem, &lanes.end) else {
            return Err(CodegenError::Unexpected(
                "a jam into a compiler's lanes".into(),
            ));
        };
        let kv = self.iters[k];
        let x = self.aexpr(&l.init)?;
        self.l.b.def_var(kv, x);
        let end = self.aexpr(&j.end)?;
        let last = self.l.b.ins().iadd_imm_s(end, 1 - copies);
        let below = |m: &mut Self, bound: Value| Ok(m.below(kv, bound));
        jit::lower_loop(
            self,
            kv,
            |m| below(m, last),
            |m| {
                let first = m.l.b.use_var(kv);
                m.vector_loop(
                    j.lanes.iter,
                    &j.lanes.init,
                    vend,
                    elem,
                    lanes,
                    &j.lanes.body,
                    Some((k, first, copies)),
                )
            },
            |m, cur| m.l.b.ins().iadd_imm_s(cur, copies),
        )?;
        jit::lower_loop(
            self,
            kv,
            |m| below(m, end),
            |m| m.nodes(&j.rest),
            |m, cur| m.l.b.ins().iadd_imm_s(cur, 1),
        )
    }

    /// A loop whose `groups` were decided to stay in registers ([`Exec::Registers`]): when it runs at all, and none of
    /// the moving accesses reaches a kept element in its iterations (checked on the
    /// addresses: the first one and the step between iterations), each element is loaded into
    /// a variable before it, the accesses use the variable, and the variable is stored back
    /// after it; otherwise the loop runs as written.
    fn promoted_loop(
        &mut self,
        iter: usize,
        init: &AExpr,
        cond: &AExpr,
        step: i64,
        body: &[DNode],
        groups: &[Promoted],
    ) -> Result<(), CodegenError> {
        let flat = crate::decide::plain(body);
        let v = self.iters[iter];
        let x = self.aexpr(init)?;
        self.l.b.def_var(v, x);
        let end = exclusive_bound(iter, cond);
        let checked = groups.iter().any(|g| !g.others.is_empty());
        if checked && end.is_none() {
            return jit::lower_loop(
                self,
                v,
                |m| m.aexpr(cond),
                |m| m.nodes(body),
                |m, cur| m.l.b.ins().iadd_imm_s(cur, step),
            );
        }
        let runs = self.aexpr(cond)?;
        jit::lower_if(
            self,
            runs,
            |m| {
                let scop = m.scop;
                let mut homes = Vec::with_capacity(groups.len());
                for group in groups {
                    let a = group.accesses[0];
                    let node = flat
                        .iter()
                        .position(|n| {
                            matches!(n, Node::Stmt { stmt, .. } if scop.stmt(*stmt).accesses.contains(&a))
                        })
                        .ok_or_else(|| {
                            CodegenError::Unexpected("promoted access without statement".into())
                        })?;
                    let inst = instance_at(scop, &flat, node)?;
                    let addr = m.address(&inst, a)?.ok_or_else(|| {
                        CodegenError::Unexpected("promoted access to a scalar".into())
                    })?;
                    homes.push(addr);
                }
                // Whether a moving access reaches a kept element: its address at the first
                // iteration `f`, the step `d` to the next, the element `p`: some iteration
                // `t < trips` with `f + t d = p`.
                let mut hit = m.l.b.ins().iconst(types::I8, 0);
                if checked {
                    let first = m.l.b.use_var(v);
                    let end = m.aexpr(end.as_ref().expect("checked above"))?;
                    let (trips, _) = m.trip_count(first, end, step);
                    for (group, &p) in groups.iter().zip(&homes) {
                        for &(node, a) in &group.others {
                            let inst = instance_at(scop, &flat, node)?;
                            let f = m.address(&inst, a)?.ok_or_else(|| {
                                CodegenError::Unexpected("moving access to a scalar".into())
                            })?;
                            let next = m.l.b.ins().iadd_imm_s(first, step);
                            m.l.b.def_var(v, next);
                            let g = m.address(&inst, a)?.ok_or_else(|| {
                                CodegenError::Unexpected("moving access to a scalar".into())
                            })?;
                            m.l.b.def_var(v, first);
                            let d = m.l.b.ins().isub(g, f);
                            let gap = m.l.b.ins().isub(p, f);
                            let still = m.l.b.ins().icmp_imm_s(IntCC::Equal, d, 0);
                            let one = m.l.b.ins().iconst(types::I64, 1);
                            let divisor = m.l.b.ins().select(still, one, d);
                            let t = m.l.b.ins().sdiv(gap, divisor);
                            let r = m.l.b.ins().srem(gap, divisor);
                            let exact = m.l.b.ins().icmp_imm_s(IntCC::Equal, r, 0);
                            let from =
                                m.l.b
                                    .ins()
                                    .icmp_imm_s(IntCC::SignedGreaterThanOrEqual, t, 0);
                            let to = m.l.b.ins().icmp(IntCC::SignedLessThan, t, trips);
                            let inside = m.l.b.ins().band(from, to);
                            let moving_hit = m.l.b.ins().band(exact, inside);
                            let same = m.l.b.ins().icmp_imm_s(IntCC::Equal, gap, 0);
                            let this = m.l.b.ins().select(still, same, moving_hit);
                            hit = m.l.b.ins().bor(hit, this);
                        }
                    }
                }
                let plain = |m: &mut Self| {
                    jit::lower_loop(
                        m,
                        v,
                        |m| m.aexpr(cond),
                        |m| m.nodes(body),
                        |m, cur| m.l.b.ins().iadd_imm_s(cur, step),
                    )
                };
                jit::lower_if(m, hit, plain, |m| {
                    let mut vars = Vec::with_capacity(groups.len());
                    for (group, &addr) in groups.iter().zip(&homes) {
                        let elem = m.scop.array(m.scop.access(group.accesses[0]).array).elem;
                        let value = m.l.b.ins().load(
                            clif(elem),
                            MemFlagsData::new().with_notrap(),
                            addr,
                            0,
                        );
                        let var = m.l.b.declare_var(clif(elem));
                        m.l.b.def_var(var, value);
                        for &x in &group.accesses {
                            m.promoted.insert(x, var);
                        }
                        vars.push(var);
                    }
                    jit::lower_loop(
                        m,
                        v,
                        |m| m.aexpr(cond),
                        |m| m.nodes(body),
                        |m, cur| m.l.b.ins().iadd_imm_s(cur, step),
                    )?;
                    for (&addr, var) in homes.iter().zip(vars) {
                        let value = m.l.b.use_var(var);
                        m.l.b
                            .ins()
                            .store(MemFlagsData::new().with_notrap(), value, addr, 0);
                    }
                    for group in groups {
                        for x in &group.accesses {
                            m.promoted.remove(x);
                        }
                    }
                    Ok(())
                })
            },
            |_| Ok(()),
        )
    }

    /// Whether the counter `v` is below `bound`, as an i64 truth value (a loop test).
    fn below(&mut self, v: Variable, bound: Value) -> Value {
        let c = self.l.b.use_var(v);
        let t = self.l.b.ins().icmp(IntCC::SignedLessThan, c, bound);
        self.l.b.ins().uextend(types::I64, t)
    }

    /// The iterations of `for (x = first; x < end; x += step)` (zero or less when none), and
    /// `step` as a value.
    fn trip_count(&mut self, first: Value, end: Value, step: i64) -> (Value, Value) {
        let span = self.l.b.ins().isub(end, first);
        let rounded = self.l.b.ins().iadd_imm_s(span, step - 1);
        let step_v = self.l.b.ins().iconst(types::I64, step);
        (self.l.b.ins().sdiv(rounded, step_v), step_v)
    }

    /// An AST expression, as an i64 (truth values 0 or 1).
    fn aexpr(&mut self, e: &AExpr) -> Result<Value, CodegenError> {
        Ok(match e {
            AExpr::Int(v) => self.l.b.ins().iconst(types::I64, *v),
            AExpr::Iter(k) => match self.jam_value {
                Some((j, v)) if j == *k => v,
                _ => self.l.b.use_var(self.iters[*k]),
            },
            AExpr::Param(p) => {
                let var = *self
                    .params
                    .get(p)
                    .ok_or_else(|| CodegenError::Unexpected(format!("unknown parameter {p}")))?;
                self.l.b.use_var(var)
            }
            AExpr::Op(op, args) => {
                let mut v = Vec::with_capacity(args.len());
                for a in args {
                    v.push(self.aexpr(a)?);
                }
                let s = self;
                match op {
                    AstOp::Add => s.l.b.ins().iadd(v[0], v[1]),
                    AstOp::Sub => s.l.b.ins().isub(v[0], v[1]),
                    AstOp::Mul => s.l.b.ins().imul(v[0], v[1]),
                    AstOp::Minus => s.l.b.ins().ineg(v[0]),
                    AstOp::Div | AstOp::PdivQ => s.l.b.ins().sdiv(v[0], v[1]),
                    AstOp::PdivR | AstOp::ZdivR => s.l.b.ins().srem(v[0], v[1]),
                    AstOp::FdivQ => {
                        // floor(a / b) for b > 0: the truncated quotient, minus one when the
                        // remainder is negative.
                        let q = s.l.b.ins().sdiv(v[0], v[1]);
                        let r = s.l.b.ins().srem(v[0], v[1]);
                        let neg = s.l.b.ins().icmp_imm_s(IntCC::SignedLessThan, r, 0);
                        let adj = s.l.b.ins().uextend(types::I64, neg);
                        s.l.b.ins().isub(q, adj)
                    }
                    other => s.logic(*other, &v).ok_or_else(|| {
                        CodegenError::Unexpected(format!("AST operator {other:?}"))
                    })?,
                }
            }
        })
    }

    /// The address of an access of an array with dimensions.
    fn address(&mut self, inst: &Instance<'_>, a: AccessId) -> Result<Option<Value>, CodegenError> {
        Ok(match self.address_at(inst, a)? {
            Some((addr, 0)) => Some(addr),
            Some((addr, offset)) => Some(self.l.b.ins().iadd_imm_s(addr, i64::from(offset))),
            None => None,
        })
    }

    /// [`Self::address`] as an address and a constant byte offset for the load or store: in
    /// an array proved in range, the constant term of the last subscript is the offset, so
    /// that accesses differing only there (a stencil's `A[i - 1]`, `A[i]`, `A[i + 1]`) share
    /// one address computation.
    fn address_at(
        &mut self,
        inst: &Instance<'_>,
        a: AccessId,
    ) -> Result<Option<(Value, i32)>, CodegenError> {
        let acc = self.scop.access(a);
        let arr = self.scop.array(acc.array);
        let ArrayOrigin::Array(id) = arr.origin else {
            return Ok(None);
        };
        let mut idx = Vec::new();
        if let Some((_, exprs)) = inst.indices.iter().find(|(x, _)| *x == a) {
            if self.proved.contains(&id) {
                let (last, offset) = match exprs.split_last() {
                    Some((last, _)) => constant_term(last, arr.elem.size() as i64),
                    None => (None, 0),
                };
                for (k, e) in exprs.iter().enumerate() {
                    idx.push(match (&last, k + 1 == exprs.len()) {
                        (Some(rest), true) => self.aexpr(rest)?,
                        _ => self.aexpr(e)?,
                    });
                }
                return Ok(Some((
                    self.l.address_unchecked(id.0 as usize, &idx, arr.elem),
                    offset,
                )));
            }
            for e in exprs {
                idx.push(self.aexpr(e)?);
            }
        } else if let Some(subs) = &acc.subscripts {
            for s in subs {
                let v = self.body(Some(inst), s)?;
                idx.push(self.l.convert(v, s.ty, Type::I64));
            }
        } else {
            return Err(CodegenError::Unexpected(format!("access {a} has no index")));
        }
        Ok(Some((self.l.address(id.0 as usize, &idx, arr.elem)?, 0)))
    }

    fn store(
        &mut self,
        inst: &Instance<'_>,
        a: AccessId,
        value: Value,
    ) -> Result<(), CodegenError> {
        if let Some(&var) = self.promoted.get(&a) {
            self.l.b.def_var(var, value);
            return Ok(());
        }
        match self.address_at(inst, a)? {
            Some((addr, offset)) => {
                self.l
                    .b
                    .ins()
                    .store(MemFlagsData::new().with_notrap(), value, addr, offset);
            }
            None => {
                let ArrayOrigin::Scalar(v) = self.scop.array(self.scop.access(a).array).origin
                else {
                    unreachable!("checked by address")
                };
                self.l.b.def_var(self.l.vars[v.0 as usize], value);
            }
        }
        Ok(())
    }

    /// A statement body expression (depth bounded like the IR's, so recursion is fine).
    fn body(&mut self, inst: Option<&Instance<'_>>, e: &BodyExpr) -> Result<Value, CodegenError> {
        jit::lower_expr(&mut InBody { m: self, inst }, e)
    }
}

/// A statement body being lowered: the model lowering and the instance the body belongs to.
struct InBody<'x, 'y, 'a, 'm> {
    m: &'x mut ModelLowering<'a, 'm>,
    inst: Option<&'x Instance<'y>>,
}

impl<'a, 'm> jit::HasLowering<'a, 'm> for ModelLowering<'a, 'm> {
    fn l(&mut self) -> &mut Lowering<'a, 'm> {
        &mut self.l
    }
}

impl<'a, 'm> jit::HasLowering<'a, 'm> for InBody<'_, '_, 'a, 'm> {
    fn l(&mut self) -> &mut Lowering<'a, 'm> {
        &mut self.m.l
    }
}

impl<'a, 'm> jit::LowerLeaves<'a, 'm, BodyLeaf> for InBody<'_, '_, 'a, 'm> {
    /// Parameters, iterators, scalars, elements kept in registers, and elements of arrays
    /// proved in range at index expressions of the AST: reading them never fails.
    fn leaf_speculable(&self, leaf: &BodyLeaf) -> bool {
        let m = &*self.m;
        match *leaf {
            BodyLeaf::Param(_) | BodyLeaf::Iter(_) => true,
            BodyLeaf::Access(a) if m.promoted.contains_key(&a) => true,
            BodyLeaf::Access(a) => match m.scop.array(m.scop.access(a).array).origin {
                ArrayOrigin::Scalar(_) => true,
                ArrayOrigin::Array(id) => {
                    m.proved.contains(&id)
                        && self
                            .inst
                            .is_some_and(|i| i.indices.iter().any(|(x, _)| *x == a))
                }
            },
        }
    }

    fn leaf(&mut self, leaf: &BodyLeaf, ty: Type) -> Result<Value, CodegenError> {
        let m = &mut *self.m;
        Ok(match *leaf {
            BodyLeaf::Param(v) => m.l.b.use_var(m.l.vars[v.0 as usize]),
            BodyLeaf::Iter(k) => {
                let inst = self.inst.ok_or_else(|| {
                    CodegenError::Unexpected("iterator outside a statement".into())
                })?;
                let x = m.aexpr(&inst.iterators[k])?;
                let ty = m.l.f.var(inst.st.iterators[k]).ty;
                m.l.convert(x, Type::I64, ty)
            }
            BodyLeaf::Access(a) if m.promoted.contains_key(&a) => m.l.b.use_var(m.promoted[&a]),
            BodyLeaf::Access(a) => {
                let inst = self
                    .inst
                    .ok_or_else(|| CodegenError::Unexpected("access outside a statement".into()))?;
                match m.address_at(inst, a)? {
                    Some((addr, offset)) => {
                        m.l.b
                            .ins()
                            .load(clif(ty), MemFlagsData::new().with_notrap(), addr, offset)
                    }
                    None => {
                        let ArrayOrigin::Scalar(v) = m.scop.array(m.scop.access(a).array).origin
                        else {
                            return Err(CodegenError::Unexpected(format!(
                                "access {a} has no address and is no scalar"
                            )));
                        };
                        m.l.b.use_var(m.l.vars[v.0 as usize])
                    }
                }
            }
        })
    }
}

/// The byte offset of slot `k` of a parallel loop's frame.
fn frame_offset(k: usize) -> Result<i32, CodegenError> {
    i32::try_from(8 * k).map_err(|_| CodegenError::Unexpected("frame too large".into()))
}

/// The statement occurrence at `node` of a loop body.
fn instance_at<'x>(
    scop: &'x Scop,
    body: &'x [Node],
    node: usize,
) -> Result<Instance<'x>, CodegenError> {
    match body.get(node) {
        Some(Node::Stmt {
            stmt,
            iterators,
            indices,
        }) => Ok(Instance {
            st: scop.stmt(*stmt),
            iterators,
            indices,
        }),
        _ => Err(CodegenError::Unexpected(
            "a kept element's access outside the loop's statements".into(),
        )),
    }
}

/// The vector type of 128 bits with lanes of `t`, and its number of lanes, for the element
/// types the vector code handles.
fn vector_type(t: Type) -> Option<(types::Type, i64)> {
    match t {
        Type::F32 => Some((types::F32X4, 4)),
        Type::F64 => Some((types::F64X2, 2)),
        Type::I32 | Type::U32 => Some((types::I32X4, 4)),
        Type::I64 | Type::U64 => Some((types::I64X2, 2)),
        _ => None,
    }
}

/// `e` as an expression without its constant term and that term in bytes of elements of
/// `size` (`None` and 0 when `e` has no constant term, or its bytes do not fit an offset).
fn constant_term(e: &AExpr, size: i64) -> (Option<AExpr>, i32) {
    let (rest, c) = match e {
        AExpr::Op(AstOp::Add, args) => match args.as_slice() {
            [x, AExpr::Int(c)] | [AExpr::Int(c), x] => (x, *c),
            _ => return (None, 0),
        },
        AExpr::Op(AstOp::Sub, args) => match args.as_slice() {
            [x, AExpr::Int(c)] => match c.checked_neg() {
                Some(c) => (x, c),
                None => return (None, 0),
            },
            _ => return (None, 0),
        },
        _ => return (None, 0),
    };
    match c.checked_mul(size).and_then(|b| i32::try_from(b).ok()) {
        Some(bytes) if bytes != 0 => (Some(rest.clone()), bytes),
        _ => (None, 0),
    }
}
