//! The `optimist` command: `demo`, `run`, `show` and `verify` (see `optimist --help`).

use anyhow::{Context, Result, bail};
use clap::{Args, Parser, Subcommand, ValueEnum};
use optimist::presburger::{
    AstBuild, Polynomial, PwMultiAff, ScheduleConstraints, ScheduleOptions, Set,
};
use optimist::{Config, Kernel, Outcome, Strategy};
use optimist_loopy::Script;
use optimist_scop::frontend::{self, FrontendConfig};
use optimist_scop::interp::{self, Limits};
use optimist_scop::model::{Config as ScopConfig, DepConfig, DepKind, Dependences, Scop};
use optimist_scop::workload::{Harness, RunSpec, VersionLine, Workload};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::rc::Rc;

/// Polyhedral loop optimization of C kernels: run, inspect and verify what the optimist
/// library does with them.
#[derive(Parser)]
#[command(name = "optimist", version, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Show what the implemented layers do: the pipeline on bundled kernels, then each layer on
    /// a matrix product.
    Demo,
    /// Run a C kernel on generated inputs and print the hashes of its arrays (the contract is in
    /// `optimist_scop::workload`); compiled code prints `version optimized|fallback` first.
    Run(RunArgs),
    /// Print a kernel as the library sees it.
    Show(ShowArgs),
    /// Check a Loopy script: exit 0 when legal, 1 with the violated dependences when not.
    Verify(VerifyArgs),
    /// Rewrite a whole C file, source to source: every function with a `#pragma scop` region
    /// (and every one named by `--function`) replaced by its versioned C, or each region among
    /// other statements (as in a `main`) replaced by a call to a kernel of its own; the rest
    /// untouched. A file of statements alone becomes a function of its free variables.
    C(WholeArgs),
    /// Compile a C kernel into a relocatable object (native code, versioned by its run-time
    /// check) with the function's name and C signature, for a C program to link.
    Compile(CompileArgs),
}

/// `optimist c`.
#[derive(Args)]
struct WholeArgs {
    /// The C file.
    file: PathBuf,
    /// Also rewrite this function (those with a `#pragma scop` region always are). In a file
    /// without pragmas and without this option, the regions are found: the `for` nests.
    #[arg(long, value_name = "NAME")]
    function: Vec<String>,
    /// Add a directory to the preprocessor's include path.
    #[arg(short = 'I', value_name = "DIR")]
    include: Vec<PathBuf>,
    /// Define a macro for the preprocessor.
    #[arg(short = 'D', value_name = "NAME[=VALUE]")]
    define: Vec<String>,
    #[command(flatten)]
    schedule: Schedule,
    /// The file to write (default: standard output).
    #[arg(short = 'o', value_name = "OUT.c")]
    output: Option<PathBuf>,
    /// Also print, on standard error, how many regions were looked at, optimized (and of
    /// those, how many with their loops restructured) and kept, and the reasons for keeping
    /// with their counts.
    #[arg(long)]
    summary: bool,
}

/// `optimist compile`.
#[derive(Args)]
struct CompileArgs {
    #[command(flatten)]
    source: Source,
    #[command(flatten)]
    schedule: Schedule,
    /// The object file to write.
    #[arg(short = 'o', value_name = "OUT.o")]
    output: PathBuf,
    /// Also write a C header with the prototypes (`NAME` and `NAME_status`).
    #[arg(long, value_name = "OUT.h")]
    header: Option<PathBuf>,
}

/// The C source and how to read it.
#[derive(Args)]
struct Source {
    /// The C file.
    file: PathBuf,
    /// The function to use (by default the one with a `#pragma scop` region, else the only one).
    #[arg(long, value_name = "NAME")]
    function: Option<String>,
    /// Add a directory to the preprocessor's include path.
    #[arg(short = 'I', value_name = "DIR")]
    include: Vec<PathBuf>,
    /// Define a macro for the preprocessor.
    #[arg(short = 'D', value_name = "NAME[=VALUE]")]
    define: Vec<String>,
    /// The `#pragma scop` region on this line, as the kernel `optimist c` makes of it (a
    /// function that does not read as a kernel: global arrays, a region in `main`). Without
    /// it such a function's only region is taken.
    #[arg(long, value_name = "LINE")]
    region: Option<u32>,
}

impl Source {
    /// Parses the source into the program IR: the function, or where it does not read as a
    /// kernel, the kernel `optimist c` makes of its region (`--region`).
    fn parse(&self) -> Result<optimist_scop::ir::Function> {
        let config = FrontendConfig {
            function: self.function.clone(),
            include_dirs: self.include.clone(),
            defines: self.define.clone(),
            ..Default::default()
        };
        // Without `--region`, the function itself first; its error stands when there is no
        // region to fall back on (or a file the region finder cannot read).
        let own = match self.region {
            Some(_) => None,
            None => match frontend::parse_file(&self.file, &config) {
                Ok(f) => return Ok(f),
                Err(e) => Some(e),
            },
        };
        match (self.region_kernel(&config), own) {
            (Ok(Some(Ok(f))), _) => Ok(f),
            (Ok(Some(Err(why))), _) => bail!("{why}"),
            (Err(RegionError::Choose(why)), _) => Err(why),
            (Ok(None) | Err(RegionError::Other(_)), Some(e)) => Err(e.into()),
            (Ok(None), None) => bail!("{}: no `#pragma scop` region to read", self.file.display()),
            (Err(RegionError::Other(why)), None) => Err(why),
        }
    }

