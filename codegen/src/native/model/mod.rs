//! Native code for a model under a schedule: the loop AST and the statement bodies lowered to
//! Cranelift IR, with the calling convention and the safety checks of the faithful lowering
//! (see [`crate::native`]).
//!
//! # Design notes
//!
//! - **Fast model code** (`native/model/`, `parallel.rs`; `NativeOptions { threads, vector,
//!   registers }`, each changing how the code runs, never its bits; the differential tests run
//!   four combinations; `contract`, off by default, compiles the contracted program, whose
//!   products `C = fma(x, y, C)` run in fused micro-kernels, `block.rs`). *Threads*: a loop marked parallel whose bound is `iter < end` in one of
//!   isl's spellings has its body outlined into a function of the same module (it recomputes the
//!   prologue, then reads the enclosing iterators and scalars from a frame on the caller's stack)
//!   and is replaced by a call of `optimist_parallel_for`, which hands chunks of the iterations
//!   (8 per thread) to the rayon pool the `Kernel` owns and runs its code in; only the outermost
//!   parallel loop is outlined. *Vector lanes*: a loop marked vector whose body is statements
//!   without guards, storing one type contiguously (`f64`, `f32`, and 32- or 64-bit integers),
//!   computed by `+ - *` (and `/` and `sqrt` for floats: integer division may trap), negation, and
//!   `c ? a : b` with a comparison `c` of two such values (the lane mask of the comparison picks
//!   between both arms, `bitselect`; Cranelift folds `a < b ? a : b` into `smin`) from constants,
//!   scalars and contiguous or invariant accesses to arrays proved in range, runs in
//!   `f64x2`/`f32x4`/`i32x4`/`i64x2` lanes with a scalar remainder, two vectors per iteration when
//!   registers are on and nothing is jammed into it; invariants are computed once before it
//!   (only when it runs, and never reads of arrays it writes), and an element written in an
//!   iteration stays in a register for later reads of the same iteration when every access to its
//!   array has the same index expressions. *Registers*: an innermost loop that reads and writes an
//!   element at one address (an accumulator), where no other access of the loop reaches its array
//!   and no statement has a guard, loads it before the loop (when the loop runs) and stores it
//!   after (scalar replacement); a loop marked `jam` whose body is one vectorizable loop with
//!   bounds free of it runs 4 of its iterations in each vector iteration (all of them when its trip
//!   count is known and 2 to 8: conv2d's `dx`) when an element stays in a
//!   register across them (the product's `C[i][j]`: one load and store for four multiply-adds). No
//!   operation is reassociated and there is no FMA, so every configuration gives the interpreter's
//!   bits. `model_loop_report` shows where the vector instructions, stores and pool calls are.
//!   A `?:` outside vector lanes whose arms are small and cannot fail (`LowerLeaves::
//!   leaf_speculable`: parameters, iterators, scalars, registers, arrays proved in range; no
//!   integer division or shift, no call) is a branch-free `select`; otherwise only the arm the
//!   program takes runs.
//!   In arrays proved in range the constant term of an access's last subscript is the load's or
//!   store's immediate offset (`address_at`), so a stencil's `A[i - 1]`, `A[i]`, `A[i + 1]` share
//!   one address computation.

use crate::ast::StmtNode;
use crate::ast::{AExpr, CodegenError};
use crate::decide::walk::Emitter;
use crate::decide::{
    ArrayAccess, DLoop, DNode, Decided, Exec, Fork, Jam, LaneStmt, Lanes, OwnLanes, Pack, Share,
    Stride, VectorShape,
};
use crate::native::{self, Lowering, clif};
use crate::options::NativeOptions;
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

mod block;
mod promote;
mod strips;
mod threads;
mod vector;

/// The [`crate::LoopReport`] of the model code [`crate::Kernel::compile_with`] compiles (its main function: the
/// bodies of parallel loops are functions of their own): where the vector instructions and
/// the calls of the thread pool are.
pub fn model_loop_report(
    f: &Function,
    plan: &crate::Plan,
    options: &NativeOptions,
) -> Result<native::LoopReport, CodegenError> {
    let mut report = native::LoopReport::default();
    let mut module = native::new_module()?;
    let decided = plan.decide_native(options);
    let (scop, proved) = (&plan.scop, plan.unchecked.as_slice());
    let model = Model {
        scop,
        decided: &decided,
        proved,
        preloaded: None,
        versioning: None,
    };
    let name = format!("{}_model", f.name);
    define_model(
        &mut module,
        f,
        model,
        &name,
        Linkage::Export,
        Some(&mut report),
    )?;
    Ok(report)
}

