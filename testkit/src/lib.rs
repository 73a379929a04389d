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
//!
//! # Design notes
//!
//! `optimist-testkit` generates random kernels and checks them; its own tests run them.
//! `programs.rs` holds proptest strategies of `Program`s: 1 to 4 nested loops (constant,
//! parametric, triangular, loaded and strided bounds, negative steps, `long` iterators, counting
//! `while` loops), affine, linearized, non-affine and indirect subscripts, arrays of five element
//! types (fixed, variable-length and flat-pointer shapes), scalars written in loops, a local
//! temporary array, conditions on iterators and on data, `#pragma scop` regions, aliasing
//! arguments. Every reference (an iterator, an array, a subscript) is an index resolved modulo
//! what exists where the program is printed, so any shrunk program still prints as a kernel.
//! `check.rs` runs one program through the interpreter (the reference: when it reports an
//! out-of-bounds access, undefined behaviour or the step limit, the program has none), the
//! faithful native code, and one of 320 configurations (`setup(k)`: the automatic strategy with
//! tiles of 32, 2 or 3, or the program's order; every pass, none, or one; four native
//! configurations; one in four also as versioned C through `cc -O1`), all bitwise. isl refusing an
//! operation in any stage counts as a failure too (the fallback keeps results right, but the
//! program lost its optimization for nothing), except isl's scheduler giving up on dependences
//! ("unable to carry dependences"), after which the strategy keeps the program's order.
//! `run(seed, cases, time_box)` drives proptest's runner; a failure is shrunk and written to
//! `testkit/regressions/found-HASH.c` (run line, setup, reason, C), which `regressions_agree` runs
//! from then on (the files found so far are renamed for what they found). `fuzz.rs` is a mutation
//! fuzzer (no coverage feedback: nothing to install, stable toolchain) for the three parsers of
//! user text: the C front end, Loopy scripts (parsed, then applied to `corpus/tagged.c`'s model)
//! and isl notation (sets, maps, unions, affine functions, schedules, polynomials). Inputs are
//! seeds (corpus kernels, scripts, isl texts) changed by one to eight mutations (bytes, deletions,
//! duplications, long repetitions, tokens of the language, splices); an input fails when it
//! panics, runs past 30 s, or (in the long mode only; the suite asserts no timing) takes over a
//! second, and is kept in `testkit/fuzz/crashes/`, which `tests/fuzz.rs`
//! replays (with 1,500 seeded inputs per parser in every run; `scripts/fuzz.sh c|loopy|isl
//! MINUTES` is the long mode). Each input is written to disk before it runs, so that a crash of
//! isl's C code leaves it behind. It found that isl 0.27's schedule reader crashes when a mapping
//! key is a number or a scalar stands where a node belongs: `Schedule::parse` now checks the flow
//! notation first (`flow_yaml`) and refuses the rest with `Error::InvalidArgument`; and that isl
//! computes `a^b` while reading, with `b` modulo 2^64 (`399^999999999999999999999999` ran for half
//! an hour): every isl text goes through `small_powers`, which refuses exponents above 64, and
//! `shallow`, which refuses brackets nested deeper than 64 (isl's reader recursed off the stack on
//! thousands of `[`) and tuples of more than 96 entries (a map over 400 repeated dimensions ran for
//! minutes; isl reads `S[i][j]` as `S[i, j]`, so chained tuples count as one); text that
//! starts like a mapping (`domain: 1`, `{ domain: ...`) is refused for sets, maps and expressions
//! and inside a schedule's strings (`mapping_like`): isl's reader takes it for a schedule whatever
//! it was asked, and crashed. Inputs
//! run on a worker thread; one still running after 30 s is kept as a failure and a fresh worker
//! takes the next input. Loopy scripts: a shorthand naming a dimension beyond 32 (`skew(L, 0,
//! 12147483648, 1)` asked for a map over twelve billion iterators and aborted on allocation) and
//! a schedule deeper than 32 loops (an `affine` onto 130 dimensions took half a minute to verify:
//! isl reads the lexicographic order's constraints, the square of the depth, before any budget
//! counts) are refused, and `apply` runs under an isl budget (`SCRIPT_BUDGET`, `apply_within`).
//! The C front end: `a * b * c ...` 2,900 factors long overflowed the caller's stack while
//! lowering; parsing, lowering and dropping the syntax tree now all run on the front end's thread
//! with a 512 MiB stack; lang-c's parser takes time exponential in a run of `+` and `-` characters
//! (`i+++...=+++...`, or `n - -- -- ...` with spaces: 40 of them took 50 s), so a run longer than 16
//! is refused before it parses (`sign_run`). Random programs whose disagreement is not ours to fix
//! are kept apart in `testkit/regressions/open/`, not replayed, each with what was found (isl
//! internal errors in the strategy and an isl assertion in the assumptions stage, which now lose
//! the optimization only; gcc 12.2 miscompiling correct C at -O1). The C setups run native code with the configuration
//! `compile_c` uses (`optimist::config_for_c`) and take the C from `compile_c` itself: both back
//! ends must get the same plan (`Plan::dump` compared, the differing lines in the failure), and the
//! versioned C must give the interpreter's bits even where `cc` reads the program as written
//! otherwise (gcc 12's front end folds `0.0 - (double)i` into `-(double)i`, `-0.0` at `i = 0`, so a
//! floating zero and an integer converted to a floating type print as compound literals; gcc
//! exploits inner indices past their dimension, so a data-dependent access to an array of several
//! dimensions is addressed flat). The tally counts what changed the programs (`check::reach`: each
//! pass, tiles, splits, interchanges, time tiles, wavefronts, register blocks, parallel loops).
//! `scripts/asan.sh MINUTES` runs the soak and the isl and C fuzzers against an isl built with
//! AddressSanitizer (in `target/asan`).

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
        // The program being checked, for a run that stops moving (scripts/soak.sh).
        if let Some(path) = std::env::var_os("OPTIMIST_SOAK_CURRENT") {
            let _ = std::fs::write(path, format!("// setup: {k}\n{}", p.to_c()));
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