    /// The kernel `optimist c` makes of a region of the function (`--function`, else the
    /// file's only function with regions): the one on line `--region`, else its only one.
    /// `None`: the function has no region; the inner error says why the region is no kernel.
    fn region_kernel(
        &self,
        config: &FrontendConfig,
    ) -> std::result::Result<Option<Result<optimist_scop::ir::Function, String>>, RegionError> {
        let other = RegionError::Other;
        let text = std::fs::read_to_string(&self.file)
            .with_context(|| format!("reading `{}`", self.file.display()))
            .map_err(other)?;
        let name = self.file.display().to_string();
        let regions = optimist::region_kernels(&name, &text, self.file.parent(), config)
            .map_err(|e| other(e.into()))?;
        let mut functions: Vec<&str> = regions.iter().map(|r| r.function.as_str()).collect();
        functions.dedup();
        let choose = |why: String| Err(RegionError::Choose(anyhow::anyhow!(why)));
        let function = match (&self.function, functions.as_slice()) {
            (Some(f), _) => f.as_str(),
            (None, [f]) => f,
            (None, []) => return Ok(None),
            (None, many) => {
                return choose(format!(
                    "{name}: regions in several functions ({}): choose one with --function",
                    many.join(", ")
                ));
            }
        };
        let mine: Vec<_> = regions.iter().filter(|r| r.function == function).collect();
        let lines = || {
            (mine.iter().map(|r| r.scop_line.to_string()))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let chosen = match (self.region, mine.as_slice()) {
            (Some(line), _) => match mine.iter().find(|r| r.scop_line == line) {
                Some(r) => r,
                None => {
                    return choose(format!(
                        "{name}: no region of `{function}` starts on line {line} (its `#pragma scop` lines: {})",
                        lines()
                    ));
                }
            },
            (None, [r]) => r,
            (None, []) => return Ok(None),
            (None, _) => {
                return choose(format!(
                    "{name}: `{function}` has several regions (`#pragma scop` on lines {}): choose one with --region LINE",
                    lines()
                ));
            }
        };
        Ok(Some(chosen.kernel.clone()))
    }
}

/// Why [`Source::region_kernel`] gave no kernel.
enum RegionError {
    /// The region must be chosen (`--function`, `--region`): said whatever the function's own
    /// error.
    Choose(anyhow::Error),
    /// The file could not be read for regions.
    Other(anyhow::Error),
}

/// The inputs of a run (see `optimist_scop::workload`).
#[derive(Args)]
struct Inputs {
    /// A scalar parameter's value.
    #[arg(long = "set", value_name = "NAME=VALUE")]
    set: Vec<String>,
    /// The number of elements of an array's buffer.
    #[arg(long = "len", value_name = "ARRAY=N")]
    len: Vec<String>,
    /// The first elements of an array.
    #[arg(long = "array", value_name = "ARRAY=V0,V1,...")]
    array: Vec<String>,
    /// Make an array point into another one's buffer.
    #[arg(long = "alias", value_name = "ARRAY=OTHER+OFFSET")]
    alias: Vec<String>,
}

impl Inputs {
    fn is_empty(&self) -> bool {
        self.set.is_empty() && self.len.is_empty() && self.array.is_empty() && self.alias.is_empty()
    }

