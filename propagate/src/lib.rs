//! Expression propagation: the pass exists, the algorithm does not yet.
//!
//! This crate will own the algorithm of Doerfert, Sharma and Hack, *Polyhedral Expression
//! Propagation* (CC 2018): propagation dependences and expressions, the reload test, statement
//! splitting, the heuristics and propagation order, dead-write removal.
//!
//! The entry point [`run`] has the signature of every pass over the model
//! ([`optimist_scop::pass`]); the driver in the `optimist` facade calls it through [`PASS`].
//! Today it leaves the model unchanged and says so in its report.
#![deny(missing_docs)]

use optimist_scop::model::Scop;
use optimist_scop::pass::{Pass, PassCx, PassError, PassReport};

/// The pass as the driver's table holds it.
pub const PASS: Pass = Pass {
    name: "propagate",
    about: "propagate expressions, remove temporaries (paper 003)",
    run,
};

/// Runs expression propagation over `scop`: not implemented yet, so the model is left unchanged.
pub fn run(scop: &mut Scop, cx: &PassCx<'_>) -> Result<PassReport, PassError> {
    let _ = (scop, cx);
    Ok(PassReport::unchanged(
        PASS.name,
        "not implemented yet: model unchanged",
    ))
}
