//! The C entry of a kernel: a function with the name and the C signature of the source
//! declaration, so that C (or any code following the platform's C calling convention) calls the
//! kernel with no glue.
//!
//! For `void mm(int n, int m, double A[n][m])` two functions are defined in the module: `mm`,
//! with the source's signature, and `mm_status`, which returns the status instead; the
//! conventions (status codes, the error hook, the memory behind each pointer) are documented
//! once, on [`crate::object_code`]. The JIT binds the hook [`ERROR_HOOK`] (in `abi`) to a recorder read by
//! [`crate::take_entry_error`]; in object code it is a weak symbol that aborts.
//!
//! `mm_status` lays out the internal argument block ([`crate::abi`]) on its stack, has a
//! generated function (`mm_sizes`) write each array's range (its declared size at the call's
//! parameters), allocates the local arrays with `calloc`, runs the lean versioned entry (the
//! check, then the optimized code) and, when the check fails, the faithful code with copies
//! of the buffers the program writes taken first (`malloc`, `memcpy`) and put back if it stops
//! part way (an access outside an array's declared size, a division by zero), so that a call
//! refused with an error status changes no buffer; then writes the value and frees the
//! locals. `mm` calls it and the hook. Arrays without a declared first dimension are not
//! copied: their size is not known at the call.

use crate::abi::{self, ERROR_HOOK, Status};
use crate::ast::CodegenError;
use crate::native::{self, Lowering, clif, define_with};
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{
    AbiParam, InstBuilder, MemFlagsData, StackSlotData, StackSlotKind, Value, types,
};
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext};
use cranelift_module::{FuncId, Linkage, Module};
use optimist_scop::ir::{ArrayKind, Dim, Function, Param};
use optimist_scop::types::Type;

/// The flat size given to an array whose first dimension is not declared: no access of a
/// program that runs in bounded memory reaches it, and element addresses computed from it do
/// not overflow.
const UNBOUNDED: i64 = i64::MAX / 16;

/// The two C entries defined for one kernel.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CEntries {
    /// `NAME_status`: returns the status.
    pub status: FuncId,
    /// `NAME`: the source's signature.
    pub plain: FuncId,
}

/// The C signature of `f` in `module`'s calling convention: its scalars in their C types, a
/// pointer per array, its return type; with `status`, an `i32` return and, for a function
/// with a value, a trailing pointer for it.
fn c_signature(
    module: &dyn Module,
    f: &Function,
    status: bool,
) -> cranelift_codegen::ir::Signature {
    let mut sig = module.make_signature();
    for p in &f.params {
        sig.params.push(match *p {
            Param::Scalar(v) => extended(f.var(v).ty),
            Param::Array(_) => AbiParam::new(types::I64),
        });
    }
    let ret = f.ret.map(|r| f.array(r).elem);
    if status {
        if ret.is_some() {
            sig.params.push(AbiParam::new(types::I64));
        }
        sig.returns.push(AbiParam::new(types::I32).sext());
    } else if let Some(t) = ret {
        sig.returns.push(extended(t));
    }
    sig
}

/// A C value of type `t` as a parameter or return value (narrow integers extended as C does).
fn extended(t: Type) -> AbiParam {
    let p = AbiParam::new(clif(t));
    match t {
        Type::I8 | Type::I16 | Type::I32 => p.sext(),
        Type::U8 | Type::U16 | Type::U32 => p.uext(),
        _ => p,
    }
}

/// The argument-block slot of each array of `f` (parameters in order, then locals), as
/// [`crate::abi`] lays them out.
fn array_slots(f: &Function) -> Vec<(optimist_scop::ir::ArrayId, usize)> {
    let mut slots = Vec::new();
    let mut slot = 0;
    for p in &f.params {
        match *p {
            Param::Scalar(_) => slot += 1,
            Param::Array(a) => {
                slots.push((a, slot));
                slot += 3;
            }
        }
    }
    for (k, a) in f.arrays.iter_enumerated() {
        if a.kind == ArrayKind::Local {
            slots.push((k, slot));
            slot += 3;
        }
    }
    slots
}

