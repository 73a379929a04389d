//! Native code through Cranelift: the faithful lowering of the program IR.
//!
//! The faithful lowering compiles the program IR itself, with no model and no assumption: it is
//! the baseline for speed comparisons and the fallback the run-time check selects, so it must
//! be right for every input, including aliasing buffers and wrapping arithmetic. Integers use
//! their C widths (unsigned arithmetic wraps like C; narrowing wraps like gcc), `float` stays
//! single precision, there is no FMA, and math calls go to the C library. What would trap in
//! native code (division by zero, `MIN / -1`) or leave the buffers it was given (an out-of-bounds
//! access) returns an error status instead, so that a bad input never kills the process.
//!
//! The calling convention (argument block and status) is [`crate::abi`]'s.
//!
//! # Design notes
//!
//! - **Cranelift** (`jit.rs`, `jit_model/`, `versioned.rs`). The lowering (`Lowering`) is
//!   written against `&mut dyn cranelift_module::Module`, so a lowering may add functions to its
//!   module (outlined loop bodies) and another module kind could be used. The **faithful lowering** compiles the program IR itself (no model, no assumption):
//!   C widths, wrapping like C and gcc, single-precision `float`, no FMA, math through libm. The
//!   **model lowering** compiles a loop AST and the statement bodies. Both check every access
//!   against its buffer, and turn division by zero and `MIN / -1` into an error status instead of
//!   a trap, so native code never leaves the memory it was given or kills the process. The model
//!   lowering leaves out the check for arrays whose every subscript lies inside its declared
//!   dimension whenever the run-time check holds (`in_declared_bounds` is part of it): in a 700³
//!   product the checks cost more than the loop order gains. **Versioning** (`versioned.rs`,
//!   `compile_versioned`):
//!   a separate entry function pre-loads the invariant reads (only where the program reads them and
//!   only inside the memory given, Algorithm 2), evaluates the `RuntimeCheck` with
//!   `sadd/ssub/smul_overflow` (any overflow, or an `unsigned long` beyond `i64`, fails it), and on
//!   failure calls the faithful function (`call_indirect`, same argument block) and returns its
//!   status with the fallback flag; when it holds, it compares the footprints of the array
//!   parameters with their buffers (an exact, one-dimensional footprint outside its buffer is
//!   `Status::Footprint`, before anything is written; a whole-row one of an array with several
//!   dimensions sends the call to the faithful code, since the buffer may hold less than the
//!   declared shape and still everything the program touches), stores the
//!   pre-loaded values in the argument block after the parameters' slots, and calls the model
//!   function, which reads them from there. The check lives outside the model function because
//!   inside it the interchanged 700³ product ran 15-20% slower (265 ms against 221 ms): the
//!   model's loops must compile exactly as without versioning. Loops test
//!   for the exit first and blocks are sealed as soon as their predecessors are known, so
//!   Cranelift hoists invariant address arithmetic out of inner loops (a test checks the optimized
//!   IR).

use crate::ast::CodegenError;
use cranelift_codegen::ir::condcodes::{FloatCC, IntCC};
use cranelift_codegen::ir::{
    AbiParam, Block, InstBuilder, MemFlagsData, StackSlotData, StackSlotKind, Value, types,
};
use cranelift_codegen::settings::{self, Configurable};
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext, Variable};
use cranelift_jit::{JITBuilder, JITModule};
use cranelift_module::{FuncId, Linkage, Module};
use optimist_scop::expr::{Expr as AnyExpr, ExprKind};
use optimist_scop::id::IdVec;
use optimist_scop::ir::{
    ArrayId, ArrayKind, BinOp, Dim, Expr, For, Function, IrLeaf, LValue, MathFn, Param, PureFn,
    Stmt, StmtKind, UnOp, VarId,
};
use optimist_scop::types::Type;
use std::collections::HashMap;
use std::sync::Arc;

use crate::abi::{ArgBlock, KernelFn, Status};

/// The memory of one JIT module's code, freed when the last [`Compiled`] of it is dropped.
struct Code {
    module: Option<JITModule>,
    /// The pure functions the code calls by address: kept alive as long as it.
    _pures: Vec<Arc<PureFn>>,
}

// SAFETY: a `Code` is shared (by the `Compiled` functions and `Keep`s of one module) only to
// keep its memory alive: after `finish`, nothing reads it through a shared reference but
// `Finished::address` while the kernel is being built, on the thread building it, and `Drop`
// runs once, for the last owner.
unsafe impl Sync for Code {}

impl Drop for Code {
    fn drop(&mut self) {
        if let Some(m) = self.module.take() {
            // SAFETY: every pointer into this module's memory is held by a `Compiled` that
            // holds this `Code`; none is left, so no call can be running.
            unsafe { m.free_memory() };
        }
    }
}

/// One function of finished native code, keeping its module's memory alive.
pub struct Compiled {
    _code: Arc<Code>,
    entry: KernelFn,
}

impl std::fmt::Debug for Compiled {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Compiled({:p})", self.entry as *const u8)
    }
}

impl Compiled {
    /// Runs the code on an argument block laid out as [`crate::abi`] says, with `pool` (the
    /// pool of its parallel loops) when one is given, on this thread ([`crate::parallel::with_pool`];
    /// an embedder's rayon pool: inside it when `install`).
    /// How it ended, and whether a versioned entry ran the faithful code.
    ///
    /// # Safety
    /// `args` must describe, for the function this was compiled from, valid scalars and for
    /// every array a base address whose `[lo, hi)` element range is readable and writable memory
    /// of the element type.
    pub(crate) unsafe fn call_in(
        &self,
        args: &mut ArgBlock,
        pool: Option<&crate::parallel::Threads>,
        install: bool,
    ) -> (Status, bool) {
        let entry = self.entry;
        // SAFETY: per the contract.
        let call = move || Status::decode(unsafe { entry(args.as_mut_slice().as_mut_ptr()) });
        match pool {
            Some(crate::parallel::Threads::Rayon(rayon)) if install => {
                rayon.install(move || crate::parallel::with_pool(pool, call))
            }
            _ => crate::parallel::with_pool(pool, call),
        }
    }
}

/// A finalized JIT module: its functions' addresses, its memory kept while any is held.
pub(crate) struct Finished {
    code: Arc<Code>,
}

impl Finished {
    /// The function `id`, defined with the kernel signature ([`kernel_signature`]).
    pub(crate) fn kernel(&self, id: FuncId) -> Compiled {
        let ptr = self.address(id);
        Compiled {
            _code: Arc::clone(&self.code),
            // SAFETY: the caller names a function defined with the kernel signature.
            entry: unsafe { std::mem::transmute::<*const u8, KernelFn>(ptr) },
        }
    }

    /// The address of the function `id` (valid while a [`Compiled`] of this module or
    /// [`Finished::keep`] is held).
    pub(crate) fn address(&self, id: FuncId) -> *const u8 {
        self.code
            .module
            .as_ref()
            .map_or(std::ptr::null(), |m| m.get_finalized_function(id))
    }

    /// A handle that keeps the module's memory alive.
    pub(crate) fn keep(&self) -> Keep {
        Keep(Arc::clone(&self.code))
    }
}

