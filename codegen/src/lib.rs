//! Code generation: not implemented yet.
//!
//! This crate will own the output side: the loop AST built by isl from a schedule, its lowering to
//! native code through Cranelift and to C text, the faithful lowering of the program IR (the
//! fallback and the baseline), versioning by the run-time check, and `Kernel::run`, which checks
//! every buffer against the footprint the kernel touches before native code runs.
#![deny(missing_docs)]
