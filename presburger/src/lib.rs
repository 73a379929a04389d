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
//! `isl-rs` builds isl from source and links it; this crate declares the isl functions it calls
//! itself (module `ffi`), because `isl-rs` passes every object as an untyped integer, marks them
//! all `Send`, leaks printed strings and lacks AST generation and callbacks. Every wrapper owns
//! one isl reference and a clone of its `Ctx`, so a context is freed only after its last object.
#![deny(missing_docs)]

// Links the isl library that `isl-rs` builds; nothing else of `isl-rs` is used.
use isl_rs as _;

mod aff;
mod ast;
mod ctx;
mod error;
mod ffi;
mod handle;
mod poly;
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