    fn spec(&self) -> Result<RunSpec> {
        let mut args: Vec<&str> = Vec::new();
        for (flag, values) in [
            ("--set", &self.set),
            ("--len", &self.len),
            ("--array", &self.array),
            ("--alias", &self.alias),
        ] {
            for v in values {
                args.extend([flag, v.as_str()]);
            }
        }
        Ok(RunSpec::parse_args(&args)?)
    }
}

/// Which schedule the optimized code follows.
#[derive(Args)]
struct Schedule {
    /// `default`: the automatic strategy; `none`: the faithful code only (for `run` and
    /// `compile`) or the program's order (for `show`). The default is `none`, except for
    /// `compile`, where it is `default`.
    #[arg(long, value_enum)]
    opt: Option<Opt>,
    /// A Loopy script (implies optimized code).
    #[arg(long, value_name = "S.loopy")]
    script: Option<PathBuf>,
    /// The passes over the model, comma-separated, in order (by default all of them:
    /// `delin,delicm,propagate`; an empty list runs none).
    #[arg(long, value_name = "LIST")]
    passes: Option<String>,
    /// Threads for the loops the optimized native code runs in parallel (default: the cores
    /// available; 1 runs them in order). With `--backend c`, more than 1 compiles the C with
    /// `-fopenmp` and runs its `omp parallel for` loops on that many. For C (`optimist c`,
    /// `--backend c`, `show c`, `show ast --target c`), 1 says the program is built without
    /// OpenMP: no loop is marked parallel, and a region whose only change would be such marks
    /// is kept as written. Results do not depend on it.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=256))]
    threads: Option<u32>,
    /// Keep the loops the optimized native code could run in vector lanes scalar.
    #[arg(long)]
    no_vector: bool,
    /// Keep every array element the optimized native code accesses in memory (no scalar
    /// replacement).
    #[arg(long)]
    no_registers: bool,
    /// The x86-64 CPU the optimized native code is for: `native` (this one), `x86-64` (128-bit
    /// vectors only), `x86-64-v3` (AVX2: its simplest vector loops in 256-bit vectors),
    /// `x86-64-v4` (AVX-512: in 512-bit vectors). `NativeOptions::cpu` and `wide_bytes`: an
    /// object (`compile`) takes only the instructions of that level, Cranelift's code
    /// included, so every CPU of the level runs it; a CPU without them faults. Default:
    /// `native`. Results do not depend on it.
    #[arg(long, value_name = "CPU", value_parser = ["native", "x86-64", "x86-64-v3", "x86-64-v4"])]
    cpu: Option<String>,
    /// Contract the program: every floating `x * y + z` computed as `fma(x, y, z)`, rounded
    /// once (`Function::contracted`), by every back end and, in `run`, by the interpreter too,
    /// which is then its reference bit for bit. The results may differ from the program's in
    /// the last bits (`NativeOptions::contract`). Off by default.
    #[arg(long)]
    contract: bool,
    /// Optimize in a child process first (`Config::isolate`): a crash inside isl gives the
    /// faithful code and a message instead of ending this process. Takes twice the compile
    /// time.
    #[arg(long)]
    isolate: bool,
    /// A parameter's value the automatic strategy's estimates take as typical (the size a
    /// kernel is usually called with; `show ast` prints the estimates). The others are taken
    /// at 1024. Only the choice of schedule depends on it: the code is right for every value.
    #[arg(long, value_name = "NAME=VALUE")]
    typical: Vec<String>,
}

impl Schedule {
    /// The target of C: `Target::c`, without threads when `--threads 1` says the program is
    /// built without OpenMP (an `omp parallel for` would be ignored there: a region whose
    /// only change would be such marks is kept as written).
    fn c_target(&self) -> optimist::Target {
        let c = optimist::Target::c();
        match self.threads {
            Some(1) => optimist::Target {
                threads: false,
                ..c
            },
            _ => c,
        }
    }

    /// [`Schedule::config`] for C: with [`Schedule::c_target`].
    fn c_config(&self, strategy: Strategy) -> Result<Config> {
        let mut config = self.config(strategy)?;
        config.target = Some(self.c_target());
        Ok(config)
    }

    /// The driver's configuration for `strategy`, with the passes of `--passes`.
    fn config(&self, mut strategy: Strategy) -> Result<Config> {
        if let Strategy::Auto(auto) = &mut strategy {
            auto.typical = name_values(&self.typical, "--typical")?;
        }
        let mut config = Config::with(strategy);
        if let Some(n) = self.threads {
            config.native.threads = n as usize;
        }
        config.native.vector = !self.no_vector;
        config.native.registers = !self.no_registers;
        config.native.contract = self.contract;
        config.native.cpu = match self.cpu.as_deref() {
            Some("x86-64") => optimist::Cpu::X86_64,
            Some("x86-64-v3") => optimist::Cpu::X86_64V3,
            Some("x86-64-v4") => optimist::Cpu::X86_64V4,
            _ => optimist::Cpu::Host,
        };
        config.native.wide_bytes = config.native.cpu.wide_bytes();
        config.isolate = self.isolate;
        if let Some(list) = &self.passes {
            config.passes = list
                .split(',')
                .map(str::trim)
                .filter(|n| !n.is_empty())
                .map(|n| {
                    optimist::PASSES
                        .iter()
                        .find(|p| p.name == n)
                        .copied()
                        .with_context(|| {
                            let known: Vec<&str> =
                                optimist::PASSES.iter().map(|p| p.name).collect();
                            format!("no pass named `{n}` (the passes: {})", known.join(", "))
                        })
                })
                .collect::<Result<_>>()?;
        }
        Ok(config)
    }

    /// The strategy, or `None` when only the faithful code is asked for.
    fn strategy(&self) -> Result<Option<Strategy>> {
        self.strategy_or(Opt::None)
    }

