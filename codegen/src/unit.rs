//! One kernel as the functions of one Cranelift module, any `cranelift_module::Module`: the
//! JIT's ([`crate::Kernel`]), a relocatable object's ([`object_code`]), or the embedder's own
//! ([`define_kernel`]).
//!
//! The functions: the faithful lowering; with a plan, the model-based code and the versioned
//! entry that checks the plan's assumptions and calls the model-based code, or leaves the
//! faithful call to its caller; and the C entries ([`object_code`]), which give the kernel the
//! source's name and C signature: they run the versioned entry, and the faithful code when its
//! check fails with the buffers it writes saved, put back if it stops part way. They call each
//! other directly, by symbol.
//!
//! What the code calls besides (its run time: threads, packing buffers, the error hook) is
//! chosen by [`Runtime`]: this process's functions ([`Runtime::Process`], bound by the JIT), or
//! functions defined in the module over the C library and libgomp ([`Runtime::Libgomp`]), so
//! that an object needs nothing but what a C compiler links.

use crate::ast::CodegenError;
use crate::c_abi::{self, CEntries};
use crate::native::model::Versioning;
use crate::native::model::{Model, define_model};
use crate::native::versioned::define_versioned;
use crate::native::{self, define_with};
use crate::options::NativeOptions;
use crate::parallel::CHUNKS_PER_THREAD;
use crate::plan::Plan;
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{
    AbiParam, InstBuilder, MemFlagsData, StackSlotData, StackSlotKind, types,
};
use cranelift_frontend::FunctionBuilder;
use cranelift_module::{FuncId, FuncOrDataId, Linkage, Module};
use optimist_scop::ir::Function;

/// What the generated code calls for its threads, packing buffers and error hook.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Runtime {
    /// This process's functions: `optimist_parallel_for` (the pool of the call),
    /// `optimist_buffer_acquire`/`release`, `optimist_call_pure`, `optimist_error`, each
    /// defined in the module as a call of its address in this process, so that the module
    /// needs no symbol of optimist's bound. For code that runs in this process (a JIT); the
    /// math functions (`exp`, ...) are imported by name, found by the JIT in the C library's
    /// `libm` ([`runtime_symbols`] binds them explicitly).
    Process,
    /// Functions defined in the module itself over the C library and libgomp: parallel loops
    /// start `GOMP_parallel` with the thread count the code was compiled for, packing buffers
    /// come from `aligned_alloc` and go back with `free`, and the error hook `optimist_error`
    /// is a weak symbol that calls `abort()`. The code then needs the C library, `libm`, and
    /// `libgomp` when it has parallel loops ([`ObjectCode::links`]). Pure functions without a
    /// definition in the source cannot be called.
    Libgomp,
}

/// The names and addresses of the functions the code of [`Runtime::Process`] may reach by
/// name: the math functions (`sqrt`, `exp`, ...), and this process's run time
/// (`optimist_parallel_for`, `optimist_buffer_acquire`/`release`, `optimist_call_pure`, the
/// error hook `optimist_error`). A JIT module needs none of them bound: [`define_kernel`]
/// defines the run time in the module itself (calls of these addresses), and Cranelift's JIT
/// finds the math functions in the C library's `libm`, as it finds `malloc`. Binding them
/// ([`JITBuilder::symbols`], as [`jit_builder`] does) takes the math functions from this
/// process directly.
///
/// [`JITBuilder::symbols`]: cranelift_jit::JITBuilder::symbols
pub fn runtime_symbols() -> Vec<(&'static str, *const u8)> {
    native::all_symbols()
}

/// The ISA of this machine (`cranelift_native`) with the flags the generated code expects:
/// `opt_level=speed`, `use_colocated_libcalls=false`, and `is_pic` as `pic` says (`false`
/// for a JIT in this process, `true` for an object another program links, as
/// [`object_code`] makes).
pub fn host_isa(
    pic: bool,
) -> Result<std::sync::Arc<dyn cranelift_codegen::isa::TargetIsa>, CodegenError> {
    native::host_isa(pic)
}

