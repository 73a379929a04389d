//! Code generation: from a SCoP model and a schedule to code.
//!
//! - [`abi`]: the calling convention of every kernel: the argument block and the [`abi::Status`]
//!   a run ends with.
//! - [`ast`]: the loop AST, from isl's AST builder, with every access index computed from the
//!   model's relations as a function of the generated loop iterators.
//! - [`c`]: the AST printed as a C function with the original signature.
//! - [`jit`]: native code through Cranelift, and the faithful lowering of the program IR (the
//!   baseline and the fallback); [`jit_model`]: native code for a model and a loop AST, with
//!   loops marked parallel on threads ([`parallel`], sized by [`NativeOptions`]).
//! - [`plan`]: [`Plan`], what the driver (`optimist::optimize`) decided: the model, the
//!   schedule and its AST, the run-time check. Code generation decides nothing about the model.
//! - [`kernel`]: [`Kernel`], compiled code with safe entry points that check their arguments;
//!   the model-based code is versioned by the run-time check of its assumptions
//!   (`optimist_assume`) and calls the faithful code when the check fails.
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
//! let c = optimist_codegen::c::versioned(&f, None, "axpy").unwrap();
//! assert!(c.code.contains("void axpy(int n, double a, double X[n], double Y[n])"));
//! ```
#![deny(missing_docs)]

pub mod abi;
pub mod ast;
mod ast_check;
mod block;
pub mod c;
pub mod decide;
pub mod jit;
pub mod jit_model;
pub mod kernel;
pub mod parallel;
pub mod plan;
pub mod versioned;

pub use ast::{
    AExpr, CodegenError, LoopAst, LoopKind, Marks, Node, generate, generate_marked,
    generate_verified,
};
pub use c::CProgram;
pub use decide::{DLoop, DNode, Decided, Exec, decide};
pub use kernel::{ArrayArg, Kernel, KernelError, NativeOptions, Version};
pub use optimist_loopy::{Target, TargetKind};
pub use plan::Plan;
