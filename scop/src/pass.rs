//! The contract between the driver and the passes that change the model.
//!
//! A pass is a function over the model with the signature of [`Pass::run`]:
//! `fn(&mut Scop, &PassCx<'_>) -> Result<PassReport, PassError>`. It may change access
//! relations, add, split or delete statements, record assumptions in [`Scop::assumptions`],
//! and must leave a model that [`Scop::verify`] accepts. The driver (the `optimist` facade)
//! runs the passes from one table, each under its own isl budget, times them, and verifies the
//! model after each one in debug builds and tests.
//!
//! ```
//! use optimist_scop::model::Scop;
//! use optimist_scop::pass::{PassCx, PassError, PassReport};
//! // A pass that only looks: it counts the statements.
//! fn count(scop: &mut Scop, _cx: &PassCx<'_>) -> Result<PassReport, PassError> {
//!     Ok(PassReport::unchanged("count", format!("{} statements", scop.stmts.len())))
//! }
//! let src = "void f(int n, double A[n]) { for (int i = 0; i < n; i++) A[i] = 1; }";
//! let f = optimist_scop::frontend::parse_source("f.c", src, None, &Default::default()).unwrap();
//! let mut scop = Scop::build(&f, &Default::default()).unwrap();
//! let report = count(&mut scop, &PassCx::new(&f)).unwrap();
//! assert_eq!(report.summary, "1 statements");
//! ```

use crate::ir::Function;
use crate::model::{Scop, VerifyError};
use std::fmt;
use std::time::Duration;

/// What a pass is given besides the model.
#[derive(Clone, Copy, Debug)]
pub struct PassCx<'a> {
    /// The program the model was built from (read-only: passes change the model, never the
    /// program).
    pub function: &'a Function,
    /// The isl operations the pass may use (the driver runs it under this budget).
    pub max_operations: u64,
}

impl<'a> PassCx<'a> {
    /// The context of a pass over the model of `function`, with the default budget.
    pub fn new(function: &'a Function) -> PassCx<'a> {
        PassCx {
            function,
            max_operations: DEFAULT_PASS_BUDGET,
        }
    }
}

/// The isl operations a pass may use unless the driver's configuration says otherwise.
pub const DEFAULT_PASS_BUDGET: u64 = 20_000_000;

/// What one pass did.
#[derive(Clone, Debug, PartialEq)]
pub struct PassReport {
    /// The pass's name (`delin`, `delicm`, `propagate`, ...).
    pub pass: String,
    /// Whether the model changed.
    pub changed: bool,
    /// Whether every change is one a C compiler makes itself (DeLICM: only values forwarded
    /// into reads of the same iteration, which the compiler's registers hold anyway). A plan
    /// for C that adds nothing else keeps the program's code (`Plan::as_written`).
    pub compiler_does: bool,
    /// What it did, in one line, for people.
    pub summary: String,
    /// How long it ran (filled in by the driver).
    pub time: Duration,
    /// The isl operations it was allowed.
    pub max_operations: u64,
    /// The isl operations it used ([`Ctx::last_operations`]; filled in by the driver): the
    /// machine-independent measure of its work that its budget bounds.
    ///
    /// [`Ctx::last_operations`]: optimist_presburger::Ctx::last_operations
    pub operations: u64,
    /// The parts of the stage, in order, where the driver measures them (the schedule stage:
    /// dependences, each step of the strategy, the loop AST).
    pub parts: Vec<Part>,
}

/// A part of a stage of the driver, as [`PassReport::parts`] lists them.
#[derive(Clone, Debug, PartialEq)]
pub struct Part {
    /// What it is (`dependences`, `strategy: isl scheduler`, `loop AST`, ...).
    pub name: String,
    /// Its wall time.
    pub time: Duration,
    /// The isl operations it used, where it runs under a budget of its own.
    pub operations: Option<u64>,
}

impl Part {
    /// A part that took `time`, with the operations it used if known.
    pub fn new(name: impl Into<String>, time: Duration, operations: Option<u64>) -> Part {
        Part {
            name: name.into(),
            time,
            operations,
        }
    }
}

impl PassReport {
    /// A report of a pass that left the model as it was.
    pub fn unchanged(pass: &str, summary: impl Into<String>) -> PassReport {
        PassReport {
            pass: pass.to_string(),
            changed: false,
            compiler_does: false,
            summary: summary.into(),
            time: Duration::ZERO,
            max_operations: 0,
            operations: 0,
            parts: Vec::new(),
        }
    }

    /// A report of a pass that changed the model.
    pub fn changed(pass: &str, summary: impl Into<String>) -> PassReport {
        PassReport {
            changed: true,
            ..PassReport::unchanged(pass, summary)
        }
    }
}

impl fmt::Display for PassReport {
    /// `delin: 0.12 ms, changed: 2 accesses delinearized`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {:.2} ms, {}: {}",
            self.pass,
            self.time.as_secs_f64() * 1e3,
            if self.changed { "changed" } else { "unchanged" },
            self.summary
        )
    }
}

/// Why a pass stopped. The driver turns it into a faithful-only outcome that names the pass.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum PassError {
    /// *Limit reached* (`Error::Budget`: allow the pass more operations) or a *bug* in isl use.
    #[error(transparent)]
    Isl(#[from] optimist_presburger::Error),
    /// *Unsupported input*: the pass cannot handle this model and left it unusable: the
    /// reason.
    #[error("{0}")]
    Bail(String),
    /// *Bug* in the pass: it left a model that breaks an invariant.
    #[error("the model after the pass is invalid: {0}")]
    Verify(#[from] VerifyError),
}

/// A pass as the driver's table holds it.
#[derive(Clone, Copy)]
pub struct Pass {
    /// Its name, as `optimist show scop --after NAME` and the configuration say it.
    pub name: &'static str,
    /// What it does, in one line.
    pub about: &'static str,
    /// The pass.
    pub run: fn(&mut Scop, &PassCx<'_>) -> Result<PassReport, PassError>,
}

/// Runs `transform` on `scop`; when isl's operation budget runs out, restores the model as it
/// was, records `NAME: bailed out: ...` among its diagnostics and reports the pass unchanged
/// (a limit, not an error: the pipeline goes on without the pass). Other errors pass through.
pub fn bail_out_on_budget(
    name: &str,
    scop: &mut Scop,
    cx: &PassCx<'_>,
    transform: impl FnOnce(&mut Scop, &PassCx<'_>) -> Result<PassReport, PassError>,
) -> Result<PassReport, PassError> {
    let original = scop.clone();
    match transform(scop, cx) {
        Err(PassError::Isl(optimist_presburger::Error::Budget)) => {
            *scop = original;
            scop.diagnostics.push(format!(
                "{name}: bailed out: the isl operation budget ({}) ran out; the model is unchanged",
                cx.max_operations
            ));
            Ok(PassReport::unchanged(
                name,
                "bailed out: the isl operation budget ran out; model unchanged",
            ))
        }
        other => other,
    }
}

impl fmt::Debug for Pass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Pass").field("name", &self.name).finish()
    }
}
