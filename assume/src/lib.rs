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
//!
//! # Design notes
//!
//! Depends on `presburger` and `scop`.
//!
//! - **Collection** (`collect.rs`). `collect(&mut Scop, &Config)` (under an isl budget) computes
//!   each assumption as the parameter values (scalars and invariant loads) where it holds: RT (no
//!   write's location `W` meets an invariant read's location where it is read), EE (every wrapping
//!   part of an expression, and every increment of a counter of a wrapping type, stays in its type
//!   on the instances that evaluate it; signed arithmetic of `int` width or more is undefined on
//!   overflow and needs none), BL (a `!=` exit is reached: `bound - init` a non-negative multiple
//!   of the step; an `==` exit runs its iteration exactly when the model does), IB (per statement
//!   and array, every subscript but the outermost inside its declared size, constant or
//!   parametric), and the ones recorded before (DL). Assumptions true for every value of the
//!   parameter types are not taken. AA is not a parameter set: `AliasPair`s of arrays reached
//!   through different pointer parameters, at least one written (invariant reads count), neither
//!   `restrict`, of one element type unless one is a character type (C's effective-type rule makes
//!   other overlaps undefined).
//! - **Simplification** (§5). Restrictions (unions of invalid values) for every kind but IB
//!   (positive, intersected); EE and BL decide which instances run, so they are kept whole, and the
//!   others are gisted with the values where some instance runs under them (Figure 7: `M <= 100 or
//!   N <= 0` becomes `M <= 100`), all gisted with the types' ranges. Existential variables are
//!   dropped from the invalid values (an over-approximation) unless that leaves no value where the
//!   region runs (loop_forms' "n even" is kept as `n % 2 == 0`). Statically infeasible assumptions
//!   are reported (`infeasible`) and code generation then keeps only the fallback. Per kind:
//!   taken, and not implied by those taken before (Figure 16's columns; AA counts its pairs).
//! - **Run-time check** (`check.rs`). `RuntimeCheck::build(scop, assumptions, extra)`: `Preload`s
//!   (each invariant read with the condition where the program performs it, over scalars and
//!   earlier pre-loads; `None` when it needs itself or a later read) and one `CheckExpr` (isl's AST
//!   expression of the simplified set conjoined with `extra`, and per alias pair "untouched or
//!   disjoint": byte addresses from `Footprint`s, the first subscript's range times the inner
//!   sizes, sound under IB; the whole buffer when an access is not exact). Leaves: parameters,
//!   array addresses, and buffer extents (only native code knows them). The footprint of every
//!   array parameter is computed once and kept (`RuntimeCheck::footprints`) for the pairs and for
//!   code generation's footprint check. `eval` computes in `i64`
//!   with every operand evaluated and fails on any overflow (Algorithm 1).
//!   `in_declared_bounds(scop, array)` is the set where every subscript, the outermost too, lies in
//!   its declared size (code generation drops range checks under it).
//!
//! - **The pass contract** (`pass.rs`). A pass is `fn(&mut Scop, &PassCx<'_>) -> Result<PassReport,
//!   PassError>`: it may change accesses, add, split or delete statements and record assumptions,
//!   and must leave a model `Scop::verify` accepts. `PassCx` holds the program (read-only) and the
//!   pass's isl budget; `PassReport` says whether the model changed, what was done, and (filled by
//!   the driver) the time and the budget (isl counts operations but has no getter for the count);
//!   `PassError` is a budget, a bail-out with a reason, or a broken model. `Pass` (name, about,
//!   function) is what the driver's table holds. `bail_out_on_budget` wraps a pass's work so that
//!   isl's budget running out restores the model and reports the pass unchanged (DeLICM and
//!   propagation use it). Model edits that renumber live in `model/edit.rs`
//!   (`remove_statements`, `split_statement`); `Scop::touches` says whether the model still
//!   touches a program array (the C printer and the kernel leave untouched locals to the faithful
//!   code).
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