/// What a C entry runs: the faithful code alone, or a lean versioned entry (the check, then
/// the model-based code or [`Status::CheckFailed`]) and the faithful code when it fails.
#[derive(Clone, Copy, Debug)]
pub(crate) struct EntryCode {
    /// The faithful code.
    pub faithful: FuncId,
    /// The lean versioned entry, when there is a plan.
    pub lean: Option<FuncId>,
}

/// Defines `f`'s C entries in `module`, named `name` and `name_status` with `linkage`, running
/// `code` (functions of the module with the kernel signature) with an argument block of
/// `preloads` more slots.
pub(crate) fn define_c_entries(
    module: &mut dyn Module,
    f: &Function,
    code: EntryCode,
    preloads: usize,
    name: &str,
    linkage: Linkage,
) -> Result<CEntries, CodegenError> {
    let sizes = define_sizes(module, f, &format!("{name}_sizes"))?;
    let status = define_status_entry(module, f, code, sizes, preloads, name, linkage)?;
    let plain = define_plain_entry(module, f, status, name, linkage)?;
    Ok(CEntries { status, plain })
}

/// A kernel-signature function that writes every array's range into the argument block:
/// `lo = 0` and `hi` its declared size at the parameters' values in the block (saturated;
/// [`UNBOUNDED`] without a declared first dimension).
fn define_sizes(module: &mut dyn Module, f: &Function, name: &str) -> Result<FuncId, CodegenError> {
    let sig = native::kernel_signature(module);
    let id = module
        .declare_function(name, Linkage::Local, &sig)
        .map_err(native::err)?;
    let mut ctx = module.make_context();
    ctx.func.signature = sig;
    let mut fctx = FunctionBuilderContext::new();
    {
        let b = FunctionBuilder::new(&mut ctx.func, &mut fctx);
        let mut l = Lowering::new(f, b, module)?;
        let flags = MemFlagsData::trusted();
        for (a, slot) in array_slots(f) {
            let mut size = l.b.ins().iconst(types::I64, 1);
            for d in &f.array(a).dims {
                let n = match d {
                    Dim::Const(n) => l.b.ins().iconst(types::I64, *n as i64),
                    Dim::Unknown => l.b.ins().iconst(types::I64, UNBOUNDED),
                    Dim::Expr(e) => {
                        let v = l.expr(e)?;
                        widen(&mut l, v, e.ty)
                    }
                };
                let zero = l.b.ins().iconst(types::I64, 0);
                let n = l.b.ins().smax(n, zero);
                let (product, overflow) = l.b.ins().smul_overflow(size, n);
                let big = l.b.ins().iconst(types::I64, UNBOUNDED);
                let product = l.b.ins().select(overflow, big, product);
                size = l.b.ins().smin(product, big);
            }
            let zero = l.b.ins().iconst(types::I64, 0);
            let args = l.args;
            l.b.ins().store(flags, zero, args, slot_offset(slot + 1)?);
            l.b.ins().store(flags, size, args, slot_offset(slot + 2)?);
        }
        l.finish();
    }
    module.define_function(id, &mut ctx).map_err(native::err)?;
    Ok(id)
}

/// An integer of C type `t` as an `i64`, extended by its signedness.
fn widen(l: &mut Lowering<'_, '_>, v: Value, t: Type) -> Value {
    match t {
        Type::I64 | Type::U64 => v,
        Type::I8 | Type::I16 | Type::I32 => l.b.ins().sextend(types::I64, v),
        _ => l.b.ins().uextend(types::I64, v),
    }
}

fn slot_offset(slot: usize) -> Result<i32, CodegenError> {
    i32::try_from(slot * 8).map_err(|_| CodegenError::Unexpected("argument block too large".into()))
}