/// A JIT builder for the host, set up as optimist's own JIT is: the ISA of this machine
/// (`cranelift_native`) with the flags the generated code expects (`opt_level=speed`,
/// `is_pic=false`, `use_colocated_libcalls=false`), Cranelift's default libcall names, and
/// every symbol of [`runtime_symbols`] bound. Add the embedder's own symbols, make a
/// `cranelift_jit::JITModule` of it and [`define_kernel`] into it with [`Runtime::Process`].
///
/// An object module for another process takes [`Runtime::Libgomp`] and an ISA with
/// `is_pic=true` ([`object_code`] shows the settings).
pub fn jit_builder() -> Result<cranelift_jit::JITBuilder, CodegenError> {
    native::jit_builder()
}

/// The functions [`define_kernel`] defined.
#[derive(Clone, Copy, Debug)]
pub struct KernelSymbols {
    /// The faithful lowering (the crate's internal kernel signature).
    pub(crate) faithful: FuncId,
    /// The C entry with the source's signature (`NAME`).
    pub c_entry: FuncId,
    /// The C entry that returns the status (`NAME_status`).
    pub c_status: FuncId,
    /// The versioned entry (the internal kernel signature), with a plan: the check, then the
    /// model-based code, or `CheckFailed` for the caller to run the faithful code.
    pub(crate) lean: Option<FuncId>,
    /// Whether the model-based code starts threads, and whether it does inside a loop
    /// ([`crate::Decided::forks`] of the tree it was lowered from).
    pub(crate) forks: Option<bool>,
}

/// Defines `f`'s kernel (the faithful code; with `plan`, the model code and the versioned
/// entry; the C entries named after the function) in `module`, calling `runtime` for its
/// threads and buffers. Only the C entries are exported; the rest is local to the module,
/// named after the function with a suffix.
pub fn define_kernel(
    module: &mut dyn Module,
    f: &Function,
    plan: Option<&Plan>,
    options: &NativeOptions,
    runtime: Runtime,
) -> Result<KernelSymbols, CodegenError> {
    define(module, f, plan, options, runtime, Linkage::Local, &f.name)
}

/// The names the generated code imports or its run time defines: a C entry of that name would
/// collide with them.
const RESERVED: &[&str] = &[
    "calloc",
    "malloc",
    "memcpy",
    "free",
    "abort",
    "aligned_alloc",
    "GOMP_parallel",
    "omp_get_thread_num",
    "omp_get_num_threads",
    crate::abi::ERROR_HOOK,
    crate::parallel::SYMBOL,
    crate::buffers::ACQUIRE,
    crate::buffers::RELEASE,
    "optimist_parallel_work",
    "optimist_call_pure",
];