/// What one function lowered from the model computes: the statements of `scop` as `decided`
/// (the plan's tree decided for the target, once per compilation), or (with `versioning`) the
/// versioned entry that checks and calls.
#[derive(Clone, Copy)]
pub(crate) struct Model<'a> {
    pub(crate) scop: &'a Scop,
    pub(crate) decided: &'a Decided,
    /// Arrays whose accesses go without range checks.
    pub(crate) proved: &'a [optimist_scop::ir::ArrayId],
    /// The argument-block slot of the first pre-loaded value, when they come from there.
    pub(crate) preloaded: Option<usize>,
    pub(crate) versioning: Option<Versioning<'a>>,
}

/// The run-time check and the two versions it chooses between: what the versioned entry
/// (`versioned.rs`, lowered with this module's prologue) checks and calls.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Versioning<'a> {
    /// Pre-loads and the precondition of the model-based code.
    pub(crate) check: &'a optimist_assume::RuntimeCheck,
    /// The model-based code (defined in the same module by [`crate::native::model::define_model`]
    /// with `preloaded` = `Some(preload_slot)`), called when the check holds.
    pub(crate) optimized: cranelift_module::FuncId,
    /// The flat elements each array of the program (by index) may touch, checked against its
    /// buffer after the check holds and before anything is written.
    pub(crate) footprints: &'a [(optimist_scop::ir::ArrayId, optimist_assume::Footprint)],
    /// Footprints that over-approximate what the program touches (arrays with several
    /// dimensions): when
    /// one leaves its buffer the faithful code runs instead (no error: the program may stay
    /// inside); inside it, the model code accesses the array without range checks.
    pub(crate) fallback_footprints:
        &'a [(optimist_scop::ir::ArrayId, optimist_assume::Footprint)],
    /// The argument-block slot of the first pre-loaded value (one slot per invariant read).
    pub(crate) preload_slot: usize,
}

/// Defines `model`'s function in `module` as `name`, with the kernel signature: its decided
/// tree.
pub(crate) fn define_model(
    module: &mut dyn Module,
    f: &Function,
    model: Model<'_>,
    name: &str,
    linkage: Linkage,
    report: Option<&mut native::LoopReport>,
) -> Result<cranelift_module::FuncId, CodegenError> {
    let decided = model.decided;
    define_lowered(module, f, model, name, linkage, report, |m| {
        m.nodes(&decided.body)
    })
}

/// Defines a function of `model` in `module` as `name`, with the kernel signature: the
/// prologue every function of the model's code starts with (iterators, parameters, invariant
/// loads, sizes), then `body`.
pub(crate) fn define_lowered(
    module: &mut dyn Module,
    f: &Function,
    model: Model<'_>,
    name: &str,
    linkage: Linkage,
    report: Option<&mut native::LoopReport>,
    body: impl FnOnce(&mut ModelLowering<'_, '_>) -> Result<(), CodegenError>,
) -> Result<cranelift_module::FuncId, CodegenError> {
    let cl = |e: cranelift_module::ModuleError| CodegenError::Unexpected(format!("cranelift: {e}"));
    let sig = native::kernel_signature(module);
    let id = module.declare_function(name, linkage, &sig).map_err(cl)?;
    let mut ctx = module.make_context();
    ctx.func.signature = sig;
    let mut fctx = FunctionBuilderContext::new();
    {
        let b = FunctionBuilder::new(&mut ctx.func, &mut fctx);
        let l = Lowering::new(f, b, module)?;
        let mut m = ModelLowering {
            l,
            scop: model.scop,
            iters: Vec::new(),
            params: HashMap::new(),
            proved: model.proved,
            versioning: model.versioning,
            preloaded: model.preloaded,
            fallback: None,
            overflow: None,
            promoted: HashMap::new(),
            stored: HashMap::new(),
            jam_value: None,
            ahead: None,
            kernel_site: None,
        };
        m.prologue(model.decided.iterators.len())?;
        body(&mut m)?;
        m.l.finish();
    }
    module.define_function(id, &mut ctx).map_err(cl)?;
    if let Some(report) = report {
        *report = native::LoopReport::of(&mut ctx);
    }
    Ok(id)
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
    /// Writes whose value is also kept in a variable for the next iteration
    /// ([`Exec::Carried`]).
    stored: HashMap<AccessId, Variable>,
    /// The value an AST iterator has in the copy of a jammed loop being lowered.
    jam_value: Option<(usize, Value)>,
    /// In the second vector of a pair ([`vector`]): the vector loop's iterator and the lanes
    /// it is ahead of its variable by. Expressions read the iterator as its variable plus
    /// those lanes; addresses that move with it add their bytes to the load's constant offset
    /// instead (no addition of its own per iteration).
    ahead: Option<(usize, i64)>,
    /// The pack whose register blocks run in the micro-kernel ([`block`]).
    kernel_site: Option<block::KernelSite>,
}

