//! A safe, typed Rust face of isl, the integer set library, for polyhedral compilation.
//!
//! Everything lives in a [`Ctx`]: one per compilation, not shared between threads (no type
//! here is `Send`). Objects are immutable values; methods take `&self` and return new objects,
//! and every isl failure comes back as an [`Error`] from the call that caused it, never as
//! output on stderr. Sets, maps and functions read and print isl notation.
//!
//! ```
//! use optimist_presburger::{Ctx, Set, Map};
//! # fn main() -> Result<(), optimist_presburger::Error> {
//! let ctx = Ctx::new();
//! let domain = Set::parse(&ctx, "[n] -> { S[i] : 0 <= i < n }")?;
//! let shift = Map::parse(&ctx, "{ S[i] -> S[i + 1] }")?;
//! let image = domain.apply(&shift)?;
//! assert_eq!(image.to_string(), "[n] -> { S[i0] : 0 < i0 <= n }");
//! // Parameter values for which the domain has an instance.
//! assert_eq!(domain.params()?.to_string(), "[n] -> {  : n > 0 }");
//! # Ok(()) }
//! ```
//!
//! Besides isl, the crate has [`Polynomial`], integer polynomials over named variables, for
//! subscripts that are not (yet) affine.
//!
//! # Threads
//! isl contexts are not thread-safe, so nothing here can cross threads; this does not compile:
//! ```compile_fail
//! fn needs_send<T: Send>(_: T) {}
//! needs_send(optimist_presburger::Ctx::new());
//! ```
//! ```compile_fail
//! fn needs_sync<T: Sync>() {}
//! needs_sync::<optimist_presburger::Set>();
//! ```
//!
//! # How isl is reached
//! `optimist-isl-sys` compiles isl 0.27 from its sources (with optimist's fixes, in the
//! small-integer configuration) and links it; this crate declares the isl functions it calls
//! (module `ffi`) with one opaque Rust type per isl type. Every wrapper owns one isl reference
//! and a clone of its `Ctx`, so a context is freed only after its last object. [`isl_version`]
//! tells which build of isl the program runs.
//!
//! # Design notes
//!
//! The safe, typed Rust face of isl 0.27, plus integer polynomials. Knows nothing about programs.
//!
//! - **Entry points.** `Ctx` (one per compilation); the isl types `Space`, `Id`, `Set`, `Map`,
//!   `UnionSet`, `UnionMap`, `Point`, `Val`, `Aff`, `PwAff`, `MultiAff`, `PwMultiAff`, `MultiVal`,
//!   `MultiUnionPwAff`, `Schedule`, `ScheduleNode`, `ScheduleConstraints`, `UnionAccessInfo`,
//!   `UnionFlow`, `AstBuild`, `AstNode`, `AstExpr` (with the typed views `AstNodeKind`,
//!   `AstExprKind`); `Ctx::with_budget`; `Polynomial` and `Monomial`.
//! - **How isl is reached.** `optimist-isl-sys` compiles `libisl.a` from the isl sources it
//!   carries, with a C compiler alone, and links it: every build of this crate (in optimist's
//!   workspace, as a path or registry dependency, through `cargo install`) runs the same isl.
//!   That isl is the small-integer build (`imath-32`): half of isl's time went to big-integer
//!   arithmetic on values that fit in 32 bits; with `imath-32` the median `--opt default`
//!   compile of the corpus fell from 199 ms to 96 ms and the release test suite from 192 s to
//!   66 s. Its sources carry optimist's fixes (the crate's README): `isl_scheduler_scc.c`, whose
//!   scheduler wrote out of bounds on an empty dependence edge, `isl_stream.c`, which leaked
//!   a token, and `isl_constraint.c`, whose coalescing depended on heap addresses. The module `ffi` declares exactly the isl functions we call, with one opaque Rust
//!   type per isl type (checked by the compiler: which object goes where, who owns it), leaks
//!   no printed string and covers AST generation and callbacks. `handle.rs` holds the one macro
//!   that defines a wrapper type (ownership, `Clone`, `Display`, `Debug`, `PartialEq`) and the one
//!   that defines methods calling a single isl function, so each isl call is written once.
//! - **Ownership in the types.** isl's `__isl_take` / `__isl_keep` annotations were copied from its
//!   headers into the `ffi` signatures as `Take<T>` / `Keep<T>` (transparent pointer wrappers).
//!   A wrapper yields a `Keep` only from `Handle::keep` and a `Take` only from `Handle::take` (a fresh
//!   reference), so calling a function with the wrong ownership does not compile; `isl_methods!` has
//!   one form per shape (`fn` takes everything, `get fn` keeps `self` and returns an object, `keep fn`
//!   returns a bool or a size). A `Take` that is never handed over (an argument list left early by
//!   `?`) frees its reference on drop. valgrind over the wrapper tests is part of `scripts/test.sh`.
//! - **Invariants.** Every wrapper owns exactly one isl reference and an `Rc` of its context, so a
//!   context outlives its objects and nothing is `Send`/`Sync` (a `compile_fail` doc test checks).
//!   Methods take `&self` and hand isl fresh references. isl runs with `on_error = continue` and
//!   never prints; after every call the context's error is read and cleared, so an error comes back
//!   from the call that caused it (`Error::Isl` with isl's kind, message and source line; the quota
//!   error becomes `Error::Budget`). Objects of two contexts are never combined
//!   (`Error::ContextMismatch`). Printed strings are copied and freed. Callbacks (`foreach_*`, the
//!   at-each-domain callback of `AstBuild`) go through trampolines that catch panics and resume them
//!   after isl has returned, and turn a closure's error into the call's error.
//! - **Parsed objects are kept.** `parse` (sets, maps, unions, affine functions) keeps one
//!   reference per context, type and text (at most 4,096) and hands out copies: the library builds
//!   the same small relations (unit steps, lexicographic orders, carried differences) many times
//!   per compilation, and isl's parser was 15% of a compile. The context frees them when it goes;
//!   a failed parse is not kept.
//! - **Budget.** `Ctx::with_budget(n, f)` sets isl's max-operations for the duration of `f`, then
//!   restores the previous limit and clears the counter; a context is usable after a budget ran out.
//! - **Deadline.** `Ctx::with_deadline(t, f)`: a watchdog thread sleeps until `t` and then sets
//!   isl's abort flag (`isl_ctx_abort`), which isl polls before every operation (every allocation),
//!   so isl stops within microseconds and each later call fails with `Error::Deadline` until `f`
//!   returns; the thread is woken and joined, and `isl_ctx_resume` clears the flag. isl raises
//!   `isl_error_abort` for nothing else, so that code maps to `Deadline`.
//! - **Polynomial.** Always stored expanded (`BTreeMap<Monomial, BigInt>`, no zero coefficients),
//!   ordered by the graded lexicographic monomial order, which makes `div_rem` terminate and
//!   printing canonical. Parsing is bounded (nesting depth, exponent, degree, term count and work
//!   per multiplication) so that short text cannot demand an enormous expansion or overflow the
//!   stack. `to_aff` turns an affine polynomial into an isl `Aff` over named dimensions.
//! - **Deliberately absent.** No isl type is exposed raw; no global context; no isl function that
//!   has not been wrapped and tested. Equality of `AstNode` (which isl lacks) compares printed C;
//!   `AstBuild` has no notation and compares by identity.
#![deny(missing_docs)]

/// The build of isl this program runs, as isl reports it: `isl-0.27+optimist.4-IMath-32`
/// (isl 0.27 with optimist's four fixes, the small-integer configuration), whatever crate
/// depends on this one. A program that printed anything else would not run optimist's isl.
pub fn isl_version() -> &'static str {
    optimist_isl_sys::version()
}

mod aff;
mod ast;
mod ctx;
mod error;
mod ffi;
mod handle;
mod poly;
mod read;
mod schedule;
mod set;

pub use aff::{Aff, MultiAff, MultiUnionPwAff, MultiVal, PwAff, PwMultiAff, UnionPwMultiAff, Val};
pub use ast::{AstBuild, AstExpr, AstExprKind, AstNode, AstNodeKind, AstOp};
pub use ctx::{AstOptions, Ctx, ScheduleOptions};
pub use error::{Error, IslErrorKind, Result};
pub use poly::{Monomial, Polynomial};
pub use schedule::{
    AstLoopType, Schedule, ScheduleConstraints, ScheduleNode, ScheduleNodeType, UnionAccessInfo,
    UnionFlow,
};
pub use set::{DimType, Id, Map, Point, Set, Space, UnionMap, UnionSet};
