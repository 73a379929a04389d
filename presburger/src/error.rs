//! The error type of the crate.

use std::fmt;

/// The kinds of error isl reports (`enum isl_error`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IslErrorKind {
    /// *Limit reached*: `isl_error_abort`, the computation was aborted (isl's own operation
    /// limit).
    Abort,
    /// *Limit reached*: `isl_error_alloc`, memory allocation failed.
    Alloc,
    /// *Bug* (of isl, or of a caller breaking its contract): `isl_error_unknown`, an internal
    /// assertion failed.
    Unknown,
    /// *Bug* of isl: `isl_error_internal`, an internal error.
    Internal,
    /// *Invalid input* (text given to a parser) or a *bug* (mismatched spaces):
    /// `isl_error_invalid`, for example a syntax error.
    Invalid,
    /// *Unsupported input*: `isl_error_unsupported`, isl does not support the operation on
    /// this input.
    Unsupported,
}

impl fmt::Display for IslErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            IslErrorKind::Abort => "abort",
            IslErrorKind::Alloc => "out of memory",
            IslErrorKind::Unknown => "unknown",
            IslErrorKind::Internal => "internal",
            IslErrorKind::Invalid => "invalid",
            IslErrorKind::Unsupported => "unsupported",
        })
    }
}

/// Everything that can go wrong in this crate.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// isl reported an error. *Invalid input* when `kind` is [`IslErrorKind::Invalid`] (bad isl
    /// text, mismatched spaces); otherwise a *bug* in the caller or in isl.
    #[error("isl error ({kind}): {message} (at {file}:{line})")]
    Isl {
        /// isl's classification.
        kind: IslErrorKind,
        /// isl's message, for example `unknown identifier`.
        message: String,
        /// The isl source file that raised the error.
        file: String,
        /// The line in that file.
        line: u32,
    },
    /// *Limit reached*: the operation budget set by [`Ctx::with_budget`](crate::Ctx::with_budget)
    /// ran out. The context stays usable.
    #[error("the isl operation budget ran out; allow more operations or simplify the input")]
    Budget,
    /// *Limit reached*: the wall-clock deadline set by
    /// [`Ctx::with_deadline`](crate::Ctx::with_deadline) passed while isl was working. The
    /// context stays usable.
    #[error("the isl computation passed its deadline; allow more time or simplify the input")]
    Deadline,
    /// *Bug* in the caller: objects from two different [`Ctx`](crate::Ctx)s were combined.
    #[error("objects from different isl contexts were combined")]
    ContextMismatch,
    /// *Invalid input*: an argument the operation cannot accept, with the reason.
    #[error("invalid argument: {0}")]
    InvalidArgument(String),
    /// *Limit reached*: an enumeration found more elements than the caller allowed.
    #[error("more than {limit} elements to enumerate")]
    TooMany {
        /// The limit that was exceeded.
        limit: usize,
    },
    /// *Invalid input*: a [`Polynomial`](crate::Polynomial) could not be parsed.
    #[error("cannot parse polynomial at byte {offset}: {message}")]
    PolynomialSyntax {
        /// Byte offset of the problem in the input.
        offset: usize,
        /// What was expected.
        message: String,
    },
}

/// The result type of the crate.
pub type Result<T, E = Error> = std::result::Result<T, E>;
