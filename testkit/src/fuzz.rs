//! Fuzzing of the three parsers of user text: the C front end, Loopy scripts, and isl
//! notation through `presburger` (sets, maps, unions, affine functions, schedules, and the
//! integer polynomials of delinearization).
//!
//! A mutation fuzzer without coverage feedback (it runs on the stable toolchain with nothing
//! installed): each input is a seed (the corpus kernels, the scripts and isl texts of the
//! tests) changed by one to eight mutations (a byte changed, a range deleted, duplicated or
//! repeated many times, a token of the language inserted, two inputs spliced). An input passes
//! when the parser (and for scripts, applying them to a model; for isl text, printing what was
//! parsed) returns without panicking within [`HANG`]. A failing input is written to
//! `testkit/fuzz/crashes/`, which `tests/fuzz.rs` replays in every run.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// An input taking longer than this is a hang.
pub const HANG: Duration = Duration::from_secs(1);

/// What is fuzzed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// `frontend::parse_source`.
    C,
    /// `Script::parse`, then `loopy::apply` on a labeled kernel's model.
    Loopy,
    /// isl notation: `Set`, `Map`, `UnionSet`, `UnionMap`, `Aff`, `PwAff`, `Schedule`, and
    /// `Polynomial`.
    Isl,
}

impl Target {
    /// Every target.
    pub const ALL: [Target; 3] = [Target::C, Target::Loopy, Target::Isl];

    /// Its name in file names and messages.
    pub fn name(self) -> &'static str {
        match self {
            Target::C => "c",
            Target::Loopy => "loopy",
            Target::Isl => "isl",
        }
    }
}

/// Where failing inputs are kept: `crashes/TARGET-HASH.txt`.
pub fn crashes_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fuzz/crashes")
}

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The inputs mutations start from.
pub fn seeds(target: Target) -> Vec<String> {
    match target {
        Target::C => {
            let mut v = Vec::new();
            for dir in ["corpus", "corpus/flat", "corpus/pipelines", "testkit/regressions"] {
                let Ok(entries) = std::fs::read_dir(repo().join(dir)) else {
                    continue;
                };
                let mut files: Vec<PathBuf> = entries.filter_map(|e| Some(e.ok()?.path())).collect();
                files.sort();
                for f in files {
                    if f.extension().is_some_and(|e| e == "c")
                        && let Ok(t) = std::fs::read_to_string(&f)
                    {
                        v.push(t);
                    }
                }
            }
            v
        }
        Target::Loopy => [
            "realign(Init, Mult, 0)\nparallel(Init, 0)\nvectorize(Init)",
            "tile(Mult, 32)\ninterchange(Outer, 0, 1)",
            "L = lift(Mult, 1)\n(A, B) = isplit(Mult, 1, { [i, j, k] : i < 4 })\nreverse(A, 0)",
            "affine(Mult, { [i, j, k] -> [i, k, j] })\nshift(Init, 1, -2)",
            "skew(Outer, 0, 1, 1)\nfuse(Init, Mult)\n# a comment\nparallel(Outer, 1)",
        ]
        .map(str::to_string)
        .to_vec(),
        Target::Isl => [
            "S [n] -> { S[i, j] : 0 <= i < n and 0 <= j <= i }",
            "M [n, m] -> { S[i] -> A[2i + 1, floor(i / 3)] : 0 <= i < n + m }",
            "U { S[i] -> [0, i]; T[i, j] -> [1, i + j] : i mod 2 = 0 }",
            "V [n] -> { S[i] : exists (e : i = 4e) and i <= n; T[] }",
            "A [n] -> { S[i] -> [(3i + n - 1)] }",
            "P [n] -> { [i] -> [(i)] : i > 0; [i] -> [(-i)] : i <= 0 }",
            "D { domain: \"{ S[i] : 0 <= i < 10 }\", child: { schedule: \"[{ S[i] -> [(i)] }]\" } }",
            "Y n*m*i + n*j - 3*k^2 + 7",
        ]
        .map(str::to_string)
        .to_vec(),
    }
}

