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
//! (the passes over the model), [`loopy`] (verified scripted and automatic transformations)
//! and [`codegen`] (loop ASTs, C text, native code, the safe `Kernel`).
//!
//! Each stage implements one paper (see the crates' front pages): the assumptions and the
//! versioned code paper 000 (CGO 2017), delinearization paper 001 (ICS 2015), DeLICM paper 002
//! (CGO 2018), expression propagation paper 003 (CC 2018), scripts, their verifier and the
//! program-model correspondence check paper 004 (Loopy).
//!
//! ```
//! use optimist::codegen::ArrayArg;
//! use optimist::scop::{frontend, interp::Value};
//! use optimist::{Config, Version};
//! let src = "void scale(int n, int m, double A[n][m], double B[n][m]) {
//!   for (int i = 0; i < n; i++)
//!     for (int j = 0; j < m; j++)
//!       B[i][j] = 0.5 * A[i][j];
//! }";
//! let f = frontend::parse_source("scale.c", src, None, &Default::default()).unwrap();
//! let compiled = optimist::compile(&f, &Config::default()).unwrap();
//! let plan = compiled.outcome.plan().expect("optimized");
//! // The optimized code runs only when A and B do not overlap.
//! assert!(plan.check_c().contains("(long)B"));
//! let (mut a, mut b) = (vec![2.0; 12], vec![0.0; 12]);
//! let version = compiled
//!     .kernel
//!     .call(
//!         &[("n", Value::Int(3)), ("m", Value::Int(4))],
//!         &mut [("A", ArrayArg::F64(&mut a)), ("B", ArrayArg::F64(&mut b))],
//!     )
//!     .unwrap();
//! assert_eq!(version, Version::Optimized);
//! assert_eq!(b, vec![1.0; 12]);
//! ```
#![deny(missing_docs)]

pub mod driver;
pub mod isolate;
pub mod picture;

pub use driver::{
    Budgets, Compiled, Config, Error, Outcome, PASSES, Stage, Strategy, Why, compile, compile_c,
    config_for_c, model_after, optimize,
};
pub use optimist_assume as assume;
pub use optimist_codegen as codegen;
pub use optimist_codegen::{Kernel, NativeOptions, Plan, Version};
pub use optimist_delicm as delicm;
pub use optimist_delin as delin;
pub use optimist_loopy as loopy;
pub use optimist_loopy::{Target, TargetKind};
pub use optimist_presburger as presburger;
pub use optimist_propagate as propagate;
pub use optimist_scop as scop;