/// [`define_kernel`], with the internal functions with `internal` linkage, and the C entries
/// named `c_name` and `c_name_status`. With a plan, the lean entry too (the check, then the
/// model-based code or `CheckFailed`): what the C entries and [`crate::Kernel`] run first.
#[allow(clippy::too_many_arguments)]
pub(crate) fn define(
    module: &mut dyn Module,
    f: &Function,
    plan: Option<&Plan>,
    options: &NativeOptions,
    runtime: Runtime,
    internal: Linkage,
    c_name: &str,
) -> Result<KernelSymbols, CodegenError> {
    if let Some(FuncOrDataId::Func(id)) = module.declarations().get_name(c_name)
        && module.declarations().get_function_decl(id).linkage != Linkage::Import
    {
        return Err(CodegenError::Unsupported(format!(
            "the module already has a function named `{c_name}` (a kernel defined twice?): \
             define each kernel once per module, or give the second another name"
        )));
    }
    if RESERVED.contains(&c_name) || optimist_scop::ir::MathFn::from_name(c_name).is_some() {
        return Err(CodegenError::Unsupported(format!(
            "a kernel named `{c_name}` cannot be linked: its code calls a function of that name \
             (the C library's, or optimist's run time); rename the kernel"
        )));
    }
    if runtime == Runtime::Libgomp
        && let Some(p) = f.pure_fns(false).iter().find(|p| {
            !p.definition
                .as_ref()
                .is_some_and(|d| d.arrays.len() == 1 && d.ret.is_some())
        })
    {
        return Err(CodegenError::Unsupported(format!(
            "code outside this process cannot call the pure function `{}`: only functions \
             defined in the source that take scalars and return one are compiled with it",
            p.name
        )));
    }
    let name = &f.name;
    let faithful =
        native::define_faithful(module, f, &format!("{name}_faithful"), internal, |_| {})?;
    let mut symbols = KernelSymbols {
        faithful,
        c_entry: faithful,
        c_status: faithful,
        lean: None,
        forks: None,
    };
    let mut preloads = 0;
    if let Some(p) = plan {
        let preload_slot = crate::abi::slot_count(f);
        // The plan decided for this target, once: what the model's lowering carries out, and
        // whether the code starts threads.
        let decided = p.decide_native(options);
        symbols.forks = decided.forks();
        let model = Model {
            scop: &p.scop,
            decided: &decided,
            proved: &p.unchecked,
            preloaded: Some(preload_slot),
            versioning: None,
        };
        let model = define_model(module, f, model, &format!("{name}_model"), internal, None)?;
        let lean = Versioning {
            check: &p.check,
            optimized: model,
            footprints: &p.footprints,
            fallback_footprints: &p.fallback_footprints,
            preload_slot,
        };
        symbols.lean = Some(define_versioned(
            module,
            f,
            &p.scop,
            lean,
            &format!("{name}_lean"),
            internal,
        )?);
        preloads = p.scop.invariant_loads.len();
    }
    let CEntries { status, plain } = c_abi::define_c_entries(
        module,
        f,
        c_abi::EntryCode {
            faithful,
            lean: symbols.lean,
        },
        preloads,
        c_name,
        Linkage::Export,
    )?;
    symbols.c_entry = plain;
    symbols.c_status = status;
    match runtime {
        Runtime::Libgomp => define_libgomp_runtime(module, options.threads)?,
        Runtime::Process => define_process_runtime(module)?,
    }
    Ok(symbols)
}

/// Defines, local to the module, each function of this process's run time its code imports
/// (threads, packing buffers, pure functions, the error hook) as a call of the Rust
/// function's address: the module's code reaches optimist's run time without a symbol, so a
/// JIT module needs nothing of optimist's bound and none can be missing at
/// `finalize_definitions`. A later kernel in the same module calls the same definitions.
fn define_process_runtime(module: &mut dyn Module) -> Result<(), CodegenError> {
    let pointer = module.target_config().pointer_type();
    for (name, address) in native::runtime_symbols() {
        let Some(id) = imported(module, name) else {
            continue;
        };
        let sig = module
            .declarations()
            .get_function_decl(id)
            .signature
            .clone();
        let id = module
            .declare_function(name, Linkage::Local, &sig)
            .map_err(native::err)?;
        define_with(module, id, sig.clone(), |_, b, params| {
            let callee = b.import_signature(sig);
            let at = b.ins().iconst(pointer, address as i64);
            let call = b.ins().call_indirect(callee, at, params);
            let results = b.inst_results(call).to_vec();
            b.ins().return_(&results);
            Ok(())
        })?;
    }
    Ok(())
}

/// The symbols of the run time imported by the code so far, not yet defined.
fn imported(module: &dyn Module, name: &str) -> Option<FuncId> {
    match module.declarations().get_name(name) {
        Some(FuncOrDataId::Func(id))
            if module.declarations().get_function_decl(id).linkage == Linkage::Import =>
        {
            Some(id)
        }
        _ => None,
    }
}