/// Keeps a JIT module's code in memory while held.
#[derive(Clone)]
pub(crate) struct Keep(#[allow(dead_code)] Arc<Code>);

/// A Cranelift error as a [`CodegenError`].
pub(crate) fn err(e: impl std::fmt::Display) -> CodegenError {
    CodegenError::Unexpected(format!("cranelift: {e}"))
}

/// The host's instruction set with the project's flags: optimized for speed, and
/// position-independent when `pic` (relocatable objects, which a C compiler may link into a
/// position-independent executable).
pub(crate) fn host_isa(
    pic: bool,
) -> Result<std::sync::Arc<dyn cranelift_codegen::isa::TargetIsa>, CodegenError> {
    let mut flags = settings::builder();
    flags.set("opt_level", "speed").map_err(err)?;
    flags.set("use_colocated_libcalls", "false").map_err(err)?;
    flags
        .set("is_pic", if pic { "true" } else { "false" })
        .map_err(err)?;
    cranelift_native::builder()
        .map_err(err)?
        .finish(settings::Flags::new(flags))
        .map_err(err)
}

/// A JIT module set up for the host, with the C library's math functions and the run time of
/// this crate (threads, packing buffers, pure functions, the C entry's error hook).
pub(crate) fn new_module() -> Result<JITModule, CodegenError> {
    let mut builder =
        JITBuilder::with_isa(host_isa(false)?, cranelift_module::default_libcall_names());
    for (name, ptr) in libm::SYMBOLS.iter().copied().chain(runtime_symbols()) {
        builder.symbol(name, ptr);
    }
    Ok(JITModule::new(builder))
}

/// The run time of [`crate::Runtime::Process`]: names and addresses.
pub(crate) fn runtime_symbols() -> Vec<(&'static str, *const u8)> {
    vec![
        (
            crate::parallel::SYMBOL,
            crate::parallel::parallel_for as *const u8,
        ),
        (PURE_SYMBOL, call_pure as *const u8),
        (
            crate::buffers::ACQUIRE,
            crate::buffers::acquire as *const u8,
        ),
        (
            crate::buffers::RELEASE,
            crate::buffers::release as *const u8,
        ),
        (
            crate::abi::ERROR_HOOK,
            crate::abi::record_error as *const u8,
        ),
    ]
}

/// Finalizes a module whose functions were defined.
pub(crate) fn finish(mut module: JITModule, f: &Function) -> Result<Finished, CodegenError> {
    module.finalize_definitions().map_err(err)?;
    Ok(Finished {
        code: Arc::new(Code {
            module: Some(module),
            _pures: f.pure_fns(false),
        }),
    })
}

/// Defines the function `id` with `sig`, its body built by `body` from the entry block's
/// parameters.
pub(crate) fn define_with(
    module: &mut dyn Module,
    id: FuncId,
    sig: cranelift_codegen::ir::Signature,
    body: impl FnOnce(
        &mut dyn Module,
        &mut FunctionBuilder<'_>,
        &[cranelift_codegen::ir::Value],
    ) -> Result<(), CodegenError>,
) -> Result<(), CodegenError> {
    let mut ctx = module.make_context();
    ctx.func.signature = sig;
    let mut fctx = FunctionBuilderContext::new();
    {
        let mut b = FunctionBuilder::new(&mut ctx.func, &mut fctx);
        let entry = b.create_block();
        b.append_block_params_for_function_params(entry);
        b.switch_to_block(entry);
        let params = b.block_params(entry).to_vec();
        body(module, &mut b, &params)?;
        b.seal_all_blocks();
        b.seal_all_blocks();
    }
    module.define_function(id, &mut ctx).map_err(err)
}

/// The kernel signature in the module's calling convention.
pub(crate) fn kernel_signature(module: &dyn Module) -> cranelift_codegen::ir::Signature {
    let mut sig = module.make_signature();
    sig.params.push(AbiParam::new(types::I64));
    sig.returns.push(AbiParam::new(types::I32));
    sig
}

/// Where the instructions of a compiled kernel ended up: for every block of the optimized
/// Cranelift IR, its loop depth (0 outside loops) and the opcodes of its instructions. Shows
/// whether Cranelift hoisted loop-invariant code out of the inner loops.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LoopReport {
    /// `(loop depth, opcodes)` per block.
    pub blocks: Vec<(usize, Vec<String>)>,
}

impl LoopReport {
    /// The deepest loop depth.
    pub fn max_depth(&self) -> usize {
        self.blocks.iter().map(|(d, _)| *d).max().unwrap_or(0)
    }

    /// How many instructions with opcode `op` run at loop depth `depth`.
    pub fn count(&self, depth: usize, op: &str) -> usize {
        self.blocks
            .iter()
            .filter(|(d, _)| *d == depth)
            .flat_map(|(_, ops)| ops)
            .filter(|o| *o == op)
            .count()
    }
}

/// The [`LoopReport`] of the faithful lowering of `f`.
pub fn faithful_loop_report(f: &Function) -> Result<LoopReport, CodegenError> {
    let mut report = LoopReport::default();
    compile_faithful_with(f, |ctx| report = LoopReport::of(ctx))?;
    Ok(report)
}

impl LoopReport {
    /// The report of a compiled function. An instruction on vectors is named with its type
    /// (`fmul.f64x2`), others by their opcode.
    pub(crate) fn of(ctx: &mut cranelift_codegen::Context) -> LoopReport {
        let mut report = LoopReport::default();
        ctx.compute_cfg();
        ctx.compute_domtree();
        ctx.compute_loop_analysis();
        for block in ctx.func.layout.blocks() {
            let depth = ctx.loop_analysis.loop_level(block).level();
            let ops = ctx
                .func
                .layout
                .block_insts(block)
                .map(|i| {
                    let op = ctx.func.dfg.insts[i].opcode().to_string();
                    let ty = ctx.func.dfg.ctrl_typevar(i);
                    if ty.is_vector() {
                        format!("{op}.{ty}")
                    } else {
                        op
                    }
                })
                .collect();
            report.blocks.push((depth, ops));
        }
        report
    }
}

/// Compiles the faithful lowering of `f`, showing `inspect` the optimized function.
fn compile_faithful_with(
    f: &Function,
    inspect: impl FnOnce(&mut cranelift_codegen::Context),
) -> Result<Compiled, CodegenError> {
    let mut module = new_module()?;
    let name = format!("{}_faithful", f.name);
    let id = define_faithful(&mut module, f, &name, Linkage::Export, inspect)?;
    Ok(finish(module, f)?.kernel(id))
}

/// Defines the faithful lowering of `f` in `module` as the function `name` with the kernel
/// signature, showing `inspect` the optimized function.
pub(crate) fn define_faithful(
    module: &mut dyn Module,
    f: &Function,
    name: &str,
    linkage: Linkage,
    inspect: impl FnOnce(&mut cranelift_codegen::Context),
) -> Result<FuncId, CodegenError> {
    f.validate()
        .map_err(|e| CodegenError::Unexpected(e.to_string()))?;
    let sig = kernel_signature(module);
    let id = module.declare_function(name, linkage, &sig).map_err(err)?;
    let mut ctx = module.make_context();
    ctx.func.signature = sig;
    let mut fctx = FunctionBuilderContext::new();
    {
        let b = FunctionBuilder::new(&mut ctx.func, &mut fctx);
        let mut l = Lowering::new(f, b, module)?;
        l.body()?;
    }
    module.define_function(id, &mut ctx).map_err(err)?;
    inspect(&mut ctx);
    Ok(id)
}