    /// [`Schedule::strategy`] with `default` when `--opt` is not given.
    fn strategy_or(&self, default: Opt) -> Result<Option<Strategy>> {
        Ok(match (&self.script, self.opt.unwrap_or(default)) {
            (Some(path), _) => Some(Strategy::Script(read_script(path)?)),
            (None, Opt::Default) => Some(Strategy::default()),
            (None, Opt::None) => None,
        })
    }
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Backend {
    /// The reference interpreter.
    Interp,
    /// Native code from Cranelift.
    Jit,
    /// C text compiled by the system C compiler.
    C,
    /// Native code from Cranelift in a relocatable object (`optimist compile`), linked with
    /// the harness by the system C compiler.
    Object,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Opt {
    /// No optimization.
    None,
    /// The automatic strategy.
    Default,
}

#[derive(Args)]
struct RunArgs {
    #[command(flatten)]
    source: Source,
    #[command(flatten)]
    inputs: Inputs,
    /// Who runs the kernel.
    #[arg(long, value_enum, default_value_t = Backend::Interp)]
    backend: Backend,
    #[command(flatten)]
    schedule: Schedule,
    /// Print `time_s` with the median time of one run.
    #[arg(long)]
    time: bool,
    /// Run this many times, each from the generated inputs (the hashes are the last run's).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    repeat: u32,
    /// Stop the interpreter after this many steps (assignments and loop tests).
    #[arg(long, value_name = "N")]
    max_steps: Option<u64>,
    /// The C compiler of `--backend c` (default: `$CC`, else `cc`).
    #[arg(long, value_name = "CC")]
    cc: Option<String>,
    /// Its flags (split at spaces), e.g. `--cflags="-O3 -march=native"`.
    #[arg(
        long,
        value_name = "FLAGS",
        default_value = "-O1 -ffp-contract=off",
        allow_hyphen_values = true
    )]
    cflags: String,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum What {
    /// The program IR: C with every conversion explicit.
    Ir,
    /// The polyhedral model (after `--after PASS`; by default as built).
    Scop,
    /// The dependences between accesses.
    Deps,
    /// The loop AST of the optimized code.
    Ast,
    /// The versioned C program.
    C,
    /// The assumptions and the run-time check the compiled code evaluates (with inputs: which
    /// version runs on them).
    Assumptions,
    /// Delinearization: for each flat pointer, the shape recovered (or why not), each access
    /// before and after, and the validity conditions.
    Delin,
    /// DeLICM: for each local scalar or array, where it was forwarded or mapped, or the
    /// conflict that prevented it; then the model after the pass.
    Delicm,
    /// Expression propagation: for each local array, each read its writer's expression was
    /// propagated into, or why not, and the recurrences found; then the model after the pass.
    Propagate,
    /// Where compile time goes: the wall time of every stage of the driver (and of the parts
    /// of the schedule stage), then native code generation.
    Timing,
    /// An SVG picture (`-o FILE`, else standard output): a 2-d slice of a statement's
    /// iterations with its dependences, the schedule's order and tiles (`--stmt`, `--dims`,
    /// `--fix`, every parameter by `--set`); with `--check-region P,Q`, the run-time check's
    /// region over two parameters (`--range`).
    Picture,
}

/// The back end `show ast` decides the loops for.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum TargetArg {
    /// Native code through Cranelift (with `--threads`, `--no-vector`, `--no-registers`).
    Native,
    /// C for a C compiler (the plan `show c` prints: products register-blocked).
    C,
}

#[derive(Args)]
struct ShowArgs {
    /// What to print.
    #[arg(value_enum)]
    what: What,
    /// For `ast` and `timing`: the back end the plan is made and the loops are decided for
    /// (`ast`: each loop's execution, threads, lanes, jammed, registers, register block, is a
    /// comment after its header; `timing`: the stages of that plan, then its code).
    #[arg(long, value_enum, default_value_t = TargetArg::Native)]
    target: TargetArg,
    #[command(flatten)]
    source: Source,
    #[command(flatten)]
    schedule: Schedule,
    /// For `scop`: the model after this stage (`build` or a pass: delin, delicm, propagate).
    #[arg(long, value_name = "PASS")]
    after: Option<String>,
    #[command(flatten)]
    inputs: Inputs,
    #[command(flatten)]
    picture: PictureArgs,
}

/// What `optimist show picture` draws.
#[derive(Args)]
struct PictureArgs {
    /// The statement (name or C label); by default the first of those in the most loops.
    #[arg(long, value_name = "NAME")]
    stmt: Option<String>,
    /// The iterators on the horizontal and vertical axis (by default the statement's first two).
    #[arg(long, value_name = "I,J")]
    dims: Option<String>,
    /// Fix another iterator (by default each at its smallest value with points).
    #[arg(long, value_name = "NAME=VALUE")]
    fix: Vec<String>,
    /// Draw the run-time check over these two parameters instead.
    #[arg(long, value_name = "P,Q")]
    check_region: Option<String>,
    /// The range of both parameters of `--check-region`.
    #[arg(long, value_name = "LO..HI", default_value = "0..16")]
    range: String,
    /// Write the SVG to this file.
    #[arg(short = 'o', long, value_name = "FILE")]
    output: Option<PathBuf>,
}

#[derive(Args)]
struct VerifyArgs {
    #[command(flatten)]
    source: Source,
    /// The Loopy script.
    script: PathBuf,
}

/// An error with its causes, `outer: inner: ...`, leaving out a cause whose text the message
/// before it already ends with (errors that print their source and also report it as one).
mod demo;

fn chain(e: &anyhow::Error) -> String {
    let mut out = String::new();
    for cause in e.chain() {
        let text = cause.to_string();
        if out.ends_with(&text) {
            continue;
        }
        if !out.is_empty() {
            out.push_str(": ");
        }
        out.push_str(&text);
    }
    out
}

fn main() -> ExitCode {
    // Like other Unix tools, end quietly when the reader of our output goes away
    // (`optimist demo | head`) instead of failing on a broken pipe.
    // SAFETY: restoring the default action of a signal before any thread starts.
    unsafe { libc::signal(libc::SIGPIPE, libc::SIG_DFL) };
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Demo => demo::demo(),
        Command::Run(args) => run(&args),
        Command::Show(args) => show(&args),
        Command::Verify(args) => return verify(&args),
        Command::Compile(args) => compile(&args),
        Command::C(args) => whole(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("optimist: {}", chain(&e));
            ExitCode::FAILURE
        }
    }
}