/// Defines, local to the module, the run-time functions its code imports: threads through
/// libgomp, buffers through the C library; and the weak error hook.
fn define_libgomp_runtime(module: &mut dyn Module, threads: usize) -> Result<(), CodegenError> {
    if imported(module, crate::parallel::SYMBOL).is_some() {
        define_parallel_for(module, threads)?;
    }
    if imported(module, crate::buffers::ACQUIRE).is_some() {
        // acquire(bytes) = aligned_alloc(64, bytes rounded up to 64).
        define_forward(module, crate::buffers::ACQUIRE, "aligned_alloc", true)?;
    }
    if imported(module, crate::buffers::RELEASE).is_some() {
        define_forward(module, crate::buffers::RELEASE, "free", false)?;
    }
    if imported(module, crate::abi::ERROR_HOOK).is_some() {
        let mut sig = module.make_signature();
        sig.params.push(AbiParam::new(types::I32));
        let id = module
            .declare_function(crate::abi::ERROR_HOOK, Linkage::Preemptible, &sig)
            .map_err(native::err)?;
        let abort = module
            .declare_function("abort", Linkage::Import, &module.make_signature())
            .map_err(native::err)?;
        define_with(module, id, sig, |module, b, _| {
            let abort = module.declare_func_in_func(abort, b.func);
            b.ins().call(abort, &[]);
            b.ins().return_(&[]);
            Ok(())
        })?;
    }
    Ok(())
}

/// `name(bytes) -> ptr` as `aligned_alloc(64, bytes rounded up)`, or `name(ptr)` as
/// `free(ptr)`.
fn define_forward(
    module: &mut dyn Module,
    name: &str,
    to: &str,
    allocate: bool,
) -> Result<(), CodegenError> {
    let mut sig = module.make_signature();
    sig.params.push(AbiParam::new(types::I64));
    if allocate {
        sig.returns.push(AbiParam::new(types::I64));
    }
    let id = module
        .declare_function(name, Linkage::Local, &sig)
        .map_err(native::err)?;
    let mut target = module.make_signature();
    if allocate {
        target.params.push(AbiParam::new(types::I64));
    }
    target.params.push(AbiParam::new(types::I64));
    target.returns.extend(sig.returns.iter().copied());
    let to = module
        .declare_function(to, Linkage::Import, &target)
        .map_err(native::err)?;
    define_with(module, id, sig, |module, b, params| {
        let to = module.declare_func_in_func(to, b.func);
        if allocate {
            let align = b.ins().iconst(types::I64, 64);
            let bytes = b.ins().iadd_imm_s(params[0], 63);
            let bytes = b.ins().band_imm_s(bytes, !63);
            let call = b.ins().call(to, &[align, bytes]);
            let p = b.inst_results(call)[0];
            b.ins().return_(&[p]);
        } else {
            b.ins().call(to, &[params[0]]);
            b.ins().return_(&[]);
        }
        Ok(())
    })
}