/// The CLIF type of a C type.
pub(crate) fn clif(t: Type) -> types::Type {
    match t {
        Type::I8 | Type::U8 => types::I8,
        Type::I16 | Type::U16 => types::I16,
        Type::I32 | Type::U32 => types::I32,
        Type::I64 | Type::U64 => types::I64,
        Type::F32 => types::F32,
        Type::F64 => types::F64,
    }
}

/// How the code reaches one array.
#[derive(Clone)]
pub(crate) struct ArrayRef {
    pub base: Variable,
    pub lo: Variable,
    pub hi: Variable,
    /// Sizes of the dimensions but the first (computed at entry).
    pub inner: Vec<Variable>,
}

/// Shared machinery of the lowerings: variables, arrays, math imports, the error exit. Written
/// against any `cranelift_module::Module` (the JIT's today), so a lowering may declare further
/// functions in the same module (outlined loop bodies).
pub(crate) struct Lowering<'a, 'm> {
    pub f: &'a Function,
    pub b: FunctionBuilder<'a>,
    pub module: &'m mut dyn Module,
    pub vars: IdVec<VarId, Variable>,
    pub arrays: IdVec<ArrayId, ArrayRef>,
    math: HashMap<(MathFn, Type), cranelift_codegen::ir::FuncRef>,
    /// The imported [`call_pure`], once declared.
    pure: Option<cranelift_codegen::ir::FuncRef>,
    /// The pure functions the function calls, in the order of [`Function::pure_fns`].
    pures: Vec<Arc<PureFn>>,
    /// The definitions of pure functions compiled into the module, by name.
    definitions: HashMap<String, FuncId>,
    /// Returns its block parameter as the status.
    pub error: Block,
    /// The accesses (keyed by their subscripts' address in the IR) of the innermost loop being
    /// lowered that a test before its nest proved in range in every iteration
    /// ([`crate::ranges`]): lowered without their checks, addressed from the loop's iterator.
    pub proved: crate::ranges::Proved,
    /// That loop's iterator, counted in `i64`, while `proved` is not empty.
    pub counter: Option<Variable>,
    /// The accesses a test before the loop nest being lowered proved in range in every
    /// iteration of its loops ([`crate::ranges`]): lowered without their checks.
    pub unchecked: crate::ranges::Unchecked,
    /// Inside the checked copy of a nest whose test failed: only innermost loops test their
    /// own accesses (a nest inside it would most likely fail its test too, and each level
    /// tested would add a copy of the loops below it).
    pub failed_nest: bool,
    /// The statement being lowered stores to an element whose address moves with the
    /// innermost loop around it, which a test proved in range: its `?:` over proved elements
    /// may compute both arms and select (see [`LowerLeaves::leaf_speculable`]).
    moving: bool,
    /// The argument block (the function's parameter).
    pub args: Value,
}

impl<'a, 'm> Lowering<'a, 'm> {
    /// Sets up the entry block: parameters, array descriptors, sizes, locals, the error exit.
    pub fn new(
        f: &'a Function,
        mut b: FunctionBuilder<'a>,
        module: &'m mut dyn Module,
    ) -> Result<Self, CodegenError> {
        let entry = b.create_block();
        b.append_block_params_for_function_params(entry);
        b.switch_to_block(entry);
        b.seal_block(entry);
        let args = b.block_params(entry)[0];
        let error = b.create_block();
        b.append_block_param(error, types::I32);
        let vars: IdVec<VarId, Variable> =
            f.vars.iter().map(|v| b.declare_var(clif(v.ty))).collect();
        let mut l = Lowering {
            f,
            b,
            module,
            vars,
            arrays: IdVec::new(),
            math: HashMap::new(),
            pure: None,
            pures: f.pure_fns(false),
            definitions: HashMap::new(),
            error,
            args,
            proved: Default::default(),
            counter: None,
            unchecked: Default::default(),
            failed_nest: false,
            moving: false,
        };
        if let Some(p) = l.pures.iter().find(|p| p.imp.is_none()) {
            return Err(CodegenError::Unbound(p.name.clone()));
        }
        let flags = MemFlagsData::trusted();
        let mut slot = 0i32;
        let mut array_slots: IdVec<ArrayId, Option<i32>> = IdVec::filled(f.arrays.len(), None);
        for p in &f.params {
            match *p {
                Param::Scalar(v) => {
                    let t = clif(f.var(v).ty);
                    let val = l.b.ins().load(t, flags, args, slot * 8);
                    l.b.def_var(l.vars[v], val);
                    slot += 1;
                }
                Param::Array(a) => {
                    array_slots[a] = Some(slot);
                    slot += 3;
                }
            }
        }
        for (k, a) in f.arrays.iter_enumerated() {
            if a.kind == ArrayKind::Local {
                array_slots[k] = Some(slot);
                slot += 3;
            }
        }
        // Locals start at zero (reading them first is undefined in C).
        for (k, v) in f.vars.iter_enumerated() {
            if v.kind == optimist_scop::ir::VarKind::Local {
                let z = l.zero(v.ty);
                l.b.def_var(l.vars[k], z);
            }
        }
        for (k, a) in f.arrays.iter_enumerated() {
            let s = array_slots[k]
                .ok_or_else(|| CodegenError::Unexpected("array without a slot".into()))?;
            let mut load = |off: i32| {
                let var = l.b.declare_var(types::I64);
                let v = l.b.ins().load(types::I64, flags, args, (s + off) * 8);
                l.b.def_var(var, v);
                var
            };
            let (base, lo, hi) = (load(0), load(1), load(2));
            let mut inner = Vec::new();
            for d in a.dims.iter().skip(1) {
                let v = match d {
                    Dim::Const(n) => l.b.ins().iconst(types::I64, *n as i64),
                    Dim::Expr(e) => l.expr(e)?,
                    Dim::Unknown => l.b.ins().iconst(types::I64, 0),
                };
                let var = l.b.declare_var(types::I64);
                l.b.def_var(var, v);
                inner.push(var);
            }
            l.arrays.push(ArrayRef {
                base,
                lo,
                hi,
                inner,
            });
        }
        Ok(l)
    }

    fn zero(&mut self, t: Type) -> Value {
        match t {
            Type::F32 => self.b.ins().f32const(0.0),
            Type::F64 => self.b.ins().f64const(0.0),
            t => self.b.ins().iconst(clif(t), 0),
        }
    }

    /// Lowers the whole body and finishes the function.
    fn body(&mut self) -> Result<(), CodegenError> {
        self.stmts(&self.f.body)?;
        self.finish();
        Ok(())
    }

    /// Returns OK from the current block, emits the error exit, and seals everything.
    pub fn finish(&mut self) {
        let ok = self
            .b
            .ins()
            .iconst(types::I32, i64::from(Status::Ok.code()));
        self.b.ins().return_(&[ok]);
        self.b.switch_to_block(self.error);
        let code = self.b.block_params(self.error)[0];
        self.b.ins().return_(&[code]);
        self.b.seal_all_blocks();
        // The builder is finalized by dropping it after `seal_all_blocks` in `finalize`.
    }

    pub fn stmts(&mut self, stmts: &[Stmt]) -> Result<(), CodegenError> {
        for s in stmts {
            self.stmt(s)?;
        }
        Ok(())
    }

