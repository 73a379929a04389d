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
#![deny(missing_docs)]

pub mod abi;
pub mod ast;
mod ast_check;
pub mod c;
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
pub use kernel::{ArrayArg, Kernel, KernelError, NativeOptions, Version};
pub use plan::Plan;
