//! One random program through the interpreter and the backends.

use crate::programs::Program;
use optimist::codegen::Kernel;
use optimist::loopy::AutoConfig;
use optimist::scop::frontend::{self, FrontendConfig};
use optimist::scop::interp;
use optimist::scop::ir::Function;
use optimist::scop::workload::{Harness, RunSpec, VersionLine, Workload};
use optimist::{Config, NativeOptions, Outcome, Strategy, Version};
use std::collections::BTreeMap;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

/// How many configurations [`setup`] numbers (strategies × pass sets × native options × C).
pub const SETUPS: u16 = 4 * 5 * 4 * 4;

/// The configuration number `k` stands for: a strategy, a set of passes, native options, and
/// whether the versioned C goes through the system C compiler too.
pub fn setup(k: u16) -> (String, Config, bool) {
    let k = k % SETUPS;
    let through_c = (k / 80).is_multiple_of(4);
    // Plans made for C where the C compiler sees the code too, as `compile_c` makes them
    // (products register-blocked; native code runs the blocks as loops).
    let target = through_c.then(optimist::Target::c);
    let (strategy, s_name) = match k % 4 {
        0 => (
            Strategy::default(),
            if through_c { "auto for C" } else { "auto" },
        ),
        1 => (
            Strategy::Auto(AutoConfig {
                tile_size: 2,
                min_tile_depth: 1,
                // Tiny tiles for every member, the vector loop's too: tiles end inside the
                // small problems the soak runs.
                cache_bytes: 0,
                ..AutoConfig::default()
            }),
            "auto tile 2",
        ),
        2 => (Strategy::Original, "original"),
        _ => (
            Strategy::Auto(AutoConfig {
                tile_size: 3,
                cache_bytes: 0,
                time_tiles: false,
                ..AutoConfig::default()
            }),
            "auto tile 3, no time tiles",
        ),
    };
    let all = optimist::PASSES.to_vec();
    let (passes, p_name) = match (k / 4) % 5 {
        0 => (all, "every pass"),
        1 => (Vec::new(), "no pass"),
        2 => (vec![all[0]], "delin"),
        3 => (vec![all[1]], "delicm"),
        _ => (vec![all[2]], "propagate"),
    };
    let native = match (k / 20) % 4 {
        0 => NativeOptions::default(),
        1 => NativeOptions::sequential(),
        2 => NativeOptions {
            threads: 3,
            vector: false,
            registers: false,
            contract: false,
            pool: None,
            undo: true,
            wide_bytes: 0,
            cpu: optimist::Cpu::Host,
        },
        _ => NativeOptions {
            threads: 1,
            vector: true,
            registers: true,
            contract: false,
            pool: None,
            undo: true,
            // Cranelift's 128-bit lanes only (the default takes the wide loops where the CPU
            // has them).
            wide_bytes: 0,
            cpu: optimist::Cpu::Host,
        },
    };
    let name = format!(
        "{s_name}, {p_name}, threads {}, vector {}, registers {}, wide {}",
        native.threads, native.vector, native.registers, native.wide_bytes
    );
    let config = Config {
        strategy,
        passes,
        native,
        target,
        ..Config::default()
    };
    (name, config, through_c)
}

/// What one program gave, when nothing disagreed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The interpreter refused the program on its inputs (out of bounds, undefined behaviour,
    /// uninitialized read, step limit): there is nothing to compare against.
    NoReference(String),
    /// Every backend gave the interpreter's bits; `optimized` is whether the optimized code
    /// ran (else the faithful code ran after the check, or there was no plan: `why`).
    Agreed {
        /// Whether the model-based code ran.
        optimized: bool,
        /// Why there was no plan, shortened; or, with a plan, why the strategy kept the
        /// program's order (`None` when nothing was given up).
        why: Option<String>,
        /// Whether the versioned C ran through the C compiler too.
        c: bool,
        /// What changed the program on its way to the plan ([`reach`]).
        reach: Vec<&'static str>,
    },
}

