//! optimist: polyhedral loop optimization as a library.
//!
//! This facade holds the **driver** ([`optimize`]): the one pipeline from a program
//! ([`scop::ir::Function`], built by a compiler through the API or parsed from C) to a
//! [`Plan`] that code generation compiles — build the model, check that it is the program,
//! run the passes over the model (delinearization, DeLICM, expression propagation), collect the
//! optimistic assumptions, schedule (original order, a verified Loopy script, or the automatic
//! strategy), generate the loop AST and the run-time check. [`compile`] and [`compile_c`] add
//! native code (Cranelift) or C text, versioned by that check; when optimization is not
//! possible, [`Outcome::FaithfulOnly`] says why and only the faithful translation is used.
//!
//! The crates of the family are re-exported: [`presburger`] (the safe face of isl), [`scop`]
//! (program IR, C front end, interpreter, model, dependences, the pass contract), [`assume`]
//! (optimistic assumptions and their run-time check), [`delin`], [`delicm`], [`propagate`]
//! (the passes, to be filled in), [`loopy`] (verified scripted and automatic transformations)
//! and [`codegen`] (loop ASTs, C text, native code, the safe `Kernel`).
#![deny(missing_docs)]

pub mod driver;

pub use driver::{
    Budgets, Compiled, Config, Error, Outcome, PASSES, Stage, Strategy, Why, compile, compile_c,
    model_after, optimize,
};
pub use optimist_assume as assume;
pub use optimist_codegen as codegen;
pub use optimist_codegen::{Kernel, NativeOptions, Plan, Version};
pub use optimist_delicm as delicm;
pub use optimist_delin as delin;
pub use optimist_loopy as loopy;
pub use optimist_presburger as presburger;
pub use optimist_propagate as propagate;
pub use optimist_scop as scop;
