//! The program side of optimist: the program IR, the C front end and the reference interpreter.
//!
//! - [`ir`]: the core language of the papers with C's types; built by the front end or by other
//!   compilers through its constructors, printed as C.
//! - [`expr`]: the one expression language of the IR and the model bodies (leaves differ), its
//!   constructors with C's conversions, and the one C printer of expressions.
//! - [`builder`]: [`builder::FunctionBuilder`], the IR built through the API (ids, conversions,
//!   validation), for compilers that are not C.
//! - [`frontend`]: C source to IR (`lang-c` parses; `#pragma scop` regions; errors with
//!   `file:line:col`).
//! - [`interp`]: the reference interpreter, whose results every other backend must reproduce
//!   bit for bit.
//! - [`workload`]: the inputs `optimist run` generates and the hashes it prints.
//!
//! - [`model`]: the SCoP model (domains, schedule, accesses, invariant loads, raw facts), its
//!   verifier and dump, and the dependences between accesses.
//! - [`pass`]: the signature every pass over the model has, and what it reports.
//!
//! The IR is the core language of the papers (paper 000 §3.2, paper 003 Figure 3) with C's
//! types; the model is the polyhedral description of paper 000 §3 (domains, schedule,
//! accesses, with reads that the loop nest does not change as parameters: §4.1's invariant
//! loads) and paper 004 §2's program model, whose correspondence to the program Loopy checks.
//!
//! ```
//! use optimist_scop::{frontend, interp, workload};
//! let src = "void scale(int n, double A[n]) { for (int i = 0; i < n; i++) A[i] = 2 * A[i]; }";
//! let f = frontend::parse_source("scale.c", src, None, &Default::default()).unwrap();
//! let spec = workload::RunSpec::parse_args(&["--set", "n=4"]).unwrap();
//! let mut w = workload::Workload::generate(&f, &spec).unwrap();
//! interp::run(&f, &mut w.args, &Default::default()).unwrap();
//! assert_eq!(w.hashes(&f).len(), 1);
//! ```
//!
//! # Design notes
//!
//! The notes on each module are in that module's documentation; these are the crate's own.
//!
//! The program side. Only this crate knows the C parser.
//!
//! - **Deliberately absent.** `while` loops that do not count, `switch`, `break`, `goto`, calls of functions neither math nor declared `const` (`pure` may read memory), pointer
//!   arithmetic, structs and side effects inside expressions are refused, not approximated. The
//!   model never calls isl's scheduler and never changes the program IR.
#![deny(missing_docs)]

pub mod builder;
pub mod expr;
pub mod frontend;
pub mod id;
pub mod interp;
pub mod ir;
pub mod model;
pub mod pass;
pub mod types;
pub mod workload;

pub use types::Type;
