//! DeLICM: not implemented yet.
//!
//! This crate will own the algorithm of Kruse and Grosser, *DeLICM*: zones, lifetimes and known
//! content, the greedy mapping of scalars onto unused array elements, operand tree forwarding, and
//! the clean-up of accesses made dead.
#![deny(missing_docs)]
