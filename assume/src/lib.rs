//! Optimistic assumptions and the run-time check (paper 000: Doerfert, Grosser and Hack,
//! *Optimistic Loop Optimization*, CGO 2017).
//!
//! The model [`Scop::build`](optimist_scop::model::Scop::build) makes is faithful to the program
//! only under conditions it cannot prove: reads turned into parameters are not overwritten
//! (RT), integer expressions of wrapping C types compute as in ℤ (EE), `!=` loops reach their
//! bound (BL), inner subscripts stay inside their sizes (IB), arrays reached through different
//! pointers do not overlap (AA), and delinearized subscripts are valid (DL, recorded by that
//! pass). [`collect`] computes each as a set of parameter values (AA as a comparison of the
//! lowest and highest addresses two arrays touch), simplifies their conjunction (§5), and
//! [`RuntimeCheck`] turns it into an expression tree evaluated with overflow checking
//! (Algorithm 1) over the parameters and guarded pre-loads of the invariant reads
//! (Algorithm 2). Code generation runs the optimized code when the check holds and the
//! faithful translation of the program otherwise.
//!
//! ```
//! use optimist_scop::{frontend, model::Scop};
//! let src = "void f(int n, int m, double A[100][100], double B[100][100]) {
//!   for (int i = 0; i < n; i++)
//!     for (int j = 0; j < m; j++)
//!       A[i][j] = B[i][j];
//! }";
//! let f = frontend::parse_source("f.c", src, None, &Default::default()).unwrap();
//! let mut scop = Scop::build(&f, &Default::default()).unwrap();
//! let a = optimist_assume::collect(&mut scop, &Default::default()).unwrap();
//! // Inner subscripts in bounds, once the values where nothing runs are dropped.
//! assert_eq!(a.valid.to_string(), "[n, m] -> {  : m <= 100 }");
//! // A and B are different parameters: they must not overlap.
//! assert_eq!(a.aliasing.len(), 1);
//! ```
#![deny(missing_docs)]

mod check;
mod collect;

pub use check::{CheckExpr, CheckLeaf, Footprint, Preload, RuntimeCheck};
pub use collect::{AliasPair, Assumptions, KindStats, collect, in_declared_bounds};

/// Limits of [`collect`].
#[derive(Clone, Debug)]
pub struct Config {
    /// isl operations the collection and simplification may use.
    pub max_operations: u64,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            max_operations: 20_000_000,
        }
    }
}

/// Why the assumptions could not be computed (the faithful code is then the only code).
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum AssumeError {
    /// *Limit reached* (`Error::Budget`: allow more operations in [`Config`]) or a *bug*.
    #[error("assumptions: {0}")]
    Isl(#[from] optimist_presburger::Error),
}