    fn stmt(&mut self, s: &Stmt) -> Result<(), CodegenError> {
        match &s.kind {
            StmtKind::Assign(lv, e) => {
                self.moving = matches!(lv, LValue::Elem(_, idx)
                    if matches!(self.proved.get(&idx.as_ptr()),
                        Some(s) if !matches!(s.step, crate::ranges::Step::Bytes(0))));
                let v = self.expr(e);
                self.moving = false;
                let v = v?;
                match lv {
                    LValue::Var(x) => self.b.def_var(self.vars[*x], v),
                    LValue::Elem(a, idx) => {
                        let addr = self.element(*a, idx)?;
                        self.b
                            .ins()
                            .store(MemFlagsData::new().with_notrap(), v, addr, 0);
                    }
                }
            }
            StmtKind::Block(b) => self.stmts(b)?,
            StmtKind::If(c, t, e) => {
                let cv = self.expr(c)?;
                let cond = self.truth(cv, c.ty);
                lower_if(self, cond, |l| l.stmts(t), |l| l.stmts(e))?;
            }
            StmtKind::For(l) => self.for_loop(l)?,
        }
        Ok(())
    }

    fn for_loop(&mut self, l: &For) -> Result<(), CodegenError> {
        let ty = self.f.var(l.var).ty;
        let init = self.expr(&l.init)?;
        let var = self.vars[l.var];
        self.b.def_var(var, init);
        // A loop nest whose accesses a test can prove in range runs in two copies: one
        // without those checks when the test holds, the other as written (its inner loops
        // tested in turn).
        if self.unchecked.is_empty()
            && let Some((fine, unchecked, nest)) =
                crate::ranges::range_test(self, l, init, !self.failed_nest)?
        {
            let (fast, slow, join) = (
                self.b.create_block(),
                self.b.create_block(),
                self.b.create_block(),
            );
            self.b.ins().brif(fine, fast, &[], slow, &[]);
            self.b.seal_block(fast);
            self.b.seal_block(slow);
            self.b.switch_to_block(fast);
            self.unchecked = unchecked;
            let done = self.unchecked_loop(l, ty, var);
            self.unchecked.clear();
            done?;
            self.b.ins().jump(join, &[]);
            self.b.switch_to_block(slow);
            let failed = self.failed_nest;
            self.failed_nest = failed || nest;
            let done = self.plain_loop(l, ty, var);
            self.failed_nest = failed;
            done?;
            self.b.ins().jump(join, &[]);
            self.b.seal_block(join);
            self.b.switch_to_block(join);
            return Ok(());
        }
        if !self.unchecked.is_empty() {
            return self.unchecked_loop(l, ty, var);
        }
        self.plain_loop(l, ty, var)
    }

    /// Loop `l` inside a nest whose test proved its accesses ([`Self::unchecked`]): an
    /// innermost loop addresses them from its iterator.
    ///
    /// That loop counts in `i64`: the test proved that its iterator never leaves its type
    /// (no `<=` up to the type's greatest value), so a 64-bit copy steps and exits as the
    /// iterator does, and addresses use it without a sign extension per iteration (which
    /// cost Floyd-Warshall's faithful loop 1.5x). The iterator itself is the copy's low
    /// bits, in the body and after the loop.
    fn unchecked_loop(&mut self, l: &For, ty: Type, var: Variable) -> Result<(), CodegenError> {
        let unchecked = std::mem::take(&mut self.unchecked);
        let stepped = crate::ranges::stepped_loop(self, l, &unchecked);
        self.unchecked = unchecked;
        let Some(proved) = stepped? else {
            return self.plain_loop(l, ty, var);
        };
        let wide = self.b.declare_var(types::I64);
        let first = self.b.use_var(var);
        let first = self.convert(first, ty, Type::I64);
        self.b.def_var(wide, first);
        // The bound is a term of the range test: evaluated once, it cannot fail.
        let bound = self.expr(&l.cond.bound)?;
        let bound = self.convert(bound, l.cond.ty, Type::I64);
        let narrow = |x: &mut Self| {
            let w = x.b.use_var(wide);
            let v = x.convert(w, Type::I64, ty);
            x.b.def_var(var, v);
        };
        self.proved = proved;
        self.counter = Some(wide);
        let done = lower_loop(
            self,
            wide,
            |x| {
                let w = x.b.use_var(wide);
                Ok(x.compare(l.cond.op, w, bound, Type::I64))
            },
            |x| {
                narrow(x);
                x.stmts(&l.body)
            },
            |x, cur| x.b.ins().iadd_imm_s(cur, l.step),
        );
        self.proved.clear();
        self.counter = None;
        done?;
        narrow(self);
        Ok(())
    }

    /// Loop `l` as written, its iterator (`var`, of type `ty`) holding its initial value.
    fn plain_loop(&mut self, l: &For, ty: Type, var: Variable) -> Result<(), CodegenError> {
        let test = |x: &mut Self| {
            let i = x.b.use_var(var);
            let i = x.convert(i, ty, l.cond.ty);
            let bound = x.expr(&l.cond.bound)?;
            Ok(x.compare(l.cond.op, i, bound, l.cond.ty))
        };
        // `i += step` in the promoted type, then back to the iterator's type (wrapping).
        let next = |x: &mut Self, cur: Value| {
            let promoted = ty.promote();
            let wide = x.convert(cur, ty, promoted);
            let step = x.b.ins().iconst(clif(promoted), l.step);
            let next = x.b.ins().iadd(wide, step);
            x.convert(next, promoted, ty)
        };
        lower_loop(self, var, test, |x| x.stmts(&l.body), next)
    }

    /// The address of `array[idx...]`, checked against the buffer's range.
    fn element(
        &mut self,
        a: optimist_scop::ir::ArrayId,
        idx: &[Expr],
    ) -> Result<Value, CodegenError> {
        // A proved access: its subscripts (affine in the iterator, terms that cannot fail)
        // need no evaluation.
        if let (Some(s), Some(counter)) = (self.proved.get(&idx.as_ptr()).copied(), self.counter) {
            let i = self.b.use_var(counter);
            let offset = match s.step {
                crate::ranges::Step::Bytes(b) => self.b.ins().imul_imm_s(i, b),
                crate::ranges::Step::Value(v) => self.b.ins().imul(i, v),
            };
            return Ok(self.b.ins().iadd(s.start, offset));
        }
        let mut values = Vec::with_capacity(idx.len());
        for e in idx {
            values.push(self.expr(e)?);
        }
        if self.unchecked.contains(&idx.as_ptr()) {
            return Ok(self.address_unchecked(a, &values, self.f.array(a).elem));
        }
        self.address(a, &values, self.f.array(a).elem)
    }

    /// The address of the element at `indices` (i64 values) of array `k`, range-checked.
    pub fn address(
        &mut self,
        k: ArrayId,
        indices: &[Value],
        elem: Type,
    ) -> Result<Value, CodegenError> {
        let flat = self.flat_index(k, indices);
        let bad = self.outside(k, flat);
        self.fail_if(bad, Status::OutOfBounds.code());
        Ok(self.element_address(k, flat, elem))
    }