/// `optimist_parallel_for(body, args, frame, first, step, count, work, min) -> status` over
/// libgomp: in order on this thread when `work < min`, else `GOMP_parallel` with `threads`
/// threads, each running the chunks `t, t + T, ...` of `count / (8 T)` iterations (the
/// thread's number `t` of `T`); a chunk's error stops the chunks not yet started, and the
/// first error is returned.
fn define_parallel_for(module: &mut dyn Module, threads: usize) -> Result<(), CodegenError> {
    let i64t = types::I64;
    let mut sig = module.make_signature();
    sig.params.extend([AbiParam::new(i64t); 8]);
    sig.returns.push(AbiParam::new(types::I32));
    let id = module
        .declare_function(crate::parallel::SYMBOL, Linkage::Local, &sig)
        .map_err(native::err)?;
    let mut body_sig = module.make_signature();
    body_sig.params.extend([AbiParam::new(i64t); 4]);
    body_sig.returns.push(AbiParam::new(types::I32));
    // The work of one thread: fn(data), data = [body, args, frame, first, step, count, status].
    let mut work_sig = module.make_signature();
    work_sig.params.push(AbiParam::new(i64t));
    let work = module
        .declare_function("optimist_parallel_work", Linkage::Local, &work_sig)
        .map_err(native::err)?;
    let mut gomp_sig = module.make_signature();
    gomp_sig.params.extend([
        AbiParam::new(i64t),
        AbiParam::new(i64t),
        AbiParam::new(types::I32),
        AbiParam::new(types::I32),
    ]);
    let gomp = module
        .declare_function("GOMP_parallel", Linkage::Import, &gomp_sig)
        .map_err(native::err)?;
    let mut count_sig = module.make_signature();
    count_sig.returns.push(AbiParam::new(types::I32));
    let thread_num = module
        .declare_function("omp_get_thread_num", Linkage::Import, &count_sig)
        .map_err(native::err)?;
    let num_threads = module
        .declare_function("omp_get_num_threads", Linkage::Import, &count_sig)
        .map_err(native::err)?;
    let flags = MemFlagsData::trusted();
    let threads = i64::try_from(threads.max(1))
        .unwrap_or(1)
        .min(i64::from(u32::MAX >> 1));
    define_with(module, id, sig, |module, b, p| {
        let (body, args, frame, first, step, count, work_est, min) =
            (p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7]);
        let body_sig = b.import_signature(body_sig.clone());
        let nothing = b.create_block();
        let some = b.create_block();
        let positive = b.ins().icmp_imm_s(IntCC::SignedGreaterThan, count, 0);
        b.ins().brif(positive, some, &[], nothing, &[]);
        b.switch_to_block(nothing);
        let zero = b.ins().iconst(types::I32, 0);
        b.ins().return_(&[zero]);
        b.switch_to_block(some);
        let in_order = b.create_block();
        let fork = b.create_block();
        let small = b.ins().icmp(IntCC::SignedLessThan, work_est, min);
        b.ins().brif(small, in_order, &[], fork, &[]);
        b.switch_to_block(in_order);
        let call = b
            .ins()
            .call_indirect(body_sig, body, &[args, frame, first, count]);
        let s = b.inst_results(call)[0];
        b.ins().return_(&[s]);
        b.switch_to_block(fork);
        let data =
            b.create_sized_stack_slot(StackSlotData::new(StackSlotKind::ExplicitSlot, 56, 3));
        for (k, v) in [body, args, frame, first, step, count]
            .into_iter()
            .enumerate()
        {
            b.ins().stack_store(i64t, v, data, 8 * k as i32);
        }
        let z = b.ins().iconst(i64t, 0);
        b.ins().stack_store(i64t, z, data, 48);
        let work = module.declare_func_in_func(work, b.func);
        let work_addr = b.ins().func_addr(i64t, work);
        let data_addr = b.ins().stack_addr(i64t, data, 0);
        let n = b.ins().iconst(types::I32, threads);
        let no_flags = b.ins().iconst(types::I32, 0);
        let gomp = module.declare_func_in_func(gomp, b.func);
        b.ins().call(gomp, &[work_addr, data_addr, n, no_flags]);
        let s = b.ins().stack_load(i64t, types::I32, data, 48);
        b.ins().return_(&[s]);
        Ok(())
    })?;
    define_with(module, work, work_sig, |module, b, p| {
        let data = p[0];
        let body_sig = b.import_signature(body_sig);
        let load = |b: &mut FunctionBuilder<'_>, k: i32| b.ins().load(i64t, flags, data, 8 * k);
        let (body, args, frame, first, step, count) = (
            load(b, 0),
            load(b, 1),
            load(b, 2),
            load(b, 3),
            load(b, 4),
            load(b, 5),
        );
        let status_addr = b.ins().iadd_imm_s(data, 48);
        let thread_num = module.declare_func_in_func(thread_num, b.func);
        let num_threads = module.declare_func_in_func(num_threads, b.func);
        let call = b.ins().call(thread_num, &[]);
        let t = b.inst_results(call)[0];
        let t = b.ins().sextend(i64t, t);
        let call = b.ins().call(num_threads, &[]);
        let nt = b.inst_results(call)[0];
        let nt = b.ins().sextend(i64t, nt);
        let one = b.ins().iconst(i64t, 1);
        let nt = b.ins().smax(nt, one);
        let per = b.ins().imul_imm_s(nt, CHUNKS_PER_THREAD);
        let chunk = b.ins().sdiv(count, per);
        let chunk = b.ins().smax(chunk, one);
        let chunks = b.ins().iadd(count, chunk);
        let chunks = b.ins().iadd_imm_s(chunks, -1);
        let chunks = b.ins().sdiv(chunks, chunk);
        let c = b.declare_var(i64t);
        b.def_var(c, t);
        let head = b.create_block();
        let step_block = b.create_block();
        let run = b.create_block();
        let exit = b.create_block();
        b.ins().jump(head, &[]);
        b.switch_to_block(head);
        let cv = b.use_var(c);
        let more = b.ins().icmp(IntCC::SignedLessThan, cv, chunks);
        b.ins().brif(more, step_block, &[], exit, &[]);
        b.switch_to_block(step_block);
        let seen = b.ins().atomic_load(types::I32, flags, status_addr);
        b.ins().brif(seen, exit, &[], run, &[]);
        b.switch_to_block(run);
        let cv = b.use_var(c);
        let start = b.ins().imul(cv, chunk);
        let left = b.ins().isub(count, start);
        let n = b.ins().smin(chunk, left);
        let offset = b.ins().imul(start, step);
        let from = b.ins().iadd(first, offset);
        let call = b
            .ins()
            .call_indirect(body_sig, body, &[args, frame, from, n]);
        let s = b.inst_results(call)[0];
        let zero = b.ins().iconst(types::I32, 0);
        b.ins().atomic_cas(flags, status_addr, zero, s);
        let next = b.ins().iadd(cv, nt);
        b.def_var(c, next);
        b.ins().jump(head, &[]);
        b.switch_to_block(exit);
        b.ins().return_(&[]);
        Ok(())
    })?;
    Ok(())
}

