//! Delinearization: the pass exists, the algorithm does not yet.
//!
//! This crate will own the algorithm of Grosser et al., *Optimistic Delinearization of
//! Parametrically Sized Arrays* (ICS 2015): polynomial subscripts of flat pointers turned into
//! multi-dimensional affine accesses with one shape per array, with the validity conditions
//! recorded as DL assumptions.
//!
//! The entry point [`run`] has the signature of every pass over the model
//! ([`optimist_scop::pass`]); the driver in the `optimist` facade calls it through [`PASS`].
//! Today it leaves the model unchanged and says so in its report; [`shape`] holds the algebra of
//! §3.1, §3.2 and §3.4 (shape inference, division, the gcd adjustment), tested on its own and
//! not yet wired into the model.
#![deny(missing_docs)]

pub mod shape;

use optimist_scop::model::Scop;
use optimist_scop::pass::{Pass, PassCx, PassError, PassReport};

/// The pass as the driver's table holds it.
pub const PASS: Pass = Pass {
    name: "delin",
    about: "delinearize polynomial subscripts into multi-dimensional arrays (paper 001)",
    run,
};

/// Runs delinearization over `scop`: not implemented yet, so the model is left unchanged.
pub fn run(scop: &mut Scop, cx: &PassCx<'_>) -> Result<PassReport, PassError> {
    let _ = (scop, cx);
    Ok(PassReport::unchanged(
        PASS.name,
        "not implemented yet: model unchanged",
    ))
}