/// Tokens a mutation may insert.
fn dictionary(target: Target) -> &'static [&'static str] {
    match target {
        Target::C => &[
            "for (int i = 0; i < n; i++) ",
            "while (",
            "do {",
            "} while (i < n);",
            "if (",
            "else ",
            "#pragma scop\n",
            "#pragma endscop\n",
            "#define N 10\n",
            "#include <math.h>\n",
            "(",
            ")",
            "{",
            "}",
            "[",
            "]",
            ";",
            ",",
            "?",
            ":",
            "=",
            "+=",
            "<<=",
            "++",
            "--",
            "->",
            "*",
            "/",
            "%",
            "-",
            "!",
            "~",
            "&&",
            "||",
            "0x1.8p-3",
            "0x1p+1023",
            "1e308",
            "1e-320",
            "2147483647",
            "-2147483648",
            "9223372036854775807",
            "18446744073709551615u",
            "'\\0'",
            "\"str\"",
            "(double)",
            "(unsigned char)",
            "sizeof(int)",
            "sqrt(",
            "fabs(",
            "restrict ",
            "const ",
            "static ",
            "long ",
            "unsigned ",
            "float ",
            "double ",
            "__attribute__((const)) ",
            "return ",
            "break;",
            "goto l;",
            "l: ",
            "/*",
            "*/",
            "//",
            "\\\n",
            "\n",
            " ",
            "\t",
            "\0",
            "ü",
        ],
        Target::Loopy => &[
            "realign(",
            "lift(",
            "affine(",
            "isplit(",
            "tile(",
            "interchange(",
            "reverse(",
            "shift(",
            "skew(",
            "fuse(",
            "parallel(",
            "vectorize(",
            "Init",
            "Mult",
            "Outer",
            "X",
            "(A, B) = ",
            "L = ",
            "{ [i, j, k] -> [k, j, i] }",
            "{ [i] : i < 3 }",
            "{",
            "}",
            "[",
            "]",
            "(",
            ")",
            ",",
            "=",
            "#",
            "\n",
            " ",
            "0",
            "1",
            "-1",
            "32",
            "2147483648",
            "-9223372036854775808",
            "99999999999999999999",
            "ü",
            "\0",
        ],
        Target::Isl => &[
            "[n] -> ",
            "{",
            "}",
            "[",
            "]",
            "(",
            ")",
            ":",
            ";",
            "->",
            "and",
            "or",
            "not",
            "exists",
            "floor(",
            "ceil(",
            "mod",
            "min(",
            "max(",
            "i",
            "j",
            "n",
            "S",
            "0",
            "1",
            "-1",
            "2147483648",
            "99999999999999999999999999",
            "<=",
            ">=",
            "<",
            "=",
            "+",
            "-",
            "*",
            "/",
            "^",
            "e",
            "domain",
            "child",
            "schedule",
            "sequence",
            "filter",
            "\"",
            "\n",
            " ",
            "ü",
            "\0",
        ],
    }
}

/// A xorshift generator: fuzz runs are reproducible from their seed.
pub struct Rng(u64);

impl Rng {
    /// A generator from `seed` (any value).
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// The next value below `n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// The nearest character boundary at or below `k`.
fn floor_boundary(s: &str, k: usize) -> usize {
    let mut k = k.min(s.len());
    while !s.is_char_boundary(k) {
        k -= 1;
    }
    k
}

/// A random range of `s` on character boundaries.
fn range(rng: &mut Rng, s: &str) -> (usize, usize) {
    let a = floor_boundary(s, rng.below(s.len() + 1));
    let len = match rng.below(4) {
        0 => rng.below(64),
        _ => rng.below(8),
    };
    (a, floor_boundary(s, a + len))
}

/// One mutated input.
pub fn mutate(rng: &mut Rng, seeds: &[String], target: Target) -> String {
    let mut s = seeds[rng.below(seeds.len())].clone();
    let dict = dictionary(target);
    for _ in 0..1 + rng.below(8) {
        let (a, b) = range(rng, &s);
        match rng.below(7) {
            0 => s.replace_range(a..b, ""),
            1 => {
                let piece = s[a..b].to_string();
                s.insert_str(a, &piece);
            }
            2 => {
                // Many repetitions: deep nesting, long lines.
                let piece = s[a..b].to_string();
                let times = 1 + rng.below(300);
                if piece.len() * times < 200_000 {
                    s.insert_str(a, &piece.repeat(times));
                }
            }
            3 | 4 => s.insert_str(a, dict[rng.below(dict.len())]),
            5 => {
                let c = char::from(rng.below(128) as u8);
                s.replace_range(a..floor_boundary(&s, a + 1).max(a), &c.to_string());
            }
            _ => {
                let other = &seeds[rng.below(seeds.len())];
                let (c, d) = range(rng, other);
                s.insert_str(a, &other[c..d]);
            }
        }
    }
    s
}

/// Runs one input through `target`'s parser: `Err` when it panicked (with the message).
pub fn exercise(target: Target, text: &str) -> Result<(), String> {
    catch_unwind(AssertUnwindSafe(|| match target {
        Target::C => {
            let _ =
                optimist::scop::frontend::parse_source("fuzz.c", text, None, &Default::default());
        }
        Target::Loopy => {
            if let Ok(script) = optimist::loopy::Script::parse(text) {
                loopy_model(|scop, deps| {
                    let _ = optimist::loopy::apply(scop, deps, &script);
                });
            }
        }
        Target::Isl => isl(text),
    }))
    .map_err(|p| {
        p.downcast_ref::<String>()
            .cloned()
            .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_else(|| "a panic".into())
    })
}

/// Calls `f` with the model and dependences of `corpus/tagged.c` (built once per thread).
fn loopy_model(f: impl FnOnce(&optimist::scop::model::Scop, &optimist::scop::model::Dependences)) {
    use optimist::scop::model::{Dependences, Scop};
    thread_local! {
        static MODEL: Option<(Scop, Dependences)> = {
            let path = repo().join("corpus/tagged.c");
            optimist::scop::frontend::parse_file(&path, &Default::default())
                .ok()
                .and_then(|prog| Scop::build(&prog, &Default::default()).ok())
                .and_then(|scop| {
                    let deps = Dependences::compute(&scop, &Default::default()).ok()?;
                    Some((scop, deps))
                })
        };
    }
    MODEL.with(|m| {
        if let Some((scop, deps)) = m {
            f(scop, deps);
        }
    });
}

/// isl text: the first character picks the kind (as in [`seeds`]), the rest is parsed, and
/// what parsed is printed.
fn isl(text: &str) {
    use optimist::presburger::*;
    let ctx = Ctx::new();
    let mut chars = text.chars();
    let kind = chars.next().unwrap_or('S');
    let rest = chars.as_str().trim_start();
    let shown = match kind {
        'S' => Set::parse(&ctx, rest).map(|x| x.to_string()),
        'M' => Map::parse(&ctx, rest).map(|x| x.to_string()),
        'U' => UnionMap::parse(&ctx, rest).map(|x| x.to_string()),
        'V' => UnionSet::parse(&ctx, rest).map(|x| x.to_string()),
        'A' => Aff::parse(&ctx, rest).map(|x| x.to_string()),
        'P' => PwAff::parse(&ctx, rest).map(|x| x.to_string()),
        'D' => Schedule::parse(&ctx, rest).map(|x| x.to_string()),
        _ => {
            let _ = rest.parse::<Polynomial>().map(|p| p.to_string());
            Ok(String::new())
        }
    };
    let _ = shown;
}

/// What a fuzz run did.
#[derive(Debug, Default)]
pub struct FuzzResult {
    /// Inputs run.
    pub inputs: u64,
    /// The slowest input's time.
    pub slowest: Duration,
    /// Inputs that panicked or took longer than [`HANG`], written to [`crashes_dir`].
    pub failures: Vec<(String, PathBuf)>,
}

/// A thread that runs inputs through `target`'s parser, one at a time: a hang stalls only it
/// (isl cannot be interrupted while it reads), and the run goes on with a new one.
struct Worker {
    inputs: std::sync::mpsc::Sender<String>,
    results: std::sync::mpsc::Receiver<Result<(), String>>,
}

impl Worker {
    fn new(target: Target) -> Worker {
        let (inputs, todo) = std::sync::mpsc::channel::<String>();
        let (done, results) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for input in todo {
                if done.send(exercise(target, &input)).is_err() {
                    break;
                }
            }
        });
        Worker { inputs, results }
    }
}

