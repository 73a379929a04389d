//! Code generation: from a SCoP model and a schedule to code.
//!
//! - [`ast`]: the loop AST, from isl's AST builder, with every access index computed from the
//!   model's relations as a function of the generated loop iterators.
//! - [`c`]: the AST printed as a C function with the original signature.
//!
//! Still to come (see `ARCHITECTURE.md`): the Cranelift backend, the faithful lowering of the
//! program IR, versioning by the run-time check, and `Kernel::run`.
#![deny(missing_docs)]

pub mod ast;
pub mod c;
pub mod jit;
pub mod jit_model;
pub mod kernel;

pub use ast::{AExpr, CodegenError, LoopAst, Node, generate};
pub use kernel::{ArrayArg, Kernel, KernelError, Options, Version};