    /// The address of the element at `indices` of array `k`, without a range check: for code
    /// whose accesses were proved in range before it runs.
    pub fn address_unchecked(&mut self, k: ArrayId, indices: &[Value], elem: Type) -> Value {
        let flat = self.flat_index(k, indices);
        self.element_address(k, flat, elem)
    }

    /// The flat element index of `indices` (i64 values) in array `k`.
    pub fn flat_index(&mut self, k: ArrayId, indices: &[Value]) -> Value {
        let mut flat = indices[0];
        for (d, &i) in indices.iter().enumerate().skip(1) {
            let size = self.b.use_var(self.arrays[k].inner[d - 1]);
            let scaled = self.b.ins().imul(flat, size);
            flat = self.b.ins().iadd(scaled, i);
        }
        flat
    }

    /// Whether the flat index `flat` lies outside the memory given for array `k` (`i8`).
    pub fn outside(&mut self, k: ArrayId, flat: Value) -> Value {
        let (lo, hi) = (
            self.b.use_var(self.arrays[k].lo),
            self.b.use_var(self.arrays[k].hi),
        );
        let below = self.b.ins().icmp(IntCC::SignedLessThan, flat, lo);
        let above = self.b.ins().icmp(IntCC::SignedGreaterThanOrEqual, flat, hi);
        self.b.ins().bor(below, above)
    }

    /// The address of flat element `flat` of array `k`.
    pub fn element_address(&mut self, k: ArrayId, flat: Value, elem: Type) -> Value {
        let bytes = self.b.ins().imul_imm_s(flat, elem.size() as i64);
        let base = self.b.use_var(self.arrays[k].base);
        self.b.ins().iadd(base, bytes)
    }

    /// Leaves through the error exit with `status` when `bad` is non-zero.
    pub fn fail_if(&mut self, bad: Value, status: i32) {
        let ok = self.b.create_block();
        let code = self.b.ins().iconst(types::I32, i64::from(status));
        self.b.ins().brif(bad, self.error, &[code.into()], ok, &[]);
        self.b.seal_block(ok);
        self.b.switch_to_block(ok);
    }

    /// A value compared against zero, as an `i8` truth value.
    pub fn truth(&mut self, v: Value, t: Type) -> Value {
        match t {
            Type::F32 => {
                let z = self.b.ins().f32const(0.0);
                self.b.ins().fcmp(FloatCC::NotEqual, v, z)
            }
            Type::F64 => {
                let z = self.b.ins().f64const(0.0);
                self.b.ins().fcmp(FloatCC::NotEqual, v, z)
            }
            _ => self.b.ins().icmp_imm_s(IntCC::NotEqual, v, 0),
        }
    }

    /// `a op b` for a comparison, as an `i8` truth value, in type `t`.
    pub fn compare(&mut self, op: BinOp, a: Value, b: Value, t: Type) -> Value {
        if t.is_float() {
            let cc = match op {
                BinOp::Lt => FloatCC::LessThan,
                BinOp::Le => FloatCC::LessThanOrEqual,
                BinOp::Gt => FloatCC::GreaterThan,
                BinOp::Ge => FloatCC::GreaterThanOrEqual,
                BinOp::Eq => FloatCC::Equal,
                _ => FloatCC::NotEqual,
            };
            return self.b.ins().fcmp(cc, a, b);
        }
        let s = t.is_signed();
        let cc = match op {
            BinOp::Lt => {
                if s {
                    IntCC::SignedLessThan
                } else {
                    IntCC::UnsignedLessThan
                }
            }
            BinOp::Le => {
                if s {
                    IntCC::SignedLessThanOrEqual
                } else {
                    IntCC::UnsignedLessThanOrEqual
                }
            }
            BinOp::Gt => {
                if s {
                    IntCC::SignedGreaterThan
                } else {
                    IntCC::UnsignedGreaterThan
                }
            }
            BinOp::Ge => {
                if s {
                    IntCC::SignedGreaterThanOrEqual
                } else {
                    IntCC::UnsignedGreaterThanOrEqual
                }
            }
            BinOp::Eq => IntCC::Equal,
            _ => IntCC::NotEqual,
        };
        self.b.ins().icmp(cc, a, b)
    }

    /// Converts `v` of C type `from` to C type `to` with C's rules (float to integer saturates:
    /// the out-of-range case is undefined in C).
    pub fn convert(&mut self, v: Value, from: Type, to: Type) -> Value {
        if from == to {
            return v;
        }
        match (from.is_float(), to.is_float()) {
            (false, false) => {
                let (fb, tb) = (from.bits(), to.bits());
                if fb == tb {
                    v
                } else if tb < fb {
                    self.b.ins().ireduce(clif(to), v)
                } else if from.is_signed() {
                    self.b.ins().sextend(clif(to), v)
                } else {
                    self.b.ins().uextend(clif(to), v)
                }
            }
            (false, true) => {
                let wide = if from.bits() < 64 {
                    self.convert(
                        v,
                        from,
                        if from.is_signed() {
                            Type::I64
                        } else {
                            Type::U64
                        },
                    )
                } else {
                    v
                };
                if from.is_signed() {
                    self.b.ins().fcvt_from_sint(clif(to), wide)
                } else {
                    self.b.ins().fcvt_from_uint(clif(to), wide)
                }
            }
            (true, false) => {
                let target = if to.bits() < 32 {
                    if to.is_signed() { Type::I32 } else { Type::U32 }
                } else {
                    to
                };
                let r = if target.is_signed() {
                    self.b.ins().fcvt_to_sint_sat(clif(target), v)
                } else {
                    self.b.ins().fcvt_to_uint_sat(clif(target), v)
                };
                self.convert(r, target, to)
            }
            (true, true) => {
                if to == Type::F64 {
                    self.b.ins().fpromote(types::F64, v)
                } else {
                    self.b.ins().fdemote(types::F32, v)
                }
            }
        }
    }

    /// An `i8` truth value as a C `int` 0 or 1.
    pub fn bool_to_int(&mut self, t: Value) -> Value {
        self.b.ins().uextend(types::I32, t)
    }

    /// Lowers an IR expression (depth bounded by `MAX_DEPTH`, so recursion is fine).
    pub fn expr(&mut self, e: &Expr) -> Result<Value, CodegenError> {
        lower_expr(self, e)
    }

    /// An arithmetic operation in type `t` (both operands of type `t`, shifts excepted).
    pub fn arith(&mut self, op: BinOp, x: Value, y: Value, t: Type) -> Value {
        if t.is_float() {
            return match op {
                BinOp::Add => self.b.ins().fadd(x, y),
                BinOp::Sub => self.b.ins().fsub(x, y),
                BinOp::Mul => self.b.ins().fmul(x, y),
                _ => self.b.ins().fdiv(x, y),
            };
        }
        let s = t.is_signed();
        match op {
            BinOp::Add => self.b.ins().iadd(x, y),
            BinOp::Sub => self.b.ins().isub(x, y),
            BinOp::Mul => self.b.ins().imul(x, y),
            BinOp::Div | BinOp::Rem => {
                // Native division traps on these; C leaves them undefined: report them.
                let zero = self.b.ins().icmp_imm_s(IntCC::Equal, y, 0);
                self.fail_if(zero, Status::Division.code());
                if s {
                    let min = self.b.ins().iconst(clif(t), t.min_int() as i64);
                    let is_min = self.b.ins().icmp(IntCC::Equal, x, min);
                    let minus_one = self.b.ins().icmp_imm_s(IntCC::Equal, y, -1);
                    let overflow = self.b.ins().band(is_min, minus_one);
                    self.fail_if(overflow, Status::Division.code());
                }
                match (op, s) {
                    (BinOp::Div, true) => self.b.ins().sdiv(x, y),
                    (BinOp::Div, false) => self.b.ins().udiv(x, y),
                    (_, true) => self.b.ins().srem(x, y),
                    (_, false) => self.b.ins().urem(x, y),
                }
            }
            BinOp::Shl => {
                let y = self.shift_amount(y, t);
                self.b.ins().ishl(x, y)
            }
            BinOp::Shr => {
                let y = self.shift_amount(y, t);
                if s {
                    self.b.ins().sshr(x, y)
                } else {
                    self.b.ins().ushr(x, y)
                }
            }
            BinOp::BitAnd => self.b.ins().band(x, y),
            BinOp::BitOr => self.b.ins().bor(x, y),
            _ => self.b.ins().bxor(x, y),
        }
    }