/// What the passes and the strategy did to a plan: `delin`, `delicm`, `propagate` when the pass
/// changed the model, and the strategy's paths taken (`tiled`, `split`, `interchange`, `time
/// tiles`, `wavefront`, `register blocks`, `parallel`), read from its decisions. Counted per
/// run to show what the random programs reach.
pub fn reach(plan: &optimist::Plan) -> Vec<&'static str> {
    let mut out: Vec<&'static str> = plan
        .reports
        .iter()
        .filter(|r| r.changed)
        .filter_map(|r| {
            ["delin", "delicm", "propagate"]
                .into_iter()
                .find(|p| *p == r.pass)
        })
        .collect();
    use optimist::loopy::{Decision, Departure};
    let departed = |f: fn(&Departure) -> bool| {
        plan.decisions
            .iter()
            .any(|d| matches!(d, Decision::Departed(v) if v.iter().any(f)))
    };
    let decided = |f: fn(&Decision) -> bool| plan.decisions.iter().any(f);
    for (key, taken) in [
        ("tiled", decided(|d| matches!(d, Decision::Tiled { .. }))),
        ("split", departed(|d| matches!(d, Departure::Split(_)))),
        (
            "interchange",
            departed(|d| matches!(d, Departure::Interchanged { .. })),
        ),
        (
            "time tiles",
            decided(|d| matches!(d, Decision::TimeTiles { .. })),
        ),
        (
            "wavefront",
            decided(|d| matches!(d, Decision::Wavefront { .. })),
        ),
        (
            "register blocks",
            decided(|d| matches!(d, Decision::RegisterBlock { .. })),
        ),
    ] {
        if taken {
            out.push(key);
        }
    }
    if plan.ast.has_parallel_loop() {
        out.push("parallel");
    }
    out
}

/// Counts of verdicts over a run of programs.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// Programs checked.
    pub programs: usize,
    /// Programs without a reference, by the interpreter's reason.
    pub no_reference: BTreeMap<String, usize>,
    /// Programs whose optimized code ran.
    pub optimized: usize,
    /// Programs without a plan, or whose strategy gave up, by reason.
    pub faithful_only: BTreeMap<String, usize>,
    /// Programs also compared through the C compiler.
    pub through_c: usize,
    /// Programs each pass and each path of the strategy changed ([`reach`]).
    pub reach: BTreeMap<&'static str, usize>,
}

impl Tally {
    /// Counts `v`.
    pub fn add(&mut self, v: &Verdict) {
        self.programs += 1;
        match v {
            Verdict::NoReference(why) => *self.no_reference.entry(why.clone()).or_default() += 1,
            Verdict::Agreed {
                optimized,
                why,
                c,
                reach,
            } => {
                self.optimized += usize::from(*optimized);
                self.through_c += usize::from(*c);
                for r in reach {
                    *self.reach.entry(r).or_default() += 1;
                }
                if let Some(w) = why {
                    *self.faithful_only.entry(w.clone()).or_default() += 1;
                }
            }
        }
    }

    /// Adds the counts of `other`.
    pub fn merge(&mut self, other: &Tally) {
        self.programs += other.programs;
        self.optimized += other.optimized;
        self.through_c += other.through_c;
        for (k, n) in &other.reach {
            *self.reach.entry(k).or_default() += n;
        }
        for (k, n) in &other.no_reference {
            *self.no_reference.entry(k.clone()).or_default() += n;
        }
        for (k, n) in &other.faithful_only {
            *self.faithful_only.entry(k.clone()).or_default() += n;
        }
    }

    /// Programs that had a reference.
    pub fn compared(&self) -> usize {
        self.programs - self.no_reference.values().sum::<usize>()
    }
}