/// Native code is one [`Emitter`] of the decided tree: each node lowered as it says.
impl Emitter for ModelLowering<'_, '_> {
    type Error = CodegenError;

    fn for_loop(&mut self, l: &DLoop) -> Result<(), CodegenError> {
        self.lower_loop(l)
    }

    fn branch(&mut self, cond: &AExpr, then: &[DNode], els: &[DNode]) -> Result<(), CodegenError> {
        let c = self.aexpr(cond)?;
        native::lower_if(self, c, |m| m.nodes(then), |m| m.nodes(els))
    }

    fn stmt(&mut self, s: &StmtNode) -> Result<(), CodegenError> {
        let inst = Instance::of(self.scop, s);
        let st = inst.st;
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
        Ok(())
    }

    // Scopes of other targets: their loops as decided.
    fn region(
        &mut self,
        _private: &[usize],
        body: &[DNode],
        _fork: Option<&Fork>,
    ) -> Result<(), CodegenError> {
        self.nodes(body)
    }

    fn packed(&mut self, pack: &Pack, body: &[DNode]) -> Result<(), CodegenError> {
        self.packed_loop(pack, body)
    }
}

/// One statement instance: its statement, iterator values and access indices.
struct Instance<'x> {
    st: &'x ScopStmt,
    iterators: &'x [AExpr],
    indices: &'x [(AccessId, Vec<AExpr>)],
}

impl<'x> Instance<'x> {
    /// The instance a statement node of the tree runs.
    fn of(scop: &'x Scop, s: &'x StmtNode) -> Instance<'x> {
        Instance {
            st: scop.stmt(s.stmt),
            iterators: &s.iterators,
            indices: &s.indices,
        }
    }
}