    fn shift_amount(&mut self, y: Value, t: Type) -> Value {
        let yt = self.b.func.dfg.value_type(y);
        if yt == clif(t) {
            y
        } else if yt.bits() > clif(t).bits() {
            self.b.ins().ireduce(clif(t), y)
        } else {
            self.b.ins().uextend(clif(t), y)
        }
    }

    /// A call of the pure function `p` on `args` (of its parameter types); leaves through the
    /// error exit when it fails. The arguments go in a stack slot, one 8-byte slot each. A
    /// definition whose only array is its return slot is compiled into this module (faithful
    /// code, the first time) and called with that slot as its argument block (the scalars, then
    /// the return slot's base and range, then its element); any other function through
    /// [`call_pure`] (the slot of the arguments and one for the result).
    pub fn call_pure(&mut self, p: &Arc<PureFn>, args: &[Value]) -> Result<Value, CodegenError> {
        let index = self
            .pures
            .iter()
            .position(|q| q.name == p.name)
            .ok_or_else(|| CodegenError::Unbound(p.name.clone()))?;
        let native = p
            .definition
            .as_ref()
            .filter(|d| d.arrays.len() == 1 && d.ret.is_some());
        let n = args.len() as i32;
        // Where the result is written, and the slot's size.
        let (result, size) = if native.is_some() {
            (n + 3, n + 4)
        } else {
            (n, n + 1)
        };
        let slot = self.b.create_sized_stack_slot(StackSlotData::new(
            StackSlotKind::ExplicitSlot,
            8 * size as u32,
            3,
        ));
        let ptr = self.module.target_config().pointer_type();
        for (k, a) in args.iter().enumerate() {
            self.b.ins().stack_store(ptr, *a, slot, 8 * k as i32);
        }
        let base = self.b.ins().stack_addr(ptr, slot, 0);
        let out = self.b.ins().stack_addr(ptr, slot, 8 * result);
        let call = match native {
            Some(d) => {
                let callee = self.definition(&p.name, d)?;
                let (lo, hi) = (self.b.ins().iconst(ptr, 0), self.b.ins().iconst(ptr, 1));
                for (k, v) in [out, lo, hi].into_iter().enumerate() {
                    self.b.ins().stack_store(ptr, v, slot, 8 * (n + k as i32));
                }
                self.b.ins().call(callee, &[base])
            }
            None => {
                let callee = self.pure_trampoline()?;
                let fp = self
                    .b
                    .ins()
                    .iconst(ptr, Arc::as_ptr(&self.pures[index]) as i64);
                self.b.ins().call(callee, &[fp, base, out])
            }
        };
        let status = self.b.inst_results(call)[0];
        let code = Status::Call {
            index: index as u32,
        }
        .encode(false);
        self.fail_if(status, code);
        Ok(self.b.ins().stack_load(ptr, clif(p.ret), slot, 8 * result))
    }

    /// The imported [`call_pure`].
    fn pure_trampoline(&mut self) -> Result<cranelift_codegen::ir::FuncRef, CodegenError> {
        if let Some(r) = self.pure {
            return Ok(r);
        }
        let ptr = self.module.target_config().pointer_type();
        let mut sig = self.module.make_signature();
        sig.params.extend([AbiParam::new(ptr); 3]);
        sig.returns.push(AbiParam::new(types::I32));
        let id = self
            .module
            .declare_function(PURE_SYMBOL, Linkage::Import, &sig)
            .map_err(err)?;
        let r = self.module.declare_func_in_func(id, self.b.func);
        self.pure = Some(r);
        Ok(r)
    }

    /// The faithful code of the definition `d` of the pure function `name`, compiled into this
    /// module the first time.
    fn definition(
        &mut self,
        name: &str,
        d: &Function,
    ) -> Result<cranelift_codegen::ir::FuncRef, CodegenError> {
        let id = match self.definitions.get(name) {
            Some(id) => *id,
            None => {
                let sig = kernel_signature(&*self.module);
                let id = self.module.declare_anonymous_function(&sig).map_err(err)?;
                let mut ctx = self.module.make_context();
                ctx.func.signature = sig;
                let mut fctx = FunctionBuilderContext::new();
                {
                    let b = FunctionBuilder::new(&mut ctx.func, &mut fctx);
                    let mut l = Lowering::new(d, b, &mut *self.module)?;
                    l.body()?;
                }
                self.module.define_function(id, &mut ctx).map_err(err)?;
                self.definitions.insert(name.to_string(), id);
                id
            }
        };
        Ok(self.module.declare_func_in_func(id, self.b.func))
    }

    /// The imported C library function for `f` in precision `t`.
    pub fn math_fn(
        &mut self,
        f: MathFn,
        t: Type,
    ) -> Result<cranelift_codegen::ir::FuncRef, CodegenError> {
        if let Some(r) = self.math.get(&(f, t)) {
            return Ok(*r);
        }
        let mut sig = self.module.make_signature();
        for _ in 0..f.arity() {
            sig.params.push(AbiParam::new(clif(t)));
        }
        sig.returns.push(AbiParam::new(clif(t)));
        let id = self
            .module
            .declare_function(&f.c_name(t), Linkage::Import, &sig)
            .map_err(err)?;
        let r = self.module.declare_func_in_func(id, self.b.func);
        self.math.insert((f, t), r);
        Ok(r)
    }
}

/// The name native code imports [`call_pure`] by.
const PURE_SYMBOL: &str = "optimist_call_pure";