/// A relocatable object holding one kernel ([`object_code`]).
#[derive(Clone, Debug)]
pub struct ObjectCode {
    /// The object file's bytes (ELF on Linux, the host's format elsewhere).
    pub bytes: Vec<u8>,
    /// A C header declaring the entries: the source's declaration and `NAME_status`'s.
    pub header: String,
    /// What a C link needs besides the object: `-lm`, and `-fopenmp` when the code starts
    /// threads (libgomp's `GOMP_parallel`).
    pub links: Vec<&'static str>,
    /// Whether the object holds optimized code (versioned by the plan's check); otherwise the
    /// faithful code only.
    pub optimized: bool,
}

/// Compiles `f` (with `plan`, versioned as [`crate::Kernel`] is) into a relocatable object for
/// the CPU of `options` ([`NativeOptions::cpu`]: the host, or an x86-64 level whose every CPU
/// runs it) whose exported symbols are the C entries, named after the function
/// ([`Runtime::Libgomp`]'s run time). For `void mm(int n, int m, double A[n][m])`:
///
/// - `void mm(int n, int m, double *A)`: the source's signature. It runs the versioned kernel
///   (the run-time check, then the optimized or the faithful code) and returns the function's
///   value, if any; on an error it calls the hook `void optimist_error(int status)`
///   ([`ERROR_HOOK`](crate::ERROR_HOOK)), a weak symbol whose default calls `abort()` (a program
///   defining its own replaces it; the call then returns, with zero for a value).
/// - `int mm_status(int n, int m, double *A)`: the same, returning the status instead: 0 when
///   the kernel ran to completion; otherwise the low byte is the kind (1 an access outside an
///   array's declared size, 2 an integer division by zero or `MIN / -1`, 3 an optimized
///   footprint outside an array, whose index in the program is in bits 16 and up, 5 a pure
///   function failed, 6 a local array or a copy could not be allocated: [`crate::Status`]).
///   Bit 8 (`0x100`) is set when the faithful code ran because the check failed. A function
///   with a value takes one more parameter, a pointer the value is written to (may be null).
///   A call that ends with an error status leaves every array with a declared size as it was:
///   code that may stop part way runs with copies of the arrays the program writes, put back
///   when it stops.
///
/// The caller's side is C's: each array pointer points to a buffer of its declared size at the
/// call's parameter values (`n * m` elements for `A`); an array whose first dimension is not
/// declared (`double A[][m]`, `double *A`) is as large as the program's accesses need. Local
/// arrays are allocated with `calloc` and freed before the return.
pub fn object_code(
    f: &Function,
    plan: Option<&Plan>,
    options: &NativeOptions,
) -> Result<ObjectCode, CodegenError> {
    let isa = native::isa(options.cpu, true)?;
    let builder = cranelift_object::ObjectBuilder::new(
        isa,
        f.name.as_bytes().to_vec(),
        cranelift_module::default_libcall_names(),
    )
    .map_err(native::err)?;
    let mut module = cranelift_object::ObjectModule::new(builder);
    let symbols = define(
        &mut module,
        f,
        plan,
        options,
        Runtime::Libgomp,
        Linkage::Local,
        &f.name,
    )?;
    let threads = symbols.forks.is_some();
    let bytes = module.finish().emit().map_err(native::err)?;
    let mut links = vec!["-lm"];
    if threads {
        links.push("-fopenmp");
    }
    let guard = format!("OPTIMIST_{}_H", f.name.to_uppercase());
    let header = format!(
        "/* {name}: native code by optimist. Link: cc ... {name}.o {links}.\n   \
         {name}_status returns 0 when the kernel ran to completion, else a status whose low\n   \
         byte is 1 (an access outside an array's declared size), 2 (integer division by zero\n   \
         or overflow), 3 (an optimized footprint outside an array, its index in bits 16 and\n   \
         up), 5 (a pure function failed) or 6 (no memory for a local array or a copy); bit 8\n   \
         (0x100) is set when the faithful code ran because the run-time check failed. A call\n   \
         that ends with an error leaves every array with a declared size as it was.\n   \
         {name} calls optimist_error(status) on an error: a weak symbol whose default calls\n   \
         abort(); define it to handle errors yourself. */\n\
         #ifndef {guard}\n#define {guard}\n{protos}void optimist_error(int status);\n#endif\n",
        name = f.name,
        links = links.join(" "),
        protos = c_abi::prototypes(f, &f.name),
    );
    Ok(ObjectCode {
        bytes,
        header,
        links,
        optimized: plan.is_some(),
    })
}