/// `NAME_status`: lays out the argument block, sizes the arrays, allocates the locals, runs
/// `code` (code that may stop part way with the buffers it writes saved, and put back when it
/// stops: [`undoable_call`]), writes the value, frees the locals, returns the status.
fn define_status_entry(
    module: &mut dyn Module,
    f: &Function,
    code: EntryCode,
    sizes: FuncId,
    preloads: usize,
    name: &str,
    linkage: Linkage,
) -> Result<FuncId, CodegenError> {
    let sig = c_signature(module, f, true);
    let id = module
        .declare_function(&format!("{name}_status"), linkage, &sig)
        .map_err(native::err)?;
    let ptr = types::I64;
    let libc = Libc::declare(module)?;
    define_with(module, id, sig, |module, b, params| {
        let params = params.to_vec();
        let slots = abi::slot_count(f) + preloads;
        let bytes = u32::try_from(8 * slots.max(1))
            .map_err(|_| CodegenError::Unexpected("argument block too large".into()))?;
        let block =
            b.create_sized_stack_slot(StackSlotData::new(StackSlotKind::ExplicitSlot, bytes, 3));
        let args = b.ins().stack_addr(ptr, block, 0);
        let flags = MemFlagsData::trusted();
        store_params(b, f, &params, args)?;
        let sizes = module.declare_func_in_func(sizes, b.func);
        let call = b.ins().call(sizes, &[args]);
        let sized = b.inst_results(call)[0];
        let done = b.create_block();
        b.append_block_param(done, types::I32);
        let allocate = b.create_block();
        b.ins().brif(sized, done, &[sized.into()], allocate, &[]);
        b.seal_block(allocate);
        b.switch_to_block(allocate);
        // Local arrays, zeroed (at least one element each, so that null means failure).
        let calloc = module.declare_func_in_func(libc.calloc, b.func);
        let free = module.declare_func_in_func(libc.free, b.func);
        let (locals, bases, failed) = allocate_locals(b, f, args, calloc)?;
        let release = unless_out_of_memory(b, failed);
        let undo = Undo {
            f,
            args,
            malloc: module.declare_func_in_func(libc.malloc, b.func),
            memcpy: module.declare_func_in_func(libc.memcpy, b.func),
            free,
        };
        let faithful = module.declare_func_in_func(code.faithful, b.func);
        let faithful_call = |b: &mut FunctionBuilder<'_>| {
            let call = b.ins().call(faithful, &[args]);
            Ok(b.inst_results(call)[0])
        };
        let status = match code.lean {
            // No plan: the faithful code, undoable.
            None => undo.call(b, faithful_call)?,
            Some(lean) => {
                let lean = module.declare_func_in_func(lean, b.func);
                // The check and the model code, then, when the check failed, `fallback`
                // (the faithful code), its status flagged as the faithful one's.
                let checked = |b: &mut FunctionBuilder<'_>,
                               fallback: &dyn Fn(
                    &mut FunctionBuilder<'_>,
                )
                    -> Result<Value, CodegenError>| {
                    let call = b.ins().call(lean, &[args]);
                    let first = b.inst_results(call)[0];
                    let failed = b.ins().icmp_imm_s(
                        IntCC::Equal,
                        first,
                        i64::from(Status::CheckFailed.encode(false)),
                    );
                    let fall = b.create_block();
                    let join = b.create_block();
                    b.append_block_param(join, types::I32);
                    b.ins().brif(failed, fall, &[], join, &[first.into()]);
                    b.seal_block(fall);
                    b.switch_to_block(fall);
                    let s = fallback(b)?;
                    let s = b.ins().bor_imm_s(s, i64::from(abi::FALLBACK_FLAG));
                    b.ins().jump(join, &[s.into()]);
                    b.seal_block(join);
                    b.switch_to_block(join);
                    Ok(b.block_params(join)[0])
                };
                if f.may_fail_on_data() {
                    // The model-based code may stop part way too: one copy for both.
                    undo.call(b, |b| checked(b, &faithful_call))?
                } else {
                    checked(b, &|b| undo.call(b, faithful_call))?
                }
            }
        };
        // The value, from the return slot (a local array of one element).
        if let (Some(r), Some(&out)) = (f.ret, params.get(f.params.len())) {
            let k = locals
                .iter()
                .position(|(a, _)| *a == r)
                .ok_or_else(|| CodegenError::Unexpected("return slot is not local".into()))?;
            let write = b.create_block();
            let skip = b.create_block();
            b.append_block_param(skip, types::I32);
            b.ins().brif(out, write, &[], skip, &[status.into()]);
            b.seal_block(write);
            b.switch_to_block(write);
            let t = clif(f.array(r).elem);
            let v = b.ins().load(t, flags, bases[k], 0);
            b.ins().store(MemFlagsData::new(), v, out, 0);
            b.ins().jump(skip, &[status.into()]);
            b.seal_block(skip);
            b.switch_to_block(skip);
            let status = b.block_params(skip)[0];
            b.ins().jump(release, &[status.into()]);
        } else {
            b.ins().jump(release, &[status.into()]);
        }
        b.seal_block(release);
        b.switch_to_block(release);
        let status = b.block_params(release)[0];
        for p in bases {
            b.ins().call(free, &[p]);
        }
        b.ins().jump(done, &[status.into()]);
        b.seal_block(done);
        b.switch_to_block(done);
        let status = b.block_params(done)[0];
        b.ins().return_(&[status]);
        Ok(())
    })?;
    Ok(id)
}

