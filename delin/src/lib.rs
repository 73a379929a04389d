//! Delinearization: not implemented yet.
//!
//! This crate will own the algorithm of Grosser et al., *Optimistic Delinearization of
//! Parametrically Sized Arrays* (ICS 2015): polynomial subscripts of flat pointers turned into
//! multi-dimensional affine accesses with one shape per array, with the validity conditions
//! recorded as DL assumptions.
#![deny(missing_docs)]
