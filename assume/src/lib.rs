//! Optimistic assumptions: not implemented yet.
//!
//! This crate will own the assumption framework of Doerfert, Grosser and Hack, *Optimistic Loop
//! Optimization* (CGO 2017): the kinds RT, EE, BL, IB and AA (plus DL for delinearization) as
//! Presburger sets over parameters, their simplification, per-kind statistics, and the run-time
//! check as an overflow-checked expression tree with guarded pre-loads of invariant reads.
#![deny(missing_docs)]