impl ModelLowering<'_, '_> {
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
                let x = self.l.b.use_var(self.l.vars[v]);
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
                self.address_or_fallback(a, &idx, arr.elem)
            } else {
                self.l.address(a, &idx, arr.elem)?
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
            self.l.arrays[a].inner = inner;
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

    /// One decided loop, as its [`Exec`] says.
    fn lower_loop(&mut self, l: &DLoop) -> Result<(), CodegenError> {
        let (iter, step) = (l.iter, l.step);
        match &l.exec {
            // On threads: each runs its block of the iterations in order, in strips, or in
            // lanes.
            Exec::Threads {
                end,
                fork,
                strips,
                scalars,
                rows,
                ..
            } => {
                // Rows of sums are C's (`decide`'s `rows`): here their iterations run in order.
                let blocks = match strips {
                    Some(w) if !rows => threads::Blocks::Strips(*w, scalars),
                    _ => threads::Blocks::InOrder,
                };
                return self.parallel_loop(
                    iter,
                    &l.init,
                    end,
                    step,
                    &l.body,
                    fork.as_ref(),
                    blocks,
                );
            }
            Exec::Lanes(
                lanes @ Lanes {
                    own: Some(own),
                    share: Share::Spawn(_, fork),
                    ..
                },
            ) => {
                let blocks = threads::Blocks::Lanes(lanes, own);
                return self.parallel_loop(
                    iter,
                    &l.init,
                    &own.end,
                    step,
                    &l.body,
                    fork.as_ref(),
                    blocks,
                );
            }
            Exec::Strips {
                end,
                width,
                scalars,
                rows: false,
            } => {
                let first = self.aexpr(&l.init)?;
                let stop = self.aexpr(end)?;
                return self.strips_loop(iter, first, stop, *width, scalars, &l.body);
            }
            Exec::Jammed(j) => return self.jammed_loop(l, j),
            Exec::Lanes(lanes) => {
                if let Some(own) = &lanes.own {
                    return self.vector_loop(iter, &l.init, lanes, own, None);
                }
            }
            Exec::Registers(r) => {
                return self.promoted_loop(iter, &l.init, &l.cond, step, &l.body, r);
            }
            Exec::Carried(values) => {
                return self.carried_loop(iter, &l.init, &l.cond, step, &l.body, values);
            }
            // A register block runs in the micro-kernel of its pack, or as the loop as written.
            Exec::Block(b) => {
                if self.kernel_block(l, b)? {
                    return Ok(());
                }
                return self.lower_loop(&b.serial);
            }
            // C's (`decide`'s `extreme`): here the loop as written.
            Exec::Serial
            | Exec::Strips { rows: true, .. }
            | Exec::Extreme(_)
            | Exec::Hoisted(_) => {}
        }
        let v = self.iters[iter];
        let x = self.aexpr(&l.init)?;
        self.l.b.def_var(v, x);
        native::lower_loop(
            self,
            v,
            |m| m.aexpr(&l.cond),
            |m| m.nodes(&l.body),
            |m, cur| m.l.b.ins().iadd_imm_s(cur, step),
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
            AExpr::Iter(k) => match (self.jam_value, self.ahead) {
                (Some((j, v)), _) if j == *k => v,
                (_, Some((j, d))) if j == *k => {
                    let v = self.l.b.use_var(self.iters[*k]);
                    self.l.b.ins().iadd_imm_s(v, d)
                }
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

    /// The address of an element a decision points at.
    fn element(&mut self, inst: &Instance<'_>, a: ArrayAccess) -> Result<Value, CodegenError> {
        Ok(match self.element_at(inst, a)? {
            (addr, 0) => addr,
            (addr, offset) => self.l.b.ins().iadd_imm_s(addr, i64::from(offset)),
        })
    }

    /// [`Self::element`] as an address and a constant byte offset for the load or store: in
    /// an array proved in range, the constant term of the last subscript is the offset, so
    /// that accesses differing only there (a stencil's `A[i - 1]`, `A[i]`, `A[i + 1]`) share
    /// one address computation.
    fn element_at(
        &mut self,
        inst: &Instance<'_>,
        x: ArrayAccess,
    ) -> Result<(Value, i32), CodegenError> {
        let (a, id) = (x.access(), x.array());
        let acc = self.scop.access(a);
        let arr = self.scop.array(acc.array);
        let mut idx = Vec::new();
        if let Some((_, exprs)) = inst.indices.iter().find(|(x, _)| *x == a) {
            if self.proved.contains(&id) {
                let size = arr.elem.size() as i64;
                let Some((last, prefix)) = exprs.split_last() else {
                    let zero = self.l.b.ins().iconst(types::I64, 0);
                    return Ok((self.l.address_unchecked(id, &[zero], arr.elem), 0));
                };
                // The address as the part that does not move with the innermost iterator of
                // the last subscript (computed once outside the loop over it), plus that
                // iterator's bytes, plus the subscript's constant as the load's offset:
                // `p + 4 * x - 8` is one addressing mode, where `base + 4 * (row + x - 2)` is
                // additions per access, and a stencil's or a convolution's accesses of one row
                // share `p`. Wrapping i64 arithmetic is associative: the address is the same.
                let (fixed, moving, mut offset) = match Affine::of(last) {
                    Some(lin) => lin.address_parts(size),
                    None => (Some(last.clone()), None, 0),
                };
                for e in prefix {
                    idx.push(self.aexpr(e)?);
                }
                idx.push(match &fixed {
                    Some(e) => self.aexpr(e)?,
                    None => self.l.b.ins().iconst(types::I64, 0),
                });
                let mut addr = self.l.address_unchecked(id, &idx, arr.elem);
                if let Some((k, coef)) = moving {
                    let step = coef.wrapping_mul(size);
                    // The second vector of a pair: its lanes ahead in the offset, when they fit.
                    let ahead = match self.ahead {
                        Some((j, d)) if j == k && self.jam_value.is_none_or(|(x, _)| x != k) => {
                            i32::try_from(step.wrapping_mul(d))
                                .ok()
                                .and_then(|b| offset.checked_add(b))
                        }
                        _ => None,
                    };
                    let it = match ahead {
                        Some(o) => {
                            offset = o;
                            self.l.b.use_var(self.iters[k])
                        }
                        None => self.aexpr(&AExpr::Iter(k))?,
                    };
                    let bytes = self.l.b.ins().imul_imm_s(it, step);
                    addr = self.l.b.ins().iadd(addr, bytes);
                }
                return Ok((addr, offset));
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
        Ok((self.l.address(id, &idx, arr.elem)?, 0))
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
        if let Some(&var) = self.stored.get(&a) {
            self.l.b.def_var(var, value);
        }
        match ArrayAccess::or_scalar(self.scop, a) {
            Ok(x) => {
                let (addr, offset) = self.element_at(inst, x)?;
                self.l
                    .b
                    .ins()
                    .store(MemFlagsData::new().with_notrap(), value, addr, offset);
            }
            Err(v) => self.l.b.def_var(self.l.vars[v], value),
        }
        Ok(())
    }

    /// A statement body expression (depth bounded like the IR's, so recursion is fine).
    fn body(&mut self, inst: Option<&Instance<'_>>, e: &BodyExpr) -> Result<Value, CodegenError> {
        native::lower_expr(&mut InBody { m: self, inst }, e)
    }
}

/// A statement body being lowered: the model lowering and the instance the body belongs to.
struct InBody<'x, 'y, 'a, 'm> {
    m: &'x mut ModelLowering<'a, 'm>,
    inst: Option<&'x Instance<'y>>,
}

impl<'a, 'm> native::HasLowering<'a, 'm> for ModelLowering<'a, 'm> {
    fn l(&mut self) -> &mut Lowering<'a, 'm> {
        &mut self.l
    }
}

impl<'a, 'm> native::HasLowering<'a, 'm> for InBody<'_, '_, 'a, 'm> {
    fn l(&mut self) -> &mut Lowering<'a, 'm> {
        &mut self.m.l
    }
}

impl<'a, 'm> native::LowerLeaves<'a, 'm, BodyLeaf> for InBody<'_, '_, 'a, 'm> {
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
            BodyLeaf::Param(v) => m.l.b.use_var(m.l.vars[v]),
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
                match ArrayAccess::or_scalar(m.scop, a) {
                    Ok(x) => {
                        let (addr, offset) = m.element_at(inst, x)?;
                        m.l.b
                            .ins()
                            .load(clif(ty), MemFlagsData::new().with_notrap(), addr, offset)
                    }
                    Err(v) => m.l.b.use_var(m.l.vars[v]),
                }
            }
        })
    }
}

/// An affine AST expression: `sum(c * iterator) + sum(c * parameter) + constant`, in wrapping
/// i64 arithmetic (as the code computes it).
#[derive(Default)]
struct Affine {
    iters: std::collections::BTreeMap<usize, i64>,
    params: std::collections::BTreeMap<String, i64>,
    constant: i64,
}

impl Affine {
    /// `e` in affine form, `None` when it is not affine (a division, a minimum, a product of
    /// two non-constants, ...).
    fn of(e: &AExpr) -> Option<Affine> {
        Some(match e {
            AExpr::Int(c) => Affine {
                constant: *c,
                ..Affine::default()
            },
            AExpr::Iter(k) => {
                let mut a = Affine::default();
                a.iters.insert(*k, 1);
                a
            }
            AExpr::Param(p) => {
                let mut a = Affine::default();
                a.params.insert(p.clone(), 1);
                a
            }
            AExpr::Op(op, args) => match (op, args.as_slice()) {
                (AstOp::Add, [x, y]) => Affine::of(x)?.plus(Affine::of(y)?, 1),
                (AstOp::Sub, [x, y]) => Affine::of(x)?.plus(Affine::of(y)?, -1),
                (AstOp::Minus, [x]) => Affine::of(x)?.times(-1),
                (AstOp::Mul, [x, y]) => {
                    let (x, y) = (Affine::of(x)?, Affine::of(y)?);
                    match (x.as_constant(), y.as_constant()) {
                        (Some(c), _) => y.times(c),
                        (_, Some(c)) => x.times(c),
                        _ => return None,
                    }
                }
                _ => return None,
            },
        })
    }

    fn as_constant(&self) -> Option<i64> {
        (self.iters.is_empty() && self.params.is_empty()).then_some(self.constant)
    }

    /// `self + factor * other`.
    fn plus(mut self, other: Affine, factor: i64) -> Affine {
        for (k, c) in other.iters {
            let e = self.iters.entry(k).or_insert(0);
            *e = e.wrapping_add(c.wrapping_mul(factor));
        }
        for (p, c) in other.params {
            let e = self.params.entry(p).or_insert(0);
            *e = e.wrapping_add(c.wrapping_mul(factor));
        }
        self.constant = self
            .constant
            .wrapping_add(other.constant.wrapping_mul(factor));
        self.iters.retain(|_, c| *c != 0);
        self.params.retain(|_, c| *c != 0);
        self
    }

    fn times(self, c: i64) -> Affine {
        Affine::default().plus(self, c)
    }

    /// A last subscript over elements of `size` bytes as what does not move with its
    /// highest-numbered iterator (the innermost loop it names; `None` for zero), that
    /// iterator with its coefficient, and its constant in bytes when they fit a load's offset
    /// (else the constant stays in the first part).
    fn address_parts(mut self, size: i64) -> (Option<AExpr>, Option<(usize, i64)>, i32) {
        let moving = self.iters.pop_last();
        let offset = match self
            .constant
            .checked_mul(size)
            .and_then(|b| i32::try_from(b).ok())
        {
            Some(bytes) => {
                self.constant = 0;
                bytes
            }
            None => 0,
        };
        let term = |x: AExpr, c: i64| match c {
            1 => x,
            c => AExpr::Op(AstOp::Mul, vec![AExpr::Int(c), x]),
        };
        let mut terms: Vec<AExpr> = self
            .iters
            .into_iter()
            .map(|(k, c)| term(AExpr::Iter(k), c))
            .chain(
                self.params
                    .into_iter()
                    .map(|(p, c)| term(AExpr::Param(p), c)),
            )
            .collect();
        if self.constant != 0 {
            terms.push(AExpr::Int(self.constant));
        }
        let fixed = terms
            .into_iter()
            .reduce(|a, b| AExpr::Op(AstOp::Add, vec![a, b]));
        (fixed, moving, offset)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn op(o: AstOp, args: Vec<AExpr>) -> AExpr {
        AExpr::Op(o, args)
    }

    #[test]
    fn a_subscript_splits_into_its_row_its_innermost_iterator_and_its_offset() {
        // `(x + 1) - 2` in floats: nothing fixed, `x` by 1, -4 bytes (a convolution's tap).
        let tap = op(
            AstOp::Sub,
            vec![
                op(AstOp::Add, vec![AExpr::Iter(3), AExpr::Int(1)]),
                AExpr::Int(2),
            ],
        );
        let (fixed, moving, offset) = Affine::of(&tap).unwrap().address_parts(4);
        assert_eq!((fixed, moving, offset), (None, Some((3, 1)), -4));
        // `k - i - 1` in doubles (a reversed read): `k` fixed, `i` by -1, -8 bytes.
        let rev = op(
            AstOp::Sub,
            vec![
                op(AstOp::Sub, vec![AExpr::Iter(0), AExpr::Iter(2)]),
                AExpr::Int(1),
            ],
        );
        let (fixed, moving, offset) = Affine::of(&rev).unwrap().address_parts(8);
        assert_eq!(
            (fixed, moving, offset),
            (Some(AExpr::Iter(0)), Some((2, -1)), -8)
        );
        // `2 * (n + j)` with a constant too large for an offset: the constant stays fixed.
        let big = op(
            AstOp::Add,
            vec![
                op(
                    AstOp::Mul,
                    vec![
                        AExpr::Int(2),
                        op(AstOp::Add, vec![AExpr::Param("n".into()), AExpr::Iter(1)]),
                    ],
                ),
                AExpr::Int(1 << 40),
            ],
        );
        let (fixed, moving, offset) = Affine::of(&big).unwrap().address_parts(8);
        assert_eq!(moving, Some((1, 2)));
        assert_eq!(offset, 0);
        assert_eq!(
            fixed,
            Some(op(
                AstOp::Add,
                vec![
                    op(AstOp::Mul, vec![AExpr::Int(2), AExpr::Param("n".into())]),
                    AExpr::Int(1 << 40)
                ]
            ))
        );
    }

    #[test]
    fn a_subscript_that_is_not_affine_has_no_affine_form() {
        let half = op(AstOp::FdivQ, vec![AExpr::Iter(1), AExpr::Int(2)]);
        assert!(Affine::of(&half).is_none());
        let square = op(AstOp::Mul, vec![AExpr::Iter(1), AExpr::Iter(1)]);
        assert!(Affine::of(&square).is_none());
        // Terms that cancel leave a constant.
        let zero = op(AstOp::Sub, vec![AExpr::Iter(1), AExpr::Iter(1)]);
        assert_eq!(Affine::of(&zero).unwrap().as_constant(), Some(0));
    }
}