impl std::fmt::Display for Tally {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(
            f,
            "{} programs: {} compared ({} ran optimized code, {} also through the C compiler), {} without a reference",
            self.programs,
            self.compared(),
            self.optimized,
            self.through_c,
            self.programs - self.compared()
        )?;
        if !self.reach.is_empty() {
            let reach: Vec<String> = self.reach.iter().map(|(k, n)| format!("{k} {n}")).collect();
            writeln!(f, "  changed by: {}", reach.join(", "))?;
        }
        for (why, n) in &self.no_reference {
            writeln!(f, "  no reference: {n} x {why}")?;
        }
        for (why, n) in &self.faithful_only {
            writeln!(f, "  given up: {n} x {why}")?;
        }
        Ok(())
    }
}

/// The `NAME HASH` lines of a run.
fn hashes(w: &Workload, f: &Function) -> Vec<String> {
    w.hashes(f)
        .iter()
        .map(|(n, h)| format!("{n} {h:016x}"))
        .collect()
}

/// Runs `p` through the interpreter, the faithful native code, and configuration `setup_k`
/// ([`setup`]): native code, and the versioned C through the system C compiler when the setup
/// says so and `cc` is present. `Err` says what disagreed (or failed where it must not).
pub fn check(p: &Program, setup_k: u16) -> Result<Verdict, String> {
    check_source(&p.to_c(), &p.run_args(), setup_k)
}

/// [`check`] for a kernel given as C text and `optimist run` arguments (a regression file).
pub fn check_source(c_text: &str, run_args: &[String], setup_k: u16) -> Result<Verdict, String> {
    let f = frontend::parse_source("random.c", c_text, None, &FrontendConfig::default())
        .map_err(|e| format!("front end: {e}"))?;
    let spec = RunSpec::parse_args(run_args).map_err(|e| format!("run line: {e}"))?;
    let mut w = Workload::generate(&f, &spec).map_err(|e| format!("workload: {e}"))?;
    if let Err(e) = interp::run(
        &f,
        &mut w.args,
        &interp::Limits {
            max_steps: 2_000_000,
        },
    ) {
        return Ok(Verdict::NoReference(format!("{:?}", e.kind)));
    }
    let reference = hashes(&w, &f);

    // Runs `kernel` on fresh inputs: the version that ran, when it gives the reference bits.
    let native = |kernel: &Kernel, what: &str| -> Result<Version, String> {
        let mut w = Workload::generate(&f, &spec).map_err(|e| e.to_string())?;
        let version = kernel
            .run(&mut w.args)
            .map_err(|e| format!("{what}: native run: {e}"))?;
        let got = hashes(&w, &f);
        if got != reference {
            return Err(format!(
                "{what}: native code ({version:?}): {got:?}, interpreter {reference:?}"
            ));
        }
        Ok(version)
    };
    let faithful = Kernel::faithful(&f).map_err(|e| format!("faithful code: {e}"))?;
    native(&faithful, "faithful")?;

    let (name, config, through_c) = setup(setup_k);
    let c = through_c && cc().is_some();
    // Where the C compiler sees the program too, native code runs the configuration the C is
    // made with, so that both back ends must get the same plan (checked below); without the
    // deadline, which measures wall time: on a busy machine one of the two compiles could stop
    // at it and the other not (the other setups keep it, so its paths stay tested).
    let config = if c {
        Config {
            deadline: None,
            ..optimist::config_for_c(&config)
        }
    } else {
        config
    };
    let compiled = optimist::compile(&f, &config).map_err(|e| format!("{name}: compile: {e}"))?;
    let version = native(&compiled.kernel, &name)?;
    wrong_length(&f, &spec, &compiled.kernel, setup_k).map_err(|e| format!("{name}: {e}"))?;
    // isl refusing an operation (not a budget or the deadline) is a bug of the stage that
    // asked, even though the fallback keeps the results right: the program lost its
    // optimization for nothing.
    let note = match &compiled.outcome {
        Outcome::Optimized(plan) => plan.schedule_note.clone().unwrap_or_default(),
        Outcome::FaithfulOnly(w) => w.to_string(),
    };
    // Except isl's scheduler giving up on dependences the program's order satisfies: a
    // limit of isl's algorithm, after which the strategy keeps the program's order.
    let scheduler_gave_up = note.contains("unable to carry dependences");
    if note.contains("isl error") && !scheduler_gave_up {
        return Err(format!("{name}: {note}"));
    }
    let why = match &compiled.outcome {
        Outcome::Optimized(_) if scheduler_gave_up => {
            Some("(optimized) isl's scheduler: unable to carry dependences".into())
        }
        Outcome::Optimized(_) => None,
        Outcome::FaithfulOnly(w) => Some(short(&w.to_string())),
    };
    if c {
        // The C as a user gets it (`compile_c`), from the plan native code ran.
        let (program, outcome) = optimist::compile_c(&f, &config, "optimist_generated")
            .map_err(|e| format!("{name}: C: {e}"))?;
        let dump = |o: &Outcome| match o {
            Outcome::Optimized(plan) => plan.dump(&f),
            Outcome::FaithfulOnly(why) => format!("no plan: {why}"),
        };
        let (native_plan, c_plan) = (dump(&compiled.outcome), dump(&outcome));
        if native_plan != c_plan {
            return Err(format!(
                "{name}: the C back end got another plan than native code:\n{}",
                plan_diff(&native_plan, &c_plan)
            ));
        }
        // The versioned C must give the interpreter's bits even where `cc` gets the program as
        // written wrong (gcc 12 folds `0.0 - (double)i` into `-(double)i`, -0.0 where `i` is
        // 0; it exploits inner indices past their dimension): the C optimist prints avoids both.
        let (lines, v) = run_c(&f, &spec, &program.code, "optimist_generated")?;
        if lines != reference {
            return Err(format!(
                "{name}: versioned C ({v}): {lines:?}, interpreter {reference:?}"
            ));
        }
    }
    Ok(Verdict::Agreed {
        optimized: version == Version::Optimized,
        why,
        c,
        reach: compiled.outcome.plan().map(reach).unwrap_or_default(),
    })
}