/// The C library functions the status entry calls.
struct Libc {
    calloc: FuncId,
    free: FuncId,
    malloc: FuncId,
    memcpy: FuncId,
}

impl Libc {
    fn declare(module: &mut dyn Module) -> Result<Libc, CodegenError> {
        let ptr = types::I64;
        let mut alloc_sig = module.make_signature();
        alloc_sig
            .params
            .extend([AbiParam::new(ptr), AbiParam::new(ptr)]);
        alloc_sig.returns.push(AbiParam::new(ptr));
        let calloc = module
            .declare_function("calloc", Linkage::Import, &alloc_sig)
            .map_err(native::err)?;
        let mut free_sig = module.make_signature();
        free_sig.params.push(AbiParam::new(ptr));
        let free = module
            .declare_function("free", Linkage::Import, &free_sig)
            .map_err(native::err)?;
        let mut malloc_sig = module.make_signature();
        malloc_sig.params.push(AbiParam::new(ptr));
        malloc_sig.returns.push(AbiParam::new(ptr));
        let malloc = module
            .declare_function("malloc", Linkage::Import, &malloc_sig)
            .map_err(native::err)?;
        let mut copy_sig = module.make_signature();
        copy_sig.params.extend([AbiParam::new(ptr); 3]);
        copy_sig.returns.push(AbiParam::new(ptr));
        let memcpy = module
            .declare_function("memcpy", Linkage::Import, &copy_sig)
            .map_err(native::err)?;
        Ok(Libc {
            calloc,
            free,
            malloc,
            memcpy,
        })
    }
}

/// Stores the C entry's parameters `params` in the argument block at `args`.
fn store_params(
    b: &mut FunctionBuilder<'_>,
    f: &Function,
    params: &[Value],
    args: Value,
) -> Result<(), CodegenError> {
    let flags = MemFlagsData::trusted();
    // The scalars in their slots (integers extended by their signedness, floats as their
    // bits), and each array's base.
    let mut slot = 0usize;
    for (k, p) in f.params.iter().enumerate() {
        let v = params[k];
        match *p {
            Param::Scalar(var) => {
                let t = f.var(var).ty;
                let bits = match t {
                    Type::F64 => b.ins().bitcast(types::I64, MemFlagsData::new(), v),
                    Type::F32 => {
                        let i = b.ins().bitcast(types::I32, MemFlagsData::new(), v);
                        b.ins().uextend(types::I64, i)
                    }
                    Type::I64 | Type::U64 => v,
                    Type::I8 | Type::I16 | Type::I32 => b.ins().sextend(types::I64, v),
                    Type::U8 | Type::U16 | Type::U32 => b.ins().uextend(types::I64, v),
                };
                b.ins().store(flags, bits, args, slot_offset(slot)?);
                slot += 1;
            }
            Param::Array(_) => {
                b.ins().store(flags, v, args, slot_offset(slot)?);
                slot += 3;
            }
        }
    }
    Ok(())
}

