//! Random C programs for optimist's tests, and the check that runs one through the reference
//! interpreter and every backend and configuration.
//!
//! - [`programs`]: proptest strategies of kernels ([`programs::program`]): up to four loop nests
//!   in sequence, each 1 to 4 loops deep, with constant, parametric (`n`, `n + 2`, `m + 2`),
//!   triangular, loaded and strided bounds, reversed loops and counting `while` loops; affine
//!   (`i + d`, `i - d`), linearized, non-affine and indirect subscripts; arrays of `double`,
//!   `float`, `int`, `unsigned char` and `long` with fixed, variable-length and flat-pointer
//!   shapes side by side; C's mixed arithmetic (integer subexpressions with integer division in
//!   floating ones, values converted on assignment); scalars carried from nest to nest and read
//!   after the last; a local temporary array and a local variable-length array `V[n + 12]`;
//!   conditions on iterators and on data; aliasing arguments; a value returned; sizes from 0.
//! - [`check`]: one program through the interpreter (the reference), the faithful native code,
//!   and one configuration of the driver ([`check::setup`]: strategy, passes, native options,
//!   and the versioned C through the system C compiler).
//! - [`fuzz`]: a mutation fuzzer for the three parsers of user text (C, Loopy scripts, isl
//!   notation).
//! - [`run`]: many programs from a seed, shrinking a failure to a small program and writing it
//!   to `testkit/regressions/`, where `tests/random_programs.rs` runs it from then on.

pub mod check;
pub mod fuzz;
pub mod programs;

use proptest::test_runner::{Config, RngAlgorithm, TestCaseError, TestError, TestRng, TestRunner};
use std::cell::RefCell;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Where shrunk failures are written: one C file per failure, with its run line and setup.
pub fn regressions_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("regressions")
}

/// What [`run`] found.
#[derive(Debug)]
pub struct RunResult {
    /// The verdicts of the programs generated (not those tried while shrinking).
    pub tally: check::Tally,
    /// The shrunk failure: the reason, and the file it was written to.
    pub failure: Option<(String, PathBuf)>,
    /// Whether the time box ran out before `cases` programs.
    pub timed_out: bool,
}

/// Checks `cases` random programs generated from `seed`, stopping early when `time_box` has
/// passed. A failure is shrunk by proptest and written to [`regressions_dir`] as
/// `found-HASH.c` (its first line the run arguments, its second the setup number).
pub fn run(seed: u64, cases: u32, time_box: Duration) -> RunResult {
    let config = Config {
        cases,
        failure_persistence: None,
        max_shrink_iters: 2_000,
        ..Config::default()
    };
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&seed.to_le_bytes());
    let mut runner =
        TestRunner::new_with_rng(config, TestRng::from_seed(RngAlgorithm::ChaCha, &bytes));
    let tally = RefCell::new(check::Tally::default());
    let shrinking = RefCell::new(false);
    let start = Instant::now();
    let timed_out = RefCell::new(false);
    let strategy = (programs::program(), 0..check::SETUPS);
    let result = runner.run(&strategy, |(p, k)| {
        if !*shrinking.borrow() && start.elapsed() > time_box {
            *timed_out.borrow_mut() = true;
            return Ok(());
        }
        match check::check(&p, k) {
            Ok(v) => {
                if !*shrinking.borrow() {
                    tally.borrow_mut().add(&v);
                }
                Ok(())
            }
            Err(e) => {
                *shrinking.borrow_mut() = true;
                Err(TestCaseError::fail(e))
            }
        }
    });
    let failure = match result {
        Ok(()) => None,
        Err(TestError::Abort(r)) => Some((format!("aborted: {r}"), PathBuf::new())),
        Err(TestError::Fail(reason, (p, k))) => {
            let dir = regressions_dir();
            let c = p.to_c();
            // Named by the program, so two failures never overwrite each other.
            let hash = text_hash(&c);
            let path = dir.join(format!("found-{hash:016x}.c"));
            let text = format!(
                "// run: {}\n// setup: {k}\n// {}\n{}",
                p.run_args().join(" "),
                reason.to_string().lines().next().unwrap_or_default(),
                c
            );
            std::fs::create_dir_all(&dir).ok();
            std::fs::write(&path, text).ok();
            Some((format!("{reason}\n{}", p.corpus_file()), path))
        }
    };
    let timed_out = *timed_out.borrow();
    RunResult {
        tally: tally.into_inner(),
        failure,
        timed_out,
    }
}

/// The 64-bit FNV-1a hash of `text`: the names of files found by the random programs and the
/// fuzzer, so that two findings never overwrite each other.
pub fn text_hash(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Runs a regression file written by [`run`]: its run line, setup and C. A file may start
/// with several run lines (the same program at several sizes): each is checked, and the verdict
/// of the last is returned.
pub fn check_file(text: &str) -> Result<check::Verdict, String> {
    let mut lines = text.lines().peekable();
    let mut runs: Vec<Vec<String>> = Vec::new();
    while let Some(args) = lines.next_if(|l| l.starts_with("// run:")) {
        let args = args.trim_start_matches("// run:");
        runs.push(args.split_whitespace().map(str::to_string).collect());
    }
    if runs.is_empty() {
        runs.push(Vec::new());
    }
    let setup = lines
        .next()
        .and_then(|l| l.strip_prefix("// setup:"))
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(0);
    let mut verdict = None;
    for args in &runs {
        let v = check::check_source(text, args, setup)
            .map_err(|e| format!("run `{}`: {e}", args.join(" ")))?;
        verdict = Some(v);
    }
    verdict.ok_or_else(|| "no run line".to_string())
}