/// `optimist c`: the rewritten file, and a line per function on standard error.
fn whole(args: &WholeArgs) -> Result<()> {
    let text = std::fs::read_to_string(&args.file)
        .with_context(|| format!("reading `{}`", args.file.display()))?;
    let frontend = FrontendConfig {
        include_dirs: args.include.clone(),
        defines: args.define.clone(),
        ..Default::default()
    };
    let config = match args.schedule.strategy_or(Opt::Default)? {
        Some(s) => args.schedule.c_config(s)?,
        None => args.schedule.c_config(Strategy::Original)?,
    };
    let out = optimist::rewrite_c(
        &args.file.display().to_string(),
        &text,
        args.file.parent(),
        &frontend,
        &args.function,
        &config,
    )?;
    for part in &out.parts {
        match &part.outcome {
            optimist::Rewrite::Optimized if part.restructured => {
                eprintln!("optimist: {part}: optimized, loops restructured")
            }
            optimist::Rewrite::Optimized => eprintln!("optimist: {part}: optimized"),
            optimist::Rewrite::Kept(why) => eprintln!("optimist: {part}: kept as written: {why}"),
        }
    }
    if args.summary {
        eprint!("optimist: {}: {}", args.file.display(), out.summary());
    }
    match &args.output {
        Some(path) => std::fs::write(path, &out.text)
            .with_context(|| format!("writing `{}`", path.display()))?,
        None => print!("{}", out.text),
    }
    Ok(())
}

/// `optimist compile`: the object, and the header when asked.
fn compile(args: &CompileArgs) -> Result<()> {
    let f = args.source.parse()?;
    let object = object_for(&f, &args.schedule, Opt::Default)?;
    std::fs::write(&args.output, &object.bytes)
        .with_context(|| format!("writing `{}`", args.output.display()))?;
    if let Some(h) = &args.header {
        std::fs::write(h, &object.header).with_context(|| format!("writing `{}`", h.display()))?;
    }
    eprintln!(
        "optimist: wrote `{}` (symbols `{name}`, `{name}_status`); link with: {}",
        args.output.display(),
        object.links.join(" "),
        name = f.name
    );
    Ok(())
}

/// The object code of `f` under `schedule` (`default` when `--opt` is not given).
fn object_for(
    f: &optimist_scop::ir::Function,
    schedule: &Schedule,
    default: Opt,
) -> Result<optimist::ObjectCode> {
    Ok(match schedule.strategy_or(default)? {
        Some(s) => {
            let (object, outcome) = optimist::compile_object(f, &schedule.config(s)?)?;
            report_outcome(&outcome);
            object
        }
        None => {
            let mut config = schedule.config(Strategy::default())?;
            config.native.threads = config.native.threads.max(1);
            optimist::codegen::object_code(f, None, &config.native)?
        }
    })
}

/// `optimist run`: the contract is in `optimist_scop::workload`.
fn run(args: &RunArgs) -> Result<()> {
    let mut f = args.source.parse()?;
    // Every back end, the interpreter included, runs the contracted program: the interpreter
    // is then the reference of `--contract`'s code, bit for bit.
    if args.schedule.contract {
        f = f.contracted()?;
    }
    let spec = args.inputs.spec()?;
    let mut w = Workload::generate(&f, &spec)?;
    let strategy = args.schedule.strategy()?;
    if args.backend == Backend::Interp && args.schedule.script.is_some() {
        bail!("`--script` transforms generated code: use `--backend jit` or `--backend c`");
    }
    let repeat = args.repeat as usize;
    if args.backend == Backend::C {
        // The same inputs and hashes through the system C compiler.
        let code = match strategy {
            Some(s) => {
                let config = args.schedule.c_config(s)?;
                let (p, outcome) = optimist::compile_c(&f, &config, "optimist_kernel")?;
                report_outcome(&outcome);
                Some(p.code)
            }
            None => None,
        };
        return run_with_cc(
            args,
            &f,
            &w,
            &spec,
            code.map(Linked::C).unwrap_or(Linked::Source),
        );
    }
    if args.backend == Backend::Object {
        let object = object_for(&f, &args.schedule, Opt::None)?;
        return run_with_cc(args, &f, &w, &spec, Linked::Object(object));
    }
    let kernel = match (args.backend, strategy) {
        (Backend::Jit, Some(s)) => {
            let compiled = optimist::compile(&f, &args.schedule.config(s)?)?;
            report_outcome(&compiled.outcome);
            Some(compiled.kernel)
        }
        (Backend::Jit, None) => Some(Kernel::faithful(&f)?),
        _ => None,
    };
    let mut limits = Limits::default();
    if let Some(n) = args.max_steps {
        limits.max_steps = n;
    }
    let mut times = Vec::with_capacity(repeat);
    let mut version = None;
    for k in 0..repeat {
        if k > 0 {
            w.regenerate();
        }
        let start = std::time::Instant::now();
        match &kernel {
            Some(kernel) => {
                version = Some(kernel.run(&mut w.args)?);
            }
            None => {
                interp::run(&f, &mut w.args, &limits)?;
            }
        }
        times.push(start.elapsed().as_secs_f64());
    }
    match version {
        Some(optimist::Version::Optimized) => println!("version optimized"),
        Some(optimist::Version::Fallback) => println!("version fallback"),
        None => {}
    }
    for (name, hash) in w.hashes(&f) {
        println!("{name} {hash:016x}");
    }
    if args.time {
        times.sort_by(f64::total_cmp);
        println!("time_s {:.9}", times[times.len() / 2]);
    }
    Ok(())
}