/// Allocates the local arrays of the argument block at `args` with `calloc`: each one's
/// array and slot, their bases, and whether an allocation failed.
#[allow(clippy::type_complexity)]
fn allocate_locals(
    b: &mut FunctionBuilder<'_>,
    f: &Function,
    args: Value,
    calloc: cranelift_codegen::ir::FuncRef,
) -> Result<(Vec<(optimist_scop::ir::ArrayId, usize)>, Vec<Value>, Value), CodegenError> {
    let ptr = types::I64;
    let flags = MemFlagsData::trusted();
    let locals: Vec<(optimist_scop::ir::ArrayId, usize)> = array_slots(f)
        .into_iter()
        .filter(|(a, _)| f.array(*a).kind == ArrayKind::Local)
        .collect();
    let mut failed = b.ins().iconst(types::I8, 0);
    let mut bases = Vec::new();
    for &(a, slot) in &locals {
        let n = b.ins().load(ptr, flags, args, slot_offset(slot + 2)?);
        let one = b.ins().iconst(ptr, 1);
        let n = b.ins().smax(n, one);
        let size = b.ins().iconst(ptr, f.array(a).elem.size() as i64);
        let call = b.ins().call(calloc, &[n, size]);
        let p = b.inst_results(call)[0];
        b.ins().store(flags, p, args, slot_offset(slot)?);
        let null = b.ins().icmp_imm_s(IntCC::Equal, p, 0);
        failed = b.ins().bor(failed, null);
        bases.push(p);
    }
    Ok((locals, bases, failed))
}

/// Copies of the buffers a call may write, taken before code that may stop part way and put
/// back when it stops, so that a call refused part way changes nothing: every array parameter
/// the program writes whose size is known at the call (declared; not one without a declared
/// first dimension, nor one whose declared size overflows), copied with `malloc` and
/// `memcpy`. Without memory for a copy, nothing runs ([`Status::NoMemory`]).
struct Undo<'f> {
    f: &'f Function,
    args: Value,
    malloc: cranelift_codegen::ir::FuncRef,
    memcpy: cranelift_codegen::ir::FuncRef,
    free: cranelift_codegen::ir::FuncRef,
}

impl Undo<'_> {
    /// Emits `run` (which leaves the builder in a block where its status is available) with
    /// the written buffers saved before and put back after it when the status is an error;
    /// the status, or [`Status::NoMemory`] when a copy could not be made.
    fn call(
        &self,
        b: &mut FunctionBuilder<'_>,
        run: impl FnOnce(&mut FunctionBuilder<'_>) -> Result<Value, CodegenError>,
    ) -> Result<Value, CodegenError> {
        let (ptr, flags) = (types::I64, MemFlagsData::trusted());
        let written = self.f.written_arrays();
        let arrays: Vec<(usize, i64)> = array_slots(self.f)
            .into_iter()
            .filter(|(a, _)| {
                let arr = self.f.array(*a);
                arr.kind != ArrayKind::Local
                    && written.contains(a)
                    && arr.dims.iter().all(|d| !matches!(d, Dim::Unknown))
            })
            .map(|(a, slot)| (slot, self.f.array(a).elem.size() as i64))
            .collect();
        // (base, copy, bytes) per array; a copy of 0 bytes is skipped by `memcpy` alike.
        let mut copies = Vec::new();
        let mut failed = b.ins().iconst(types::I8, 0);
        for &(slot, size) in &arrays {
            let base = b.ins().load(ptr, flags, self.args, slot_offset(slot)?);
            let n = b.ins().load(ptr, flags, self.args, slot_offset(slot + 2)?);
            let unbounded = b
                .ins()
                .icmp_imm_s(IntCC::SignedGreaterThanOrEqual, n, UNBOUNDED);
            let bytes = b.ins().imul_imm_s(n, size);
            let zero = b.ins().iconst(ptr, 0);
            let bytes = b.ins().select(unbounded, zero, bytes);
            let one = b.ins().iconst(ptr, 1);
            let asked = b.ins().iadd(bytes, one);
            let call = b.ins().call(self.malloc, &[asked]);
            let copy = b.inst_results(call)[0];
            let null = b.ins().icmp_imm_s(IntCC::Equal, copy, 0);
            failed = b.ins().bor(failed, null);
            copies.push((base, copy, bytes));
        }
        let out = unless_out_of_memory(b, failed);
        for &(base, copy, bytes) in &copies {
            b.ins().call(self.memcpy, &[copy, base, bytes]);
        }
        let status = run(b)?;
        let error = b.ins().band_imm_s(status, i64::from(!abi::FALLBACK_FLAG));
        let restore = b.create_block();
        b.ins().brif(error, restore, &[], out, &[status.into()]);
        b.seal_block(restore);
        b.switch_to_block(restore);
        for &(base, copy, bytes) in &copies {
            b.ins().call(self.memcpy, &[base, copy, bytes]);
        }
        b.ins().jump(out, &[status.into()]);
        b.seal_block(out);
        b.switch_to_block(out);
        let status = b.block_params(out)[0];
        for &(_, copy, _) in &copies {
            b.ins().call(self.free, &[copy]);
        }
        Ok(status)
    }
}