/// Called by native code for a call of a pure function: `f` is its [`PureFn`] (alive as long as
/// the code, [`Compiled`] holds it), `args` one 8-byte slot per parameter holding the value in
/// its first bytes as native code stores its type, `out` the slot for the result, written the
/// same way. Returns 0, or 1 when the function failed (no implementation, an error, a panic).
extern "C" fn call_pure(f: *const PureFn, args: *const u64, out: *mut u64) -> i32 {
    use optimist_scop::interp::Value as V;
    // SAFETY: native code passes the address of a `PureFn` kept alive by its `Compiled`, and
    // of a stack slot with one slot per parameter and one for the result.
    let (f, slots, out) = unsafe {
        let f = &*f;
        (
            f,
            std::slice::from_raw_parts(args, f.params.len()),
            &mut *out,
        )
    };
    let values: Vec<V> = f
        .params
        .iter()
        .zip(slots)
        .map(|(t, &bits)| match t {
            Type::I8 => V::Int(i128::from(bits as u8 as i8)),
            Type::U8 => V::Int(i128::from(bits as u8)),
            Type::I16 => V::Int(i128::from(bits as u16 as i16)),
            Type::U16 => V::Int(i128::from(bits as u16)),
            Type::I32 => V::Int(i128::from(bits as u32 as i32)),
            Type::U32 => V::Int(i128::from(bits as u32)),
            Type::I64 => V::Int(i128::from(bits as i64)),
            Type::U64 => V::Int(i128::from(bits)),
            Type::F32 => V::F32(f32::from_bits(bits as u32)),
            Type::F64 => V::F64(f64::from_bits(bits)),
        })
        .collect();
    match f.call(&values) {
        Ok(V::Int(v)) => *out = v as u64,
        Ok(V::F32(x)) => *out = u64::from(x.to_bits()),
        Ok(V::F64(x)) => *out = x.to_bits(),
        Err(_) => return 1,
    }
    0
}

mod libm {
    unsafe extern "C" {
        fn sqrt(x: f64) -> f64;
        fn exp(x: f64) -> f64;
        fn log(x: f64) -> f64;
        fn pow(x: f64, y: f64) -> f64;
        fn fabs(x: f64) -> f64;
        fn fmin(x: f64, y: f64) -> f64;
        fn fmax(x: f64, y: f64) -> f64;
        fn floor(x: f64) -> f64;
        fn ceil(x: f64) -> f64;
        fn sqrtf(x: f32) -> f32;
        fn expf(x: f32) -> f32;
        fn logf(x: f32) -> f32;
        fn powf(x: f32, y: f32) -> f32;
        fn fabsf(x: f32) -> f32;
        fn fminf(x: f32, y: f32) -> f32;
        fn fmaxf(x: f32, y: f32) -> f32;
        fn floorf(x: f32) -> f32;
        fn ceilf(x: f32) -> f32;
    }

    /// The addresses the JIT binds the math imports to.
    pub(super) const SYMBOLS: &[(&str, *const u8)] = &[
        ("sqrt", sqrt as *const u8),
        ("exp", exp as *const u8),
        ("log", log as *const u8),
        ("pow", pow as *const u8),
        ("fabs", fabs as *const u8),
        ("fmin", fmin as *const u8),
        ("fmax", fmax as *const u8),
        ("floor", floor as *const u8),
        ("ceil", ceil as *const u8),
        ("sqrtf", sqrtf as *const u8),
        ("expf", expf as *const u8),
        ("logf", logf as *const u8),
        ("powf", powf as *const u8),
        ("fabsf", fabsf as *const u8),
        ("fminf", fminf as *const u8),
        ("fmaxf", fmaxf as *const u8),
        ("floorf", floorf as *const u8),
        ("ceilf", ceilf as *const u8),
    ];
}

/// A lowering built on the shared machinery (the faithful one is it; the model's holds it):
/// what the one lowering of loops, branches and expressions needs.
pub(crate) trait HasLowering<'a, 'm> {
    /// The shared machinery.
    fn l(&mut self) -> &mut Lowering<'a, 'm>;
}

impl<'a, 'm> HasLowering<'a, 'm> for Lowering<'a, 'm> {
    fn l(&mut self) -> &mut Lowering<'a, 'm> {
        self
    }
}

/// `if (cond) then else els` (`cond` nonzero takes `then`): the one lowering of branches.
pub(crate) fn lower_if<'a, 'm, X: HasLowering<'a, 'm>>(
    x: &mut X,
    cond: Value,
    then: impl FnOnce(&mut X) -> Result<(), CodegenError>,
    els: impl FnOnce(&mut X) -> Result<(), CodegenError>,
) -> Result<(), CodegenError> {
    let l = x.l();
    let (then_b, else_b, join) = (l.b.create_block(), l.b.create_block(), l.b.create_block());
    l.b.ins().brif(cond, then_b, &[], else_b, &[]);
    l.b.seal_block(then_b);
    l.b.seal_block(else_b);
    l.b.switch_to_block(then_b);
    then(x)?;
    x.l().b.ins().jump(join, &[]);
    x.l().b.switch_to_block(else_b);
    els(x)?;
    let l = x.l();
    l.b.ins().jump(join, &[]);
    l.b.seal_block(join);
    l.b.switch_to_block(join);
    Ok(())
}

/// A loop over the counter `var` (already holding its first value): `test` says whether to go
/// on (zero stops), `body` runs, `next` gives the counter's next value from its current one.
/// The one lowering of loops, rotated: `test` is emitted twice, once before the loop (skipping
/// it when it runs no iteration) and once at its end (branching back to the body), so each
/// iteration takes one branch where a test at the top and a jump back took two. It runs as
/// often as in a loop tested at the top (once per iteration and once to stop), so its effects
/// and errors are the same. Blocks are sealed as soon as their predecessors are known, so
/// Cranelift sees values defined outside the loop as the same in every iteration and hoists
/// invariant code.
pub(crate) fn lower_loop<'a, 'm, X: HasLowering<'a, 'm>>(
    x: &mut X,
    var: Variable,
    mut test: impl FnMut(&mut X) -> Result<Value, CodegenError>,
    body: impl FnOnce(&mut X) -> Result<(), CodegenError>,
    next: impl FnOnce(&mut X, Value) -> Value,
) -> Result<(), CodegenError> {
    let first = test(x)?;
    let l = x.l();
    let (body_b, exit) = (l.b.create_block(), l.b.create_block());
    l.b.ins().brif(first, body_b, &[], exit, &[]);
    l.b.switch_to_block(body_b);
    body(x)?;
    let cur = x.l().b.use_var(var);
    let following = next(x, cur);
    x.l().b.def_var(var, following);
    let again = test(x)?;
    let l = x.l();
    l.b.ins().brif(again, body_b, &[], exit, &[]);
    l.b.seal_block(body_b);
    l.b.seal_block(exit);
    l.b.switch_to_block(exit);
    Ok(())
}

/// How a lowering evaluates the leaves of one layer's expressions (the program IR's variables
/// and reads, a model body's parameters, iterators and accesses): everything else of the shared
/// expression language is lowered once, by [`lower_expr`].
pub(crate) trait LowerLeaves<'a, 'm, L>: HasLowering<'a, 'm> {
    /// The value of `leaf`, of type `ty`.
    fn leaf(&mut self, leaf: &L, ty: Type) -> Result<Value, CodegenError>;

    /// Whether reading `leaf` can neither fail nor touch memory the program might not (so it
    /// may be read when the program would not: both arms of a `?:`). None by default.
    fn leaf_speculable(&self, _leaf: &L) -> bool {
        false
    }
}