/// Reads and parses a Loopy script file.
fn read_script(path: &Path) -> Result<Script> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading `{}`", path.display()))?;
    Script::parse(&text).with_context(|| format!("in `{}`", path.display()))
}

/// Says on standard error why the optimized code follows another order than asked (a failed
/// automatic strategy).
fn report_outcome(outcome: &Outcome) {
    if let Some(note) = outcome.plan().and_then(|p| p.schedule_note.as_ref()) {
        eprintln!("optimist: {note}");
    }
    if let Outcome::FaithfulOnly(why @ optimist::Why::Crashed { .. }) = outcome {
        eprintln!("optimist: {why}");
    }
}

/// The model of `f` after every pass the driver runs by default.
fn final_model(f: &optimist_scop::ir::Function) -> Result<Scop> {
    let config = Config::default();
    let last = config.passes.last().map_or("build", |p| p.name);
    Ok(optimist::model_after(f, &config, last)??)
}

/// `optimist verify FILE.c S.loopy`: exit 0 when the script is legal, 1 with the report when not
/// (or when the kernel or the script has an error).
fn verify(args: &VerifyArgs) -> ExitCode {
    let result = (|| -> Result<Result<(), String>> {
        let f = args.source.parse()?;
        let script = read_script(&args.script)?;
        // The driver verifies the script on the model it schedules (after every pass).
        Ok(
            match optimist::optimize(&f, &Config::with(Strategy::Script(script))) {
                Ok(Outcome::Optimized(plan)) => {
                    println!("legal: every dependence keeps its order");
                    println!("schedule: {}", plan.schedule.map()?);
                    Ok(())
                }
                Ok(Outcome::FaithfulOnly(why)) => Err(format!("not checked: {why}")),
                Err(optimist::Error::Script(optimist_loopy::LoopyError::Refused(v))) => Err(v
                    .iter()
                    .map(|v| format!("violation: {v}"))
                    .collect::<Vec<_>>()
                    .join("\n")),
                Err(e) => return Err(e.into()),
            },
        )
    })();
    match result {
        Ok(Ok(())) => ExitCode::SUCCESS,
        Ok(Err(report)) => {
            println!("{report}");
            ExitCode::from(1)
        }
        Err(e) => {
            eprintln!("optimist: {}", chain(&e));
            ExitCode::from(1)
        }
    }
}

