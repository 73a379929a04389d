//! Loopy: not implemented yet.
//!
//! This crate will own the transformation language of Namjoshi and Singhania, *Loopy*: loop tags,
//! the operators `realign`, `lift`, `affine` and `isplit` with their shorthands, the verifier
//! (one-to-one schedule, preserved dependences, reports of violating instances), and the automatic
//! strategy built on the isl scheduler, whose result goes through the same verifier.
#![deny(missing_docs)]
