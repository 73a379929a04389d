//! DeLICM: the pass exists, the algorithm does not yet.
//!
//! This crate will own the algorithm of Kruse and Grosser, *DeLICM*: zones, lifetimes and known
//! content, the greedy mapping of scalars onto unused array elements, operand tree forwarding, and
//! the clean-up of accesses made dead.
//!
//! The entry point [`run`] has the signature of every pass over the model
//! ([`optimist_scop::pass`]); the driver in the `optimist` facade calls it through [`PASS`].
//! Today it leaves the model unchanged and says so in its report.
#![deny(missing_docs)]

use optimist_scop::model::Scop;
use optimist_scop::pass::{Pass, PassCx, PassError, PassReport};

/// The pass as the driver's table holds it.
pub const PASS: Pass = Pass {
    name: "delicm",
    about: "map scalars onto unused array elements (paper 002)",
    run,
};

/// Runs DeLICM over `scop`: not implemented yet, so the model is left unchanged.
pub fn run(scop: &mut Scop, cx: &PassCx<'_>) -> Result<PassReport, PassError> {
    let _ = (scop, cx);
    Ok(PassReport::unchanged(
        PASS.name,
        "not implemented yet: model unchanged",
    ))
}