/// How long an input may run before the fuzzer gives up waiting for it.
pub const GIVE_UP: Duration = Duration::from_secs(30);

/// Fuzzes `target` for `time` or `max_inputs` inputs, whichever comes first, from `seed`. An
/// input that panics, or runs past [`GIVE_UP`], fails; with `slow`, so does one taking longer
/// than that (the long mode's [`HANG`]; the test suite asserts no timing).
pub fn run(
    target: Target,
    time: Duration,
    max_inputs: u64,
    seed: u64,
    slow: Option<Duration>,
) -> FuzzResult {
    let seeds = seeds(target);
    let mut rng = Rng::new(seed);
    let mut out = FuzzResult::default();
    let start = Instant::now();
    std::fs::create_dir_all(crashes_dir()).ok();
    let last = crashes_dir().join(format!("{}-last-{seed:x}.txt", target.name()));
    let mut worker = Worker::new(target);
    while start.elapsed() < time && out.inputs < max_inputs && out.failures.len() < 20 {
        let input = mutate(&mut rng, &seeds, target);
        // A crash of isl (C code) kills the process: the input is on disk before it runs, and
        // removed at the end of a run that survived.
        std::fs::write(&last, &input).ok();
        let t = Instant::now();
        let result = match worker.inputs.send(input.clone()) {
            Ok(()) => worker.results.recv_timeout(GIVE_UP).ok(),
            Err(_) => None,
        };
        let took = t.elapsed();
        out.inputs += 1;
        out.slowest = out.slowest.max(took);
        let what = match result {
            None => {
                // Left running; a fresh worker takes the next input.
                worker = Worker::new(target);
                Some(format!("still running after {took:?}"))
            }
            Some(Err(panic)) => Some(format!("panic: {panic}")),
            Some(Ok(())) if slow.is_some_and(|limit| took > limit) => {
                Some(format!("took {took:?}"))
            }
            Some(Ok(())) => None,
        };
        if let Some(what) = what {
            let hash = crate::text_hash(&input);
            let path = crashes_dir().join(format!("{}-{hash:016x}.txt", target.name()));
            std::fs::write(&path, &input).ok();
            out.failures.push((what, path));
        }
    }
    std::fs::remove_file(&last).ok();
    out
}