/// Branches on `failed` (an allocation returned null): to a new block taking the status as
/// its parameter, with [`Status::NoMemory`], or on in a new block, where the builder is left.
/// The status block is returned, not sealed.
fn unless_out_of_memory(
    b: &mut FunctionBuilder<'_>,
    failed: Value,
) -> cranelift_codegen::ir::Block {
    let go = b.create_block();
    let out = b.create_block();
    b.append_block_param(out, types::I32);
    let no_memory = b
        .ins()
        .iconst(types::I32, i64::from(Status::NoMemory.encode(false)));
    b.ins().brif(failed, out, &[no_memory.into()], go, &[]);
    b.seal_block(go);
    b.switch_to_block(go);
    out
}

/// `NAME`: calls `NAME_status` and, on an error, [`ERROR_HOOK`]; returns the value.
fn define_plain_entry(
    module: &mut dyn Module,
    f: &Function,
    status_entry: FuncId,
    name: &str,
    linkage: Linkage,
) -> Result<FuncId, CodegenError> {
    let sig = c_signature(module, f, false);
    let id = module
        .declare_function(name, linkage, &sig)
        .map_err(native::err)?;
    let mut hook_sig = module.make_signature();
    hook_sig.params.push(AbiParam::new(types::I32));
    let hook = module
        .declare_function(ERROR_HOOK, Linkage::Import, &hook_sig)
        .map_err(native::err)?;
    define_with(module, id, sig, |module, b, params| {
        let mut args = params.to_vec();
        let ret = f.ret.map(|r| f.array(r).elem);
        // A zeroed slot for the value: what `mm` returns after an error.
        let out = ret.map(|_| {
            let slot =
                b.create_sized_stack_slot(StackSlotData::new(StackSlotKind::ExplicitSlot, 8, 3));
            let zero = b.ins().iconst(types::I64, 0);
            b.ins().stack_store(types::I64, zero, slot, 0);
            slot
        });
        if let Some(slot) = out {
            args.push(b.ins().stack_addr(types::I64, slot, 0));
        }
        let callee = module.declare_func_in_func(status_entry, b.func);
        let call = b.ins().call(callee, &args);
        let status = b.inst_results(call)[0];
        let error = b
            .ins()
            .band_imm_s(status, i64::from(!crate::abi::FALLBACK_FLAG));
        let report = b.create_block();
        let back = b.create_block();
        b.ins().brif(error, report, &[], back, &[]);
        b.seal_block(report);
        b.switch_to_block(report);
        let hook = module.declare_func_in_func(hook, b.func);
        b.ins().call(hook, &[status]);
        b.ins().jump(back, &[]);
        b.seal_block(back);
        b.switch_to_block(back);
        match (ret, out) {
            (Some(t), Some(slot)) => {
                let v = b.ins().stack_load(types::I64, clif(t), slot, 0);
                b.ins().return_(&[v]);
            }
            _ => {
                b.ins().return_(&[]);
            }
        }
        Ok(())
    })?;
    Ok(id)
}

/// `f`'s C prototypes: the source's declaration and the status entry's, for a header.
pub(crate) fn prototypes(f: &Function, name: &str) -> String {
    let plain = f.c_signature(name);
    let open = plain.find('(').unwrap_or(plain.len());
    let head = &plain[..open];
    let inner = plain[open..].trim_start_matches('(').trim_end_matches(')');
    let mut status: Vec<String> = Vec::new();
    if !inner.is_empty() {
        status.push(inner.to_string());
    }
    if let Some(r) = f.ret {
        status.push(format!("{} *optimist_value", f.array(r).elem));
    }
    let list = |parts: &[String]| {
        if parts.is_empty() {
            "void".to_string()
        } else {
            parts.join(", ")
        }
    };
    let plain_params = if inner.is_empty() {
        Vec::new()
    } else {
        vec![inner.to_string()]
    };
    format!(
        "{head}({});
int {name}_status({});
",
        list(&plain_params),
        list(&status)
    )
}
