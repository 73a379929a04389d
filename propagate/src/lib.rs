//! Expression propagation: not implemented yet.
//!
//! This crate will own the algorithm of Doerfert, Sharma and Hack, *Polyhedral Expression
//! Propagation* (CC 2018): propagation dependences and expressions, the reload test, statement
//! splitting, the heuristics and propagation order, dead-write removal.
#![deny(missing_docs)]