/// A call with one buffer too short (the array and how much shorter chosen by `setup_k`): a
/// buffer shorter than its declared shape is refused with every buffer unchanged; a flat
/// pointer's shorter buffer gives the interpreter's bits where the interpreter runs, and an
/// error with every buffer unchanged where it stops outside the buffer.
fn wrong_length(f: &Function, spec: &RunSpec, kernel: &Kernel, setup_k: u16) -> Result<(), String> {
    let w = Workload::generate(f, spec).map_err(|e| e.to_string())?;
    let owners: Vec<_> = f
        .array_params()
        .filter_map(|a| {
            w.args.bindings[a]
                .filter(|b| b.offset == 0)
                .map(|b| (a, b.buffer))
        })
        .collect();
    let Some(&(array, buffer)) = owners.get(usize::from(setup_k) % owners.len().max(1)) else {
        return Ok(());
    };
    let mut short = w.clone();
    let len = short.args.buffers[buffer].len();
    let cut = (1 + usize::from(setup_k) % 3).min(len);
    let elem = short.args.buffers[buffer].elem.size();
    short.args.buffers[buffer]
        .bytes
        .truncate((len - cut) * elem);
    let before = short.args.buffers.clone();
    let mut reference = short.clone();
    let interpreted = interp::run(
        f,
        &mut reference.args,
        &interp::Limits {
            max_steps: 2_000_000,
        },
    );
    let mut got = short.clone();
    let ran = kernel.run(&mut got.args);
    let name = &f.array(array).name;
    match (interpreted, ran) {
        (Ok(_), Ok(v)) if got.args.buffers != reference.args.buffers => Err(format!(
            "`{name}` {cut} short: native code ({v:?}) and the interpreter differ"
        )),
        (Ok(_), Ok(_)) => Ok(()),
        (Ok(_), Err(e)) => Err(format!(
            "`{name}` {cut} short: native code refused ({e}) where the interpreter ran"
        )),
        // Native code detects no signed overflow: only a stop outside a buffer must match.
        (Err(e), Ok(v))
            if matches!(
                e.kind,
                interp::RunErrorKind::OutOfBounds | interp::RunErrorKind::BadArguments
            ) =>
        {
            Err(format!(
                "`{name}` {cut} short: native code ran ({v:?}) where the interpreter stopped: {e}"
            ))
        }
        (Err(_), Ok(_)) => Ok(()),
        (Err(e), Err(k)) if got.args.buffers != before => Err(format!(
            "`{name}` {cut} short: refused ({k}; interpreter: {e}) after changing a buffer"
        )),
        (Err(_), Err(_)) => Ok(()),
    }
}

