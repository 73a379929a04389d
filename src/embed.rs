//! Embedding optimist in a compiler: the types an embedder touches, documented here.
//!
//! # The program
//! A compiler hands optimist one function at a time, as a [`Function`]: built through the
//! typed [`FunctionBuilder`] (the `builder_to_kernel` tutorial) or parsed from C with
//! [`parse_source`] / [`parse_file`] ([`FrontendConfig`] picks the function, the pure
//! functions it may call, the preprocessor's include path). Bad C is a [`CError`] that names
//! the file, line and column.
//!
//! # Optimizing
//! [`optimize`](crate::optimize) gives an [`Outcome`](crate::Outcome): a
//! [`Plan`](crate::Plan) (the model-based code's schedule and the run-time check that selects
//! it) or the reason there is none ([`Why`](crate::Why)). [`compile`](crate::compile) adds the
//! native code as a [`Kernel`]; [`compile_c`](crate::compile_c) the C text.
//!
//! # Calling a kernel
//! - **Typed, by position** (the documented way): [`Kernel::signature`] or
//!   [`Kernel::signature_of`] resolve the parameters once into a [`Signature`]; each call
//!   takes one [`Arg`] per parameter: scalars of the parameter's exact C type (`i32` for
//!   `int`), arrays as `&mut [T]`, `&[T]` (read only) or `&[Cell<T>]` (one buffer passed for
//!   two parameters: the run-time check then decides). A wrong type, a missing argument and a
//!   buffer shorter than its declared shape are [`KernelError`]s raised before any code runs.
//! - **By name**: [`Kernel::call`] with [`Value`]s and [`ArrayArg`]s, or [`Kernel::run`] on the
//!   interpreter's [`Args`]: names looked up on every call.
//! - **Raw**: [`Kernel::entry`]'s [`CEntry`] is the kernel with the source's C signature;
//!   [`CEntry::typed`] gives it as an `unsafe extern "C" fn` type checked against that
//!   signature ([`EntryFn`]; [`check_entry_type`] for a kernel in your own module). Calling it
//!   is `unsafe`: the buffers must be as large as their declarations say.
//!
//! # Your own Cranelift module
//! [`define_kernel`] defines a kernel (the faithful code; with a plan, the model-based code,
//! the versioned entry and the check) in any `cranelift_module::Module`, with the C entries
//! named after the function; [`KernelSymbols`] names them. What the code calls besides is
//! chosen by [`Runtime`]:
//! - [`Runtime::Process`] (a JIT in this process): the module gets optimist's run time
//!   (threads, packing buffers, pure functions, the error hook) defined in it, as calls of
//!   their addresses in this process, so nothing of optimist's needs binding and nothing can be
//!   missing at `finalize_definitions`; the math functions are found in `libm` as `malloc` is
//!   in the C library. [`jit_builder`] is a `JITBuilder` with the host ISA and the flags the
//!   code expects (`opt_level=speed`, `is_pic=false`, `use_colocated_libcalls=false`) and the
//!   math functions bound ([`runtime_symbols`]): start from it, or from your own with
//!   [`host_isa`]`(false)`.
//! - [`Runtime::Libgomp`] (an object another program links): threads from libgomp, buffers
//!   from the C library; use [`host_isa`]`(true)` for the object's ISA. [`object_code`] does
//!   all of it and writes the header too ([`ObjectCode`]).
//!
//! A kernel defined twice in one module is refused ([`CodegenError::Unsupported`]), as is a
//! kernel named like a function its code calls.
//!
//! Cranelift is re-exported at the versions optimist is built with
//! ([`crate::cranelift_module`], [`crate::cranelift_jit`], [`crate::cranelift_object`],
//! [`crate::cranelift_codegen`]): name it through those paths and never pin it by hand. The
//! `embed_jit` tutorial (`cargo run -p optimist-examples --example embed_jit`) walks through a
//! JIT module and an object module of one's own and the typed surface.
//!
//! # isl
//! optimist runs its own build of isl 0.27 (crate `optimist-isl-sys`: isl's sources with
//! optimist's fixes, the small-integer configuration), the same in every build;
//! [`isl_version`](crate::presburger::isl_version) says which isl a program runs.

#[doc(inline)]
pub use optimist_codegen::{
    Arg, ArrayArg, CArg, CEntry, CResult, CType, CodegenError, EntryFn, Kernel, KernelError,
    KernelSymbols, ObjectCode, Pool, Runtime, Signature, check_entry_type, define_kernel, host_isa,
    jit_builder, object_code, runtime_symbols,
};
#[doc(inline)]
pub use optimist_scop::builder::FunctionBuilder;
#[doc(inline)]
pub use optimist_scop::frontend::{CError, FrontendConfig, parse_file, parse_source};
#[doc(inline)]
pub use optimist_scop::interp::{Args, Binding, Buffer, Value};
#[doc(inline)]
pub use optimist_scop::ir::Function;
