//! The JIT module and its run time: host ISA, symbols (libm, the pure-function trampoline), finishing a module into code that stays alive while used, the kernel signature, and the loop report of compiled code.

use crate::ast::CodegenError;
use cranelift_codegen::ir::{AbiParam, types};
use cranelift_codegen::settings::{self, Configurable};
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext};
use cranelift_jit::{JITBuilder, JITModule};
use cranelift_module::{FuncId, Module};
use optimist_scop::ir::{Function, PureFn};
use optimist_scop::types::Type;
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

/// The host's instruction set with the project's flags: optimized for speed, functions
/// starting on 64 bytes (a cache line: where a function's loops fall in the lines depends on
/// its own code only, not on what the module placed before it; Cranelift 0.135 aligns no loop
/// head, wasmtime pull request 5004 was closed), and position-independent when `pic`
/// (relocatable objects, which a C compiler may link into a position-independent executable).
pub(crate) fn host_isa(
    pic: bool,
) -> Result<std::sync::Arc<dyn cranelift_codegen::isa::TargetIsa>, CodegenError> {
    isa(crate::options::Cpu::Host, pic)
}

/// [`host_isa`] for `cpu`: the host's settings, or, for a level, each of Cranelift's x86-64
/// settings on or off as the level has it (an object for `x86-64` takes no AVX instruction
/// even when made on a CPU with AVX-512).
pub(crate) fn isa(
    cpu: crate::options::Cpu,
    pic: bool,
) -> Result<std::sync::Arc<dyn cranelift_codegen::isa::TargetIsa>, CodegenError> {
    let mut builder = cranelift_native::builder().map_err(err)?;
    if let Some(level) = cpu.level() {
        for (name, first) in crate::options::X64_SETTINGS {
            let value = if first <= level { "true" } else { "false" };
            builder.set(name, value).map_err(|e| {
                CodegenError::Unsupported(format!(
                    "the CPU {cpu:?} is an x86-64 level, and this target has no setting `{name}` ({e})"
                ))
            })?;
        }
    }
    let mut flags = settings::builder();
    flags.set("opt_level", "speed").map_err(err)?;
    flags.set("use_colocated_libcalls", "false").map_err(err)?;
    flags.set("log2_min_function_alignment", "6").map_err(err)?;
    flags
        .set("is_pic", if pic { "true" } else { "false" })
        .map_err(err)?;
    builder.finish(settings::Flags::new(flags)).map_err(err)
}

/// A JIT module set up for the host, with the C library's math functions and the run time of
/// this crate (threads, packing buffers, pure functions, the C entry's error hook).
pub(crate) fn new_module() -> Result<JITModule, CodegenError> {
    Ok(JITModule::new(jit_builder()?))
}

/// The builder of [`new_module`] ([`crate::jit_builder`]).
pub(crate) fn jit_builder() -> Result<JITBuilder, CodegenError> {
    let mut builder =
        JITBuilder::with_isa(host_isa(false)?, cranelift_module::default_libcall_names());
    builder.symbols(all_symbols());
    Ok(builder)
}

/// The math functions and the run time: every symbol the code of `Runtime::Process` imports
/// besides the C library's.
pub(crate) fn all_symbols() -> Vec<(&'static str, *const u8)> {
    use optimist_scop::ir::MathFn;
    // The C names of the math functions, made once: `sin`, `sinf`, ...
    static NAMES: std::sync::OnceLock<Vec<(String, MathFn, Type)>> = std::sync::OnceLock::new();
    let names = NAMES.get_or_init(|| {
        MathFn::ALL
            .iter()
            .flat_map(|f| [(*f, Type::F64), (*f, Type::F32)])
            .map(|(f, t)| (f.c_name(t), f, t))
            .collect()
    });
    names
        .iter()
        .map(|(name, f, t)| (name.as_str(), f.address(*t)))
        .chain(runtime_symbols())
        .collect()
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

/// The name native code imports [`call_pure`] by.
pub(crate) const PURE_SYMBOL: &str = "optimist_call_pure";

/// Called by native code for a call of a pure function: `f` is its [`PureFn`] (alive as long as
/// the code, [`Compiled`] holds it), `args` one 8-byte slot per parameter holding the value in
/// its first bytes as native code stores its type, `out` the slot for the result, written the
/// same way. Returns 0, or 1 when the function failed (no implementation, an error, a panic).
pub(crate) extern "C" fn call_pure(f: *const PureFn, args: *const u64, out: *mut u64) -> i32 {
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