/// The lines where two plan dumps differ (`-` native, `+` C), with their line numbers.
fn plan_diff(native: &str, c: &str) -> String {
    let (a, b): (Vec<&str>, Vec<&str>) = (native.lines().collect(), c.lines().collect());
    let mut out = String::new();
    for k in 0..a.len().max(b.len()) {
        let (x, y) = (a.get(k), b.get(k));
        if x != y {
            out.push_str(&format!(
                "{k}: - {}\n{k}: + {}\n",
                x.unwrap_or(&""),
                y.unwrap_or(&"")
            ));
        }
    }
    out
}

/// A reason without its numbers, and at most 70 characters, to count reasons by kind.
fn short(why: &str) -> String {
    why.chars()
        .filter(|c| !c.is_ascii_digit())
        .take(70)
        .collect()
}

/// The system C compiler (`$CC` or `cc`), when there is one (asked once per process).
pub fn cc() -> Option<String> {
    static CC: std::sync::OnceLock<Option<String>> = std::sync::OnceLock::new();
    CC.get_or_init(|| {
        let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
        Command::new(&cc)
            .arg("--version")
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|_| cc)
    })
    .clone()
}

/// Compiles C `code` with the run contract's harness by `cc -O1 -ffp-contract=off`, runs it, and
/// returns its hash lines and the version that ran. `entry` names versioned C's entry point.
fn run_c(
    f: &Function,
    spec: &RunSpec,
    code: &str,
    entry: &str,
) -> Result<(Vec<String>, String), String> {
    static CALLS: AtomicUsize = AtomicUsize::new(0);
    let cc = cc().ok_or("no C compiler")?;
    let call = CALLS.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("optimist-random-{}-{call}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let gen_path = dir.join("gen.c");
    std::fs::write(&gen_path, code).map_err(|e| e.to_string())?;
    let w = Workload::generate(f, spec).map_err(|e| e.to_string())?;
    let harness = Harness {
        version: VersionLine::Versioned,
        ..Default::default()
    };
    let main = dir.join("main.c");
    let text = w.c_harness(
        f,
        spec,
        &gen_path.display().to_string(),
        Some(entry),
        &harness,
    );
    std::fs::write(&main, text).map_err(|e| e.to_string())?;
    let exe = dir.join("kernel");
    let out = Command::new(&cc)
        .args(["-O1", "-ffp-contract=off", "-w", "-o"])
        .arg(&exe)
        .arg(&main)
        .arg("-lm")
        .output()
        .map_err(|e| e.to_string())?;
    if !out.status.success() {
        std::fs::remove_dir_all(&dir).ok();
        return Err(format!(
            "generated C does not compile:\n{}\n{code}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let run = Command::new(&exe).output().map_err(|e| e.to_string())?;
    std::fs::remove_dir_all(&dir).ok();
    let mut lines: Vec<String> = String::from_utf8_lossy(&run.stdout)
        .lines()
        .map(str::to_string)
        .collect();
    if !run.status.success() || lines.is_empty() {
        return Err(format!("generated C failed: {}", run.status));
    }
    let version = lines.remove(0);
    Ok((lines, version.trim_start_matches("version ").to_string()))
}