impl ObjectCode {
    /// C source of a function `name` with `f`'s signature that calls this object's
    /// `NAME_status` entry and records which code ran in `int name_version` (1 the optimized
    /// code, 0 the faithful), as versioned C text does; on an error it prints the
    /// status and exits the program with status 3. Include it after the object's header: the
    /// test harnesses and `optimist run --backend object` call the object through it.
    pub fn versioned_caller(f: &Function, name: &str) -> String {
        let signature = f.c_signature(name);
        let mut args: Vec<String> = f
            .params
            .iter()
            .map(|p| match *p {
                optimist_scop::ir::Param::Scalar(v) => f.var(v).name.clone(),
                optimist_scop::ir::Param::Array(a) => f.array(a).name.clone(),
            })
            .collect();
        let ret = f.ret.map(|r| f.array(r).elem);
        if ret.is_some() {
            args.push("&optimist_value".into());
        }
        let (declare, give) = match ret {
            Some(t) => (
                format!("  {t} optimist_value = 0;\n"),
                "  return optimist_value;\n",
            ),
            None => (String::new(), ""),
        };
        format!(
            "int {name}_version;\n{signature} {{\n{declare}  int optimist_status = {kernel}_status({args});\n  \
             {name}_version = !(optimist_status & 0x100);\n  \
             if (optimist_status & ~0x100) {{\n    fprintf(stderr, \"{kernel}: status %#x\\n\", optimist_status);\n    exit(3);\n  }}\n{give}}}\n",
            kernel = f.name,
            args = args.join(", "),
        )
    }
}
