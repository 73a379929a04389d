//! Code generation: from a plan to code. The API is flat; the modules are private.
//!
//! - [`generate_verified`] (and [`generate`], [`generate_marked`]): the loop AST ([`LoopAst`])
//!   from isl's AST builder, with every access index computed from the model's relations as a
//!   function of the generated loop iterators, checked against the dependences.
//! - [`Plan::decide`] (and [`LoopAst::decide`] for an AST without a plan): the loop tree
//!   decided for a [`Target`] ([`Decided`]): each loop's one execution, made once
//!   per compilation; both back ends read nothing else about how the code runs.
//! - [`versioned_c`] ([`CProgram`]) and [`c_function`]: the decided tree printed as C with the
//!   original signature, versioned by the run-time check.
//! - [`Kernel`]: native code through Cranelift (the faithful lowering of the program IR, the
//!   decided tree of a [`Plan`], and the versioned entry), with safe entry points that check
//!   their arguments; loops decided on threads run in the kernel's pool ([`NativeOptions`]).
//! - [`Plan`]: what the driver (`optimist::optimize`) decided: the model, the schedule and its
//!   AST, the run-time check. Code generation decides nothing about the model.
//! - [`LoopReport`] ([`model_loop_report`], [`faithful_loop_report`]): where the compiled
//!   code's vector instructions and calls are, loop by loop.
//!
//! The versioning is §6 of paper 000 (Doerfert, Grosser and Hack, *Optimistic Loop
//! Optimization*, CGO 2017): the overflow-checked run-time check and the guarded pre-loads of
//! assumed-invariant reads run first, then the optimized or the faithful code. Native code
//! never contracts or reassociates floating-point operations, so every version gives the
//! reference interpreter's bits. Plans come from the driver (`optimist::optimize`); without
//! one, a [`Kernel`] holds the faithful code only:
//!
//! ```
//! use optimist_codegen::{ArrayArg, Kernel, Version};
//! use optimist_scop::{frontend, interp::Value};
//! let src = "void axpy(int n, double a, double X[n], double Y[n]) {
//!   for (int i = 0; i < n; i++) Y[i] = a * X[i] + Y[i];
//! }";
//! let f = frontend::parse_source("axpy.c", src, None, &Default::default()).unwrap();
//! let kernel = Kernel::faithful(&f).unwrap();
//! let (mut x, mut y) = (vec![1.0, 2.0, 3.0], vec![10.0, 20.0, 30.0]);
//! let version = kernel
//!     .call(
//!         &[("n", Value::Int(3)), ("a", Value::F64(2.0))],
//!         &mut [("X", ArrayArg::F64(&mut x)), ("Y", ArrayArg::F64(&mut y))],
//!     )
//!     .unwrap();
//! assert_eq!(version, Version::Fallback);
//! assert_eq!(y, [12.0, 24.0, 36.0]);
//! // The same function as C text a C compiler accepts.
//! let c = optimist_codegen::versioned_c(&f, None, "axpy").unwrap();
//! assert!(c.code.contains("void axpy(int n, double a, double X[n], double Y[n])"));
//! ```
//!
//! # Design notes
//!
//! The notes on each module are in that module's documentation; these are the crate's own.
//!
//! The output side; the only crate that depends on Cranelift.
//!
#![deny(missing_docs)]

mod abi;
mod ast;
mod ast_check;
mod block;
mod buffers;
mod c;
mod c_abi;
mod decide;
mod kernel;
mod native;
mod options;
mod parallel;
mod plan;
mod signature;
mod unit;

pub use abi::CType;
pub use abi::Status;
pub use abi::{ERROR_HOOK, take_entry_error};
pub use ast::{
    AExpr, CodegenError, LoopAst, LoopKind, Marks, Node, StmtNode, generate, generate_marked,
};
pub use ast_check::generate_verified;
pub use c::{
    CProgram, function as c_function, versioned as versioned_c, versioned_for as versioned_c_for,
};
pub use decide::{Decided, PackShape};
pub use kernel::{ArrayArg, CEntry, Kernel, KernelError, Version};
pub use native::faithful::faithful_loop_report;
pub use native::model::model_loop_report;
pub use native::module::LoopReport;
pub use optimist_loopy::{Target, TargetKind};
pub use options::{Cpu, NativeOptions};
pub use parallel::Pool;
pub use plan::Plan;
pub use signature::{Arg, CArg, CResult, EntryFn, Signature, check_entry_type};
pub use unit::{
    KernelSymbols, ObjectCode, Runtime, define_kernel, host_isa, jit_builder, object_code,
    runtime_symbols,
};

// The Cranelift crates whose types appear in this crate's public signatures, at the exact
// versions it is built with: an embedder names them through these paths and never pins
// Cranelift by hand.
pub use cranelift_codegen;
pub use cranelift_frontend;
pub use cranelift_jit;
pub use cranelift_module;
pub use cranelift_native;
pub use cranelift_object;
