//! The program side of optimist: not implemented yet.
//!
//! This crate will own (see `ARCHITECTURE.md`):
//! - the **program IR**: typed parameters, arrays (fixed-size, C99 variable-length, flat
//!   pointers), scalars, `for` loops, `if`, assignments and pure math calls, with C semantics;
//! - the **C front end**, which parses with `lang-c` and lowers a function or a `#pragma scop`
//!   region to the IR, reporting anything outside the subset with a source span;
//! - the **reference interpreter**, the ground truth every test compares against;
//! - the **SCoP model** (iteration domains, schedule tree, access relations, statement bodies as
//!   expression trees) with its verifier and textual dump;
//! - **dependences** at access granularity (RAW, WAR, WAW) through isl dataflow.
#![deny(missing_docs)]
