//! Running a stage of the pipeline under its isl budget and the deadline ([`run_stage`]): a
//! stop becomes the `Why` naming the stage, here and only here.

use super::*;

/// `f` under `deadline`, if there is one.
fn bounded<T>(
    ctx: &optimist_presburger::Ctx,
    deadline: Option<Instant>,
    f: impl FnOnce() -> Result<T, IslError>,
) -> Result<T, IslError> {
    match deadline {
        Some(d) => ctx.with_deadline(d, f),
        None => f(),
    }
}

/// The error of a stage of the pipeline, which may be isl's (a budget or the deadline that
/// stopped it, or isl failing).
pub(super) trait StageError: From<IslError> {
    /// isl's error inside, if it is one.
    fn isl(&self) -> Option<&IslError>;
}

impl StageError for IslError {
    fn isl(&self) -> Option<&IslError> {
        Some(self)
    }
}

impl StageError for PassError {
    fn isl(&self) -> Option<&IslError> {
        match self {
            PassError::Isl(e) => Some(e),
            _ => None,
        }
    }
}

impl StageError for optimist_assume::AssumeError {
    fn isl(&self) -> Option<&IslError> {
        let optimist_assume::AssumeError::Isl(e) = self;
        Some(e)
    }
}

impl StageError for LoopyError {
    fn isl(&self) -> Option<&IslError> {
        match self {
            LoopyError::Isl(e) => Some(e),
            _ => None,
        }
    }
}

impl StageError for CorrespondenceError {
    fn isl(&self) -> Option<&IslError> {
        match self {
            CorrespondenceError::Isl(e) => Some(e),
            _ => None,
        }
    }
}

impl StageError for CodegenError {
    fn isl(&self) -> Option<&IslError> {
        match self {
            CodegenError::Isl(e) => Some(e),
            _ => None,
        }
    }
}

/// `f` with isl stopped at `deadline` and, with `budget`, after that many operations: its
/// result, isl's stop or failure outside `f` becoming `f`'s error type.
pub(super) fn run_bounded<T, E: StageError>(
    ctx: &optimist_presburger::Ctx,
    deadline: Option<Instant>,
    budget: Option<u64>,
    f: impl FnOnce() -> Result<T, E>,
) -> Result<T, E> {
    let mut out = None;
    let ran = bounded(ctx, deadline, || {
        let run = || {
            out = Some(f());
            Ok(())
        };
        match budget {
            Some(b) => ctx.with_budget(b, run),
            None => run(),
        }
    });
    match (ran, out) {
        (_, Some(Err(e))) => Err(e),
        (Err(e), _) => Err(E::from(e)),
        (Ok(()), Some(Ok(v))) => Ok(v),
        (Ok(()), None) => Err(E::from(IslError::InvalidArgument(
            "a stage of the pipeline did not run".into(),
        ))),
    }
}

/// [`run_bounded`] as stage `stage` of the pipeline: a budget or the deadline that stopped it is
/// the `Why` naming the stage (`limit`: the deadline's), here and only here; any other error is
/// `f`'s for the caller.
pub(super) fn run_stage<T, E: StageError>(
    ctx: &optimist_presburger::Ctx,
    deadline: Option<Instant>,
    limit: Duration,
    stage: Stage,
    budget: Option<u64>,
    f: impl FnOnce() -> Result<T, E>,
) -> Result<Result<T, E>, Why> {
    match run_bounded(ctx, deadline, budget, f) {
        Err(e) if e.isl() == Some(&IslError::Budget) => Err(Why::Budget { stage }),
        Err(e) if e.isl() == Some(&IslError::Deadline) => Err(Why::Deadline { stage, limit }),
        r => Ok(r),
    }
}