/// Compiles `code` (or the original source) with the run contract's C harness and the C
/// compiler and flags of `args`, runs it, and prints its output.
fn run_with_cc(
    args: &RunArgs,
    f: &optimist_scop::ir::Function,
    w: &Workload,
    spec: &RunSpec,
    code: Linked,
) -> Result<()> {
    let dir = std::env::temp_dir().join(format!("optimist-run-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let mut objects = Vec::new();
    let mut links: Vec<&str> = Vec::new();
    let (include, name, version) = match &code {
        Linked::C(c) => {
            let p = dir.join("kernel.c");
            std::fs::write(&p, c)?;
            (p, Some("optimist_kernel"), VersionLine::Versioned)
        }
        Linked::Object(o) => {
            let object = dir.join("kernel.o");
            std::fs::write(&object, &o.bytes)?;
            let caller = dir.join("kernel.h");
            std::fs::write(
                &caller,
                format!(
                    "{}{}",
                    o.header,
                    optimist::ObjectCode::versioned_caller(f, "optimist_kernel")
                ),
            )?;
            objects.push(object);
            links.extend(o.links.iter().copied());
            let version = if o.optimized {
                VersionLine::Versioned
            } else {
                VersionLine::Fallback
            };
            (caller, Some("optimist_kernel"), version)
        }
        Linked::Source => (
            args.source.file.canonicalize()?,
            None,
            VersionLine::Fallback,
        ),
    };
    let harness = Harness {
        version,
        repeat: args.repeat as usize,
        time: args.time,
    };
    let main = dir.join("main.c");
    std::fs::write(
        &main,
        w.c_harness(f, spec, &include.display().to_string(), name, &harness),
    )?;
    let exe = dir.join("kernel");
    let cc = args
        .cc
        .clone()
        .or_else(|| std::env::var("CC").ok())
        .unwrap_or_else(|| "cc".into());
    let mut cmd = std::process::Command::new(&cc);
    cmd.args(args.cflags.split_whitespace());
    // Threads asked for: the optimized code's `#pragma omp parallel for` loops run on them.
    let threads = args
        .schedule
        .threads
        .filter(|&n| n > 1 && matches!(code, Linked::C(_)));
    if threads.is_some() {
        cmd.arg("-fopenmp");
    }
    if matches!(code, Linked::Source) {
        // The original source is compiled as the user wrote it.
        for d in &args.source.include {
            cmd.arg("-I").arg(d);
        }
        for d in &args.source.define {
            cmd.arg(format!("-D{d}"));
        }
    }
    let out = cmd
        .arg("-o")
        .arg(&exe)
        .arg(&main)
        .args(&objects)
        .arg("-lm")
        .args(links.iter().filter(|l| **l != "-lm"))
        .output()
        .with_context(|| format!("running `{cc}`"))?;
    if !out.status.success() {
        bail!("`{cc}` failed:\n{}", String::from_utf8_lossy(&out.stderr));
    }
    let mut run = std::process::Command::new(&exe);
    if let Some(n) = threads {
        run.env("OMP_NUM_THREADS", n.to_string());
    }
    let run = run.output()?;
    print!("{}", String::from_utf8_lossy(&run.stdout));
    std::fs::remove_dir_all(&dir).ok();
    if !run.status.success() {
        bail!(
            "the compiled kernel failed ({}):\n{}",
            run.status,
            String::from_utf8_lossy(&run.stderr)
        );
    }
    Ok(())
}

/// What `run_with_cc` links with the harness.
enum Linked {
    /// Versioned C text.
    C(String),
    /// An object from `optimist compile`.
    Object(optimist::ObjectCode),
    /// The original source, as written.
    Source,
}

/// What DeLICM does with the local scalars of `f` (`optimist show delicm`): the decisions, then
/// the model after the pass.
fn show_delicm(f: &optimist_scop::ir::Function) -> Result<String> {
    let config = Config::default();
    let before = optimist::model_after(f, &config, "delin")??;
    let after = optimist::model_after(f, &config, "delicm")??;
    Ok(format!(
        "{}{}",
        optimist::delicm::report(&before, &after),
        after.dump(f)
    ))
}

/// What expression propagation does with the local arrays of `f` (`optimist show propagate`):
/// the decisions, then the model after the pass.
fn show_propagate(f: &optimist_scop::ir::Function) -> Result<String> {
    let config = Config::default();
    let before = optimist::model_after(f, &config, "delicm")??;
    let after = optimist::model_after(f, &config, "propagate")??;
    Ok(format!(
        "{}{}",
        optimist::propagate::report(&before, &after),
        after.dump(f)
    ))
}

/// What delinearization does with the flat pointers of `f` (`optimist show delin`).
fn show_delin(f: &optimist_scop::ir::Function) -> Result<String> {
    let config = Config::default();
    let before = optimist::model_after(f, &config, "build")??;
    let after = optimist::model_after(f, &config, "delin")??;
    Ok(optimist::delin::report(&before, &after))
}

/// `optimist show WHAT FILE.c`.
/// `NAME=VALUE` pairs.
fn name_values(list: &[String], flag: &str) -> Result<Vec<(String, i64)>> {
    list.iter()
        .map(|s| {
            let (n, v) = s
                .split_once('=')
                .with_context(|| format!("`{flag} {s}`: expected NAME=VALUE"))?;
            let v: i64 = v
                .trim()
                .parse()
                .with_context(|| format!("`{flag} {s}`: the value is not an integer"))?;
            Ok((n.trim().to_string(), v))
        })
        .collect()
}

/// Two comma-separated names.
fn two_names(s: &str, flag: &str) -> Result<[String; 2]> {
    match s.split(',').map(str::trim).collect::<Vec<_>>().as_slice() {
        [a, b] if !a.is_empty() && !b.is_empty() => Ok([a.to_string(), b.to_string()]),
        _ => bail!("`{flag} {s}`: expected two names, `A,B`"),
    }
}

/// The SVG `optimist show picture` prints.
fn picture(
    f: &optimist_scop::ir::Function,
    config: &Config,
    args: &PictureArgs,
    set: &[String],
) -> Result<String> {
    let mut values = name_values(set, "--set")?;
    if let Some(params) = &args.check_region {
        let [p, q] = two_names(params, "--check-region")?;
        let (lo, hi) = args
            .range
            .split_once("..")
            .and_then(|(a, b)| Some((a.trim().parse().ok()?, b.trim().parse().ok()?)))
            .with_context(|| format!("`--range {}`: expected LO..HI", args.range))?;
        if lo > hi {
            bail!("`--range {}`: LO must not exceed HI", args.range);
        }
        let region = optimist::picture::check_region(f, config, [&p, &q], lo..=hi, &values)?;
        return Ok(region.svg);
    }
    values.extend(name_values(&args.fix, "--fix")?);
    let slice = optimist::picture::Slice {
        statement: args.stmt.clone(),
        dims: args
            .dims
            .as_deref()
            .map(|d| two_names(d, "--dims"))
            .transpose()?,
        fixed: values,
    };
    Ok(optimist::picture::iteration_space(f, config, &slice)?.svg)
}

fn show(args: &ShowArgs) -> Result<()> {
    let mut f = args.source.parse()?;
    // What `--contract` compiles: the contracted program (`optimist::program`).
    if args.schedule.contract {
        f = f.contracted()?;
    }
    let strategy = args.schedule.strategy()?.unwrap_or(Strategy::Original);
    if args.after.is_some() && args.what != What::Scop {
        bail!("`--after` applies to `optimist show scop`");
    }
    match args.what {
        What::Ir => print!("{f}"),
        What::Scop => {
            let after = args.after.as_deref().unwrap_or("build");
            print!(
                "{}",
                optimist::model_after(&f, &Config::default(), after)??.dump(&f)
            )
        }
        What::Deps => {
            // The dependences of the model the driver schedules (after every pass).
            let scop = final_model(&f)?;
            print!(
                "{}",
                Dependences::compute(&scop, &DepConfig::default())?.dump()
            );
        }
        What::Ast => {
            let mut config = args.schedule.config(strategy)?;
            let target = match args.target {
                TargetArg::Native => config.native.target(),
                TargetArg::C => args.schedule.c_target(),
            };
            config.target = Some(target.clone());
            match optimist::optimize(&f, &config)? {
                Outcome::Optimized(p) => {
                    if let Some(note) = &p.schedule_note {
                        eprintln!("optimist: {note}");
                    }
                    // What was decided, as comments above the loops.
                    print!("{}", p.show_decided(&target, &f.file_scope))
                }
                Outcome::FaithfulOnly(why) => bail!("no loop AST: only the faithful code: {why}"),
            }
        }
        What::C => {
            let (p, outcome) =
                optimist::compile_c(&f, &args.schedule.c_config(strategy)?, &f.name)?;
            if let Some(why) = outcome.why() {
                eprintln!("optimist: only the faithful code: {why}");
            }
            // What was decided for the C (products register-blocked, unlike `show ast`'s
            // native schedule), as comments above it.
            if let Some(plan) = outcome.plan() {
                for line in plan.transformation.lines() {
                    println!("// {line}");
                }
            }
            print!("{}", p.code);
        }
        What::Timing => {
            let mut config = args.schedule.config(strategy)?;
            config.target = Some(match args.target {
                TargetArg::Native => config.native.target(),
                TargetArg::C => args.schedule.c_target(),
            });
            let start = std::time::Instant::now();
            let outcome = optimist::optimize(&f, &config)?;
            let optimized = start.elapsed();
            let ms = |d: std::time::Duration| d.as_secs_f64() * 1e3;
            match &outcome {
                Outcome::Optimized(p) => {
                    // The operations counted, where the stage or part has a budget.
                    let ops =
                        |o: Option<u64>| o.map(|o| format!(" {o:>12} ops")).unwrap_or_default();
                    for r in &p.reports {
                        let counted = ops(Some(r.operations));
                        println!("{:<40} {:>9.2} ms{counted}", r.pass, ms(r.time));
                        for part in &r.parts {
                            let counted = ops(part.operations);
                            println!("  {:<38} {:>9.2} ms{counted}", part.name, ms(part.time));
                        }
                    }
                }
                Outcome::FaithfulOnly(why) => println!("only the faithful code: {why}"),
            }
            println!("{:<40} {:>9.2} ms", "optimize (total)", ms(optimized));
            let start = std::time::Instant::now();
            match args.target {
                TargetArg::Native => {
                    optimist::codegen::Kernel::compile_with(&f, outcome.plan(), &config.native)?;
                    println!("{:<40} {:>9.2} ms", "native code", ms(start.elapsed()));
                }
                TargetArg::C => {
                    optimist::codegen::versioned_c(&f, outcome.plan(), &f.name)?;
                    println!("{:<40} {:>9.2} ms", "C text", ms(start.elapsed()));
                }
            }
        }
        What::Picture => {
            let config = args.schedule.config(strategy)?;
            let svg = picture(&f, &config, &args.picture, &args.inputs.set)?;
            match &args.picture.output {
                Some(path) => std::fs::write(path, svg)
                    .with_context(|| format!("cannot write {}", path.display()))?,
                None => print!("{svg}"),
            }
        }
        What::Delin => print!("{}", show_delin(&f)?),
        What::Delicm => print!("{}", show_delicm(&f)?),
        What::Propagate => print!("{}", show_propagate(&f)?),
        What::Assumptions => {
            // Exactly what the driver decides, and the check the compiled code evaluates.
            let outcome = optimist::optimize(&f, &args.schedule.config(strategy)?)?;
            match &outcome {
                Outcome::Optimized(p) => {
                    print!("{}", p.assumptions.dump(&p.scop));
                    println!("check: {}", p.check_c());
                }
                Outcome::FaithfulOnly(optimist::Why::InfeasibleAssumptions {
                    assumptions,
                    reason,
                }) => {
                    print!("{assumptions}");
                    println!("only the faithful code: the assumptions cannot hold: {reason}");
                }
                Outcome::FaithfulOnly(why) => println!("only the faithful code: {why}"),
            }
            if !args.inputs.is_empty() {
                // What the check decides for these inputs: run the versioned native code.
                let spec = args.inputs.spec()?;
                let mut w = Workload::generate(&f, &spec)?;
                let k = Kernel::compile(&f, outcome.plan())?;
                match k.run(&mut w.args)? {
                    optimist::Version::Optimized => {
                        println!("with these inputs: version optimized")
                    }
                    optimist::Version::Fallback => {
                        println!("with these inputs: version fallback")
                    }
                }
            }
        }
    }
    Ok(())
}