/// Whether `e` may be computed although the program might not compute it: its leaves are
/// [`LowerLeaves::leaf_speculable`], no operation may fail (integer division and shifts may),
/// it calls nothing, and it is small (both arms of a `?:` are computed then, for a
/// branch-free `select`).
fn speculable<'a, 'm, L: optimist_scop::expr::Leaf, X: LowerLeaves<'a, 'm, L>>(
    x: &X,
    e: &AnyExpr<L>,
) -> bool {
    use optimist_scop::expr::ExprKind;
    fn go<'a, 'm, L: optimist_scop::expr::Leaf, X: LowerLeaves<'a, 'm, L>>(
        x: &X,
        e: &AnyExpr<L>,
        budget: &mut u32,
    ) -> bool {
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        let ok = match &e.kind {
            ExprKind::Int(_) | ExprKind::Float(_) => true,
            // A speculable leaf vouches for its subscripts (a proved access's cannot fail),
            // which do not count against the budget.
            ExprKind::Leaf(l) => return x.leaf_speculable(l),
            ExprKind::Unary(_, _) | ExprKind::Cast(_) | ExprKind::Select(..) => true,
            ExprKind::Binary(op, _, _) => {
                !matches!(op, BinOp::Div | BinOp::Rem | BinOp::Shl | BinOp::Shr) || e.ty.is_float()
            }
            ExprKind::Call(..) | ExprKind::Pure(..) => false,
        };
        ok && e.children().iter().all(|c| go(x, c, budget))
    }
    let mut budget = 8;
    go(x, e, &mut budget)
}

impl<'a, 'm> LowerLeaves<'a, 'm, IrLeaf> for Lowering<'a, 'm> {
    /// In a statement storing to an element that moves with its proved loop
    /// ([`Lowering::moving`]), variables and elements a test proved in range: reading them
    /// can neither fail nor touch memory outside the buffers. So Floyd-Warshall's
    /// `path[i][j] < d ? path[i][j] : d` is a select (a data-dependent branch mispredicts
    /// there), while a maximum accumulated into one element along the loop (nussinov's
    /// `table[i][j]`) keeps its predicted branch, which leaves the chain through that
    /// element shorter than a select would.
    fn leaf_speculable(&self, leaf: &IrLeaf) -> bool {
        self.moving
            && match leaf {
                IrLeaf::Var(_) => true,
                IrLeaf::Read(_, idx) => {
                    self.proved.contains_key(&idx.as_ptr())
                        || self.unchecked.contains(&idx.as_ptr())
                }
            }
    }

    fn leaf(&mut self, leaf: &IrLeaf, ty: Type) -> Result<Value, CodegenError> {
        Ok(match leaf {
            IrLeaf::Var(v) => self.b.use_var(self.vars[*v]),
            IrLeaf::Read(a, idx) => {
                let addr = self.element(*a, idx)?;
                self.b
                    .ins()
                    .load(clif(ty), MemFlagsData::new().with_notrap(), addr, 0)
            }
        })
    }
}

/// Lowers `e` in C's semantics (the IR's explicit conversions, wrapping like C and gcc,
/// short-circuit `&&`/`||`, one branch of `?:` evaluated, math through libm), its leaves by `x`:
/// the one Cranelift lowering of expressions, for the faithful code and the model's bodies.
pub(crate) fn lower_expr<'a, 'm, L: optimist_scop::expr::Leaf, X: LowerLeaves<'a, 'm, L>>(
    x: &mut X,
    e: &AnyExpr<L>,
) -> Result<Value, CodegenError> {
    Ok(match &e.kind {
        ExprKind::Int(v) => x.l().b.ins().iconst(clif(e.ty), *v as i64),
        ExprKind::Float(f) => {
            if e.ty == Type::F32 {
                x.l().b.ins().f32const(*f as f32)
            } else {
                x.l().b.ins().f64const(*f)
            }
        }
        ExprKind::Leaf(leaf) => x.leaf(leaf, e.ty)?,
        ExprKind::Cast(a) => {
            let v = lower_expr(x, a)?;
            x.l().convert(v, a.ty, e.ty)
        }
        ExprKind::Unary(op, a) => {
            let v = lower_expr(x, a)?;
            let l = x.l();
            match op {
                UnOp::Neg if e.ty.is_float() => l.b.ins().fneg(v),
                UnOp::Neg => l.b.ins().ineg(v),
                UnOp::BitNot => l.b.ins().bnot(v),
                UnOp::Not => {
                    let t = l.truth(v, a.ty);
                    let f = l.b.ins().icmp_imm_s(IntCC::Equal, t, 0);
                    l.bool_to_int(f)
                }
            }
        }
        ExprKind::Binary(op @ (BinOp::And | BinOp::Or), a, b) => {
            // Short-circuit, as a C `int`.
            let v = lower_expr(x, a)?;
            let l = x.l();
            let tx = l.truth(v, a.ty);
            let (rhs, join) = (l.b.create_block(), l.b.create_block());
            l.b.append_block_param(join, types::I8);
            if *op == BinOp::And {
                l.b.ins().brif(tx, rhs, &[], join, &[tx.into()]);
            } else {
                l.b.ins().brif(tx, join, &[tx.into()], rhs, &[]);
            }
            l.b.seal_block(rhs);
            l.b.switch_to_block(rhs);
            let w = lower_expr(x, b)?;
            let l = x.l();
            let ty = l.truth(w, b.ty);
            l.b.ins().jump(join, &[ty.into()]);
            l.b.seal_block(join);
            l.b.switch_to_block(join);
            let t = l.b.block_params(join)[0];
            l.bool_to_int(t)
        }
        ExprKind::Binary(op, a, b) => {
            let (v, w) = (lower_expr(x, a)?, lower_expr(x, b)?);
            let l = x.l();
            if op.is_comparison() {
                let t = l.compare(*op, v, w, a.ty);
                l.bool_to_int(t)
            } else {
                l.arith(*op, v, w, e.ty)
            }
        }
        // Both arms cheap and safe: computed both, one picked without a branch (a data-
        // dependent branch mispredicts, a conditional move does not).
        ExprKind::Select(c, a, b) if speculable(x, a) && speculable(x, b) => {
            let cv = lower_expr(x, c)?;
            let cond = x.l().truth(cv, c.ty);
            let v = lower_expr(x, a)?;
            let w = lower_expr(x, b)?;
            x.l().b.ins().select(cond, v, w)
        }
        ExprKind::Select(c, a, b) => {
            let cv = lower_expr(x, c)?;
            let l = x.l();
            let cond = l.truth(cv, c.ty);
            let (tb, fb, join) = (l.b.create_block(), l.b.create_block(), l.b.create_block());
            l.b.append_block_param(join, clif(e.ty));
            l.b.ins().brif(cond, tb, &[], fb, &[]);
            l.b.seal_block(tb);
            l.b.seal_block(fb);
            l.b.switch_to_block(tb);
            let v = lower_expr(x, a)?;
            x.l().b.ins().jump(join, &[v.into()]);
            x.l().b.switch_to_block(fb);
            let w = lower_expr(x, b)?;
            let l = x.l();
            l.b.ins().jump(join, &[w.into()]);
            l.b.seal_block(join);
            l.b.switch_to_block(join);
            l.b.block_params(join)[0]
        }
        ExprKind::Call(fun, args) => {
            let mut vals = Vec::with_capacity(args.len());
            for a in args {
                vals.push(lower_expr(x, a)?);
            }
            let l = x.l();
            let callee = l.math_fn(*fun, e.ty)?;
            let call = l.b.ins().call(callee, &vals);
            l.b.inst_results(call)[0]
        }
        ExprKind::Pure(p, args) => {
            let mut vals = Vec::with_capacity(args.len());
            for a in args {
                vals.push(lower_expr(x, a)?);
            }
            x.l().call_pure(p, &vals)?
        }
    })
}
