//! optimist: polyhedral loop optimization as a library.
//!
//! This facade re-exports the crates of the family and will offer the default `Pipeline`
//! (build, delinearize, assume, DeLICM, propagate, transform, generate code). Implemented today:
//! [`presburger`] (the safe face of isl), [`scop`] (program IR, C front end, interpreter, model,
//! dependences), [`assume`] (optimistic assumptions and their run-time check), [`loopy`]
//! (verified scripted and automatic transformations) and [`codegen`] (loop ASTs, C text, native
//! code through Cranelift, versioned by the run-time check, the safe `Kernel`).
#![deny(missing_docs)]

pub use optimist_assume as assume;
pub use optimist_codegen as codegen;
pub use optimist_loopy as loopy;
pub use optimist_presburger as presburger;
pub use optimist_scop as scop;
