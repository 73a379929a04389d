//! Native code through Cranelift: the JIT module and its run time (`module.rs`), the lowering
//! kit every native function is built with (`lower.rs`), the faithful lowering of the program
//! IR with its range tests (`faithful/`), the model lowering of a decided tree (`model/`) and
//! the versioned entry (`versioned.rs`). Each part imports only the ones before it.
//!
//! The faithful lowering:
//!
//! The faithful lowering compiles the program IR itself, with no model and no assumption: it is
//! the baseline for speed comparisons and the fallback the run-time check selects, so it must
//! be right for every input, including aliasing buffers and wrapping arithmetic. Integers use
//! their C widths (unsigned arithmetic wraps like C; narrowing wraps like gcc), `float` stays
//! single precision, there is no FMA, and math calls go to the C library. What would trap in
//! native code (division by zero, `MIN / -1`) or leave the buffers it was given (an out-of-bounds
//! access) returns an error status instead, so that a bad input never kills the process.
//!
//! The calling convention (argument block and status) is [`crate::abi`]'s.
//!
//! # Design notes
//!
//! - **Cranelift** (`native/`: `lower.rs`, `faithful/`, `model/`, `versioned.rs`). The lowering (`Lowering`) is
//!   written against `&mut dyn cranelift_module::Module`, so a lowering may add functions to its
//!   module (outlined loop bodies) and another module kind could be used. The **faithful lowering** compiles the program IR itself (no model, no assumption):
//!   C widths, wrapping like C and gcc, single-precision `float`, no FMA, math through libm. The
//!   **model lowering** compiles a loop AST and the statement bodies. Both check every access
//!   against its buffer, and turn division by zero and `MIN / -1` into an error status instead of
//!   a trap, so native code never leaves the memory it was given or kills the process. The model
//!   lowering leaves out the check for arrays whose every subscript lies inside its declared
//!   dimension whenever the run-time check holds (`in_declared_bounds` is part of it): in a 700³
//!   product the checks cost more than the loop order gains. **Versioning** (`versioned.rs`,
//!   `compile_versioned`):
//!   a separate entry function pre-loads the invariant reads (only where the program reads them and
//!   only inside the memory given, Algorithm 2), evaluates the `RuntimeCheck` with
//!   `sadd/ssub/smul_overflow` (any overflow, or an `unsigned long` beyond `i64`, fails it), and on
//!   failure calls the faithful function (`call_indirect`, same argument block) and returns its
//!   status with the fallback flag; when it holds, it compares the footprints of the array
//!   parameters with their buffers (an exact, one-dimensional footprint outside its buffer is
//!   `Status::Footprint`, before anything is written; a whole-row one of an array with several
//!   dimensions sends the call to the faithful code, since the buffer may hold less than the
//!   declared shape and still everything the program touches), stores the
//!   pre-loaded values in the argument block after the parameters' slots, and calls the model
//!   function, which reads them from there. The check lives outside the model function because
//!   inside it the interchanged 700³ product ran 15-20% slower (265 ms against 221 ms): the
//!   model's loops must compile exactly as without versioning. Loops test
//!   for the exit first and blocks are sealed as soon as their predecessors are known, so
//!   Cranelift hoists invariant address arithmetic out of inner loops (a test checks the optimized
//!   IR).

pub(crate) mod faithful;
pub(crate) mod lower;
pub(crate) mod model;
pub(crate) mod module;
pub(crate) mod versioned;
pub(crate) mod wide;

pub(crate) use faithful::{LowerLeaves, define_faithful, lower_expr};
pub(crate) use lower::{HasLowering, Lowering, clif, lower_if, lower_loop};
pub(crate) use module::{
    Compiled, Keep, LoopReport, all_symbols, define_with, err, finish, host_isa, isa, jit_builder,
    kernel_signature, new_module, runtime_symbols,
};
