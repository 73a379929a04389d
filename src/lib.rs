//! optimist: polyhedral loop optimization as a library.
//!
//! This facade will re-export the crates of the family and offer the default `Pipeline`
//! (build, delinearize, assume, DeLICM, propagate, transform, generate code). Today only the
//! bottom layer exists: [`presburger`], the safe face of isl.
#![deny(missing_docs)]

pub use optimist_presburger as presburger;
