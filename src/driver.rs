//! The driver: the one pipeline from a program to a [`Plan`].
//!
//! [`optimize`] runs, in this order and nowhere else:
//!
//! 1. **build**: [`Scop::build`], the model of the program;
//! 2. **correspondence**: [`optimist_loopy::correspondence`], the parameter values where the
//!    model is the program (checked on the model as built, before any pass changes it);
//! 3. **the passes** of [`Config::passes`] (by default [`PASSES`]: delinearization, DeLICM,
//!    expression propagation), each `fn(&mut Scop, &PassCx) -> Result<PassReport, PassError>`
//!    under its own isl budget, with [`Scop::verify`] after each one when [`Config::verify`];
//! 4. **assume**: [`optimist_assume::collect`], the assumptions of the final model (collected
//!    after every pass, so that they speak of the accesses that run);
//! 5. **schedule**: the order [`Config::strategy`] gives (original, automatic, or a verified
//!    Loopy script), and its loop AST;
//! 6. **check**: the arrays whose range checks can go, the footprints and the
//!    [`optimist_assume::RuntimeCheck`].
//!
//! The result is [`Outcome::Optimized`] with the [`Plan`] code generation compiles, or
//! [`Outcome::FaithfulOnly`] with the typed reason ([`Why`]) only the faithful translation of
//! the program is used. Errors ([`Error`]) are for what the caller must change (a refused
//! script) or for bugs; everything that merely stops optimization is a `Why`.

use optimist_assume::{CheckExpr, Footprint, RuntimeCheck};
use optimist_codegen::{CProgram, CodegenError, Kernel, Marks, NativeOptions, Plan};
use optimist_loopy::{
    AutoConfig, CorrespondenceError, Decision, Departure, LoopyError, Script, Target, Transformed,
};
use optimist_presburger::{Error as IslError, Schedule, Set};
use optimist_scop::ir::{ArrayId, Function};
use optimist_scop::model::{
    ArrayOrigin, BuildError, Config as ScopConfig, DepConfig, Dependences, Scop, ScopArrayId,
    VerifyError,
};
use optimist_scop::pass::{Part, Pass, PassCx, PassError, PassReport};
use std::fmt::{self, Write as _};
use std::time::{Duration, Instant};

mod stage;
use stage::{StageError, run_bounded, run_stage};

/// The passes over the model the driver runs by default, in order.
pub const PASSES: [Pass; 3] = [
    optimist_delin::PASS,
    optimist_delicm::PASS,
    optimist_propagate::PASS,
];

/// Which schedule the model-based code follows.
#[derive(Clone, Debug)]
pub enum Strategy {
    /// The program's own order.
    Original,
    /// [`optimist_loopy::auto`]; when it fails, the original order (the plan's
    /// [`Plan::schedule_note`] says why).
    Auto(AutoConfig),
    /// A Loopy script; a script that does not apply or is refused is an [`Error::Script`].
    Script(Script),
}

impl Default for Strategy {
    fn default() -> Self {
        Strategy::Auto(AutoConfig::default())
    }
}

/// The isl operations each stage may use (isl's own count of work, not time): what makes the
/// same input and [`Config`] give the same plan on any machine at any load. A stage that runs
/// out gives [`Why::Budget`] naming it, and only the faithful code is compiled; the automatic
/// strategy keeps the program's order instead, with a note. A budget nested in
/// a stage's (a pass's own, the isl scheduler's, the AST check's) counts toward the stage's.
/// `optimist show timing` prints the operations each stage used; the defaults are sized from
/// those (see [`Budgets::default`]).
///
/// Inside the automatic strategy, sizes bound what is tried before any budget is spent:
/// [`AutoConfig::max_component_coefficients`] keeps isl's scheduler off components of the
/// dependences whose integer programs would be too large (the program's order is the start
/// then), and [`AutoConfig::max_operations`] bounds each run of the scheduler.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budgets {
    /// Building the model.
    pub build: u64,
    /// The program-model correspondence check.
    pub correspondence: u64,
    /// Each pass over the model.
    pub pass: u64,
    /// Collecting and simplifying the assumptions.
    pub assumptions: u64,
    /// Dependences (for a script or the automatic strategy; isl's scheduler has its own
    /// budget in [`AutoConfig::max_operations`]).
    pub dependences: u64,
    /// The declared bounds of unchecked arrays and the run-time check.
    pub check: u64,
    /// The loop AST of the chosen schedule: isl's AST generator and the check of the AST
    /// against the dependences (which has its own budget inside it; an AST whose check runs out
    /// is used unchecked).
    pub ast: u64,
    /// The automatic strategy as a whole: its dependences, isl's scheduler (which has its own
    /// budget too, [`AutoConfig::max_operations`]), assessing and verifying candidates, tiling.
    /// When it runs out, the program's order is kept and [`Plan::schedule_note`] says so.
    pub strategy: u64,
}

impl Default for Budgets {
    /// Four to ten times what the most expensive kernel of the corpus and the suite uses in
    /// each stage (`optimist show timing` prints the operations counted; the largest, on the
    /// eight-nest recursive filter `corpus/suite/deriche.c`: building 46 000, the
    /// correspondence 241 000, a pass 419 000, the assumptions 43 000, the dependences 227 000,
    /// the automatic strategy 2 300 000, the loop AST 784 000, the check 68 000). Inputs built to
    /// be expensive (`corpus/pathological/`) stop at them in about a second at most.
    fn default() -> Self {
        Budgets {
            build: 2_000_000,
            correspondence: 2_000_000,
            pass: 4_000_000,
            assumptions: 1_000_000,
            dependences: 4_000_000,
            check: 1_000_000,
            ast: 4_000_000,
            strategy: 10_000_000,
        }
    }
}

/// What [`optimize`] does.
#[derive(Clone, Debug)]
pub struct Config {
    /// The schedule of the model-based code.
    pub strategy: Strategy,
    /// The passes over the model, run in order after the correspondence check and before the
    /// assumptions are collected. [`PASSES`] by default; a compiler may leave some out or add
    /// its own.
    pub passes: Vec<Pass>,
    /// Every budget.
    pub budgets: Budgets,
    /// Run [`Scop::verify`] after building and after each pass (a broken model is
    /// [`Error::Verify`] naming the pass). On in debug builds and tests by default.
    pub verify: bool,
    /// How [`compile`] generates native code (threads for parallel loops, ...).
    pub native: NativeOptions,
    /// The target the plan is made for ([`Target`]: the strategy reads its limits from it, and
    /// [`Plan::target`] records it). `None`: the target of the back end that compiles the
    /// plan: [`compile`] and [`optimize`] make it for native code with [`Config::native`]
    /// ([`NativeOptions::target`]), [`compile_c`] for C ([`Target::c`]).
    pub target: Option<Target>,
    /// Wall-clock time [`optimize`] may take from its start: an emergency stop, off (`None`) by
    /// default. Every decision is bounded by counted work ([`Config::budgets`]), so the same
    /// input and `Config` give the same plan on any machine at any load; a deadline makes the
    /// plan depend on how busy the machine is. When it is set and passes, isl is stopped where
    /// it is ([`Ctx::with_deadline`]): in the automatic strategy, the program's order is kept
    /// (the plan's [`Plan::schedule_note`] says the deadline stopped it) and the rest runs under
    /// its operation budgets only; in any other stage, [`Why::Deadline`] names it and only the
    /// faithful code runs.
    ///
    /// [`Ctx::with_deadline`]: optimist_presburger::Ctx::with_deadline
    pub deadline: Option<Duration>,
    /// Run the pipeline in a child process first ([`crate::isolate`]): a crash inside isl
    /// (C code) then gives [`Why::Crashed`] and the faithful code instead of taking the caller's
    /// process down, at twice the compile time. Off by default; leave [`Config::deadline`] off
    /// with it, so that both runs take the same path.
    pub isolate: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            strategy: Strategy::default(),
            passes: PASSES.to_vec(),
            budgets: Budgets::default(),
            verify: cfg!(debug_assertions),
            native: NativeOptions::default(),
            target: None,
            deadline: None,
            isolate: false,
        }
    }
}

impl Config {
    /// The default configuration with `strategy`.
    pub fn with(strategy: Strategy) -> Config {
        Config {
            strategy,
            ..Config::default()
        }
    }
}

/// A stage of the driver, as budgets and reports name it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Building the model.
    Build,
    /// The correspondence check.
    Correspondence,
    /// A pass over the model, by name.
    Pass(String),
    /// The assumptions.
    Assumptions,
    /// Dependences and scheduling.
    Schedule,
    /// The loop AST of the schedule.
    Ast,
    /// Unchecked arrays, footprints and the run-time check.
    Check,
}

impl fmt::Display for Stage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stage::Build => f.write_str("build"),
            Stage::Correspondence => f.write_str("correspondence"),
            Stage::Pass(p) => write!(f, "pass `{p}`"),
            Stage::Assumptions => f.write_str("assumptions"),
            Stage::Schedule => f.write_str("schedule"),
            Stage::Ast => f.write_str("loop AST"),
            Stage::Check => f.write_str("run-time check"),
        }
    }
}

/// Why only the faithful code is used.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum Why {
    /// *Unsupported input*: the function cannot be modeled (with the place and the reason).
    #[error("{0}")]
    CannotModel(BuildError),
    /// *Unsupported input* (or a *bug* of the model builder): the model is not the program
    /// for any parameter values, or the check could not finish.
    #[error("{0}")]
    Correspondence(String),
    /// What the pass's [`PassError`] says: a pass gave up on this model.
    #[error("pass `{pass}`: {error}")]
    Pass {
        /// The pass.
        pass: String,
        /// Why.
        error: PassError,
    },
    /// *Limit reached*: a stage ran out of isl operations: raise the budget in
    /// [`Config::budgets`].
    #[error(
        "the {stage} stage needs more isl operations than allowed (raise its budget in Config::budgets)"
    )]
    Budget {
        /// The stage.
        stage: Stage,
    },
    /// *Limit reached*: the optimization ran out of time ([`Config::deadline`]) in this stage.
    #[error(
        "the {stage} stage passed the deadline of {} ms (raise Config::deadline)",
        limit.as_millis()
    )]
    Deadline {
        /// The stage.
        stage: Stage,
        /// The deadline, from the start of [`optimize`].
        limit: Duration,
    },
    /// *Unsupported input*: the assumptions can never hold together (the optimized code
    /// could never run).
    #[error("the assumptions cannot hold: {reason}")]
    InfeasibleAssumptions {
        /// Which and why.
        reason: String,
        /// The assumptions as `optimist show assumptions` prints them.
        assumptions: String,
    },
    /// *Bug*: isl failed in a way no budget or deadline explains (an internal error or a failed
    /// assertion in isl, or an operation a stage should not have asked): a bug, of isl or of
    /// optimist. The optimization is lost, not the program: the faithful code runs.
    #[error("isl failed (a bug: please report it with the kernel): {0}")]
    Isl(IslError),
    /// *Bug* (of isl, or of optimist): with [`Config::isolate`], the pipeline ended the child
    /// process it ran in abnormally. Only the faithful code runs; please report the kernel.
    #[error("the optimizer crashed in a child process ({how}): please report the kernel")]
    Crashed {
        /// How the child ended: `killed by signal 11 (SIGSEGV)`, `panicked`.
        how: String,
    },
    /// *Bug* (of isl's AST generator): isl's loop AST of the schedule runs the instances in
    /// an order that breaks a dependence,
    /// or leaves one out (a bug of isl's AST generator, found by the check of every AST).
    #[error("{0}")]
    WrongAst(String),
}

/// What the caller must change, or a bug. Everything that only stops optimization is a [`Why`].
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum Error {
    /// *Environment*: with [`Config::isolate`], no child process could be made or waited for.
    #[error("cannot run the optimizer in a child process: {0}")]
    Isolate(String),
    /// *Invalid input*: the Loopy script does not apply or is refused.
    #[error(transparent)]
    Script(#[from] LoopyError),
    /// *Invalid input*: no pass of that name ([`model_after`]).
    #[error("no pass named `{name}` (the passes: {known})")]
    UnknownPass {
        /// The name asked for.
        name: String,
        /// The names there are.
        known: String,
    },
    /// *Bug*: the model is broken after building or after a pass.
    #[error("the model after {after} is invalid: {error}")]
    Verify {
        /// `build` or the pass.
        after: String,
        /// The broken invariant.
        error: VerifyError,
    },
    /// *Bug* (or an input outside what code generation handles): generating code failed.
    #[error(transparent)]
    Codegen(#[from] CodegenError),
    /// *Bug*: isl failed in a way no budget explains.
    #[error("isl: {0}")]
    Isl(#[from] IslError),
    /// *Invalid input*: a C file does not read as C ([`crate::rewrite_c`]).
    #[error(transparent)]
    Source(#[from] optimist_scop::frontend::CError),
}

/// The result of [`optimize`].
#[derive(Clone, Debug)]
#[allow(clippy::large_enum_variant)]
pub enum Outcome {
    /// The model-based code and the check that selects it.
    Optimized(Plan),
    /// Only the faithful code, and why.
    FaithfulOnly(Why),
}

impl Outcome {
    /// The plan, when there is one.
    pub fn plan(&self) -> Option<&Plan> {
        match self {
            Outcome::Optimized(p) => Some(p),
            Outcome::FaithfulOnly(_) => None,
        }
    }

    /// Why there is no plan, when there is none.
    pub fn why(&self) -> Option<&Why> {
        match self {
            Outcome::Optimized(_) => None,
            Outcome::FaithfulOnly(w) => Some(w),
        }
    }
}

/// Native code and the decisions behind it ([`compile`]).
#[derive(Debug)]
pub struct Compiled {
    /// The kernel: faithful code, and versioned model-based code when there is a plan.
    pub kernel: Kernel,
    /// What the driver decided.
    pub outcome: Outcome,
}

/// [`optimize`], then native code for the outcome ([`Kernel::compile`]).
///
/// ```
/// use optimist::{Config, Version};
/// use optimist::codegen::ArrayArg;
/// use optimist::scop::{frontend, interp::Value};
/// let src = "void axpy(int n, double a, double X[n], double Y[n]) {\n  for (int i = 0; i < n; i++)\n    Y[i] += a * X[i];\n}";
/// let f = frontend::parse_source("axpy.c", src, None, &Default::default()).unwrap();
/// let compiled = optimist::compile(&f, &Config::default()).unwrap();
/// assert!(compiled.outcome.plan().is_some());
/// let (mut x, mut y) = (vec![1.0, 2.0, 3.0], vec![10.0; 3]);
/// let version = compiled.kernel
///     .call(&[("n", Value::Int(3)), ("a", Value::F64(2.0))], &mut [("X", ArrayArg::F64(&mut x)), ("Y", ArrayArg::F64(&mut y))])
///     .unwrap();
/// assert_eq!(y, [12.0, 14.0, 16.0]);
/// // X and Y are different pointers: they may overlap, and here they do not.
/// assert_eq!(version, Version::Optimized);
/// ```
pub fn compile(f: &Function, config: &Config) -> Result<Compiled, Error> {
    let f = &program(f, config)?;
    let outcome = optimize(f, config)?;
    let kernel = Kernel::compile_with(f, outcome.plan(), &config.native)?;
    Ok(Compiled { kernel, outcome })
}

/// The function [`compile`], [`compile_object`] and [`compile_c`] compile for `f`: `f`
/// contracted ([`Function::contracted`]) when `config.native.contract`, else `f`. Every
/// version of the code (the faithful one and the optimized one) computes it, bit for bit, and
/// so does the interpreter run on it: the contracted program is the reference.
pub fn program(f: &Function, config: &Config) -> Result<Function, Error> {
    if !config.native.contract {
        return Ok(f.clone());
    }
    f.contracted()
        .map_err(|e| Error::Codegen(CodegenError::Unexpected(format!("contraction: {e}"))))
}

/// The configuration [`compile_c`] optimizes with: `config`, made for C ([`Target::c`]) unless
/// it names a target. The plan of `optimize(f, &config_for_c(config))` is the one `compile_c`
/// prints, and native code compiled from that plan runs the same schedule (the differential
/// tests check both).
pub fn config_for_c(config: &Config) -> Config {
    let mut config = config.clone();
    config.target.get_or_insert_with(Target::c);
    config
}

/// [`optimize`] for C ([`config_for_c`]), then the versioned C program for the outcome
/// ([`optimist_codegen::versioned_c`]), its entry point named `name`.
pub fn compile_c(f: &Function, config: &Config, name: &str) -> Result<(CProgram, Outcome), Error> {
    let f = &program(f, config)?;
    let outcome = optimize(f, &config_for_c(config))?;
    let program = optimist_codegen::versioned_c(f, outcome.plan(), name)?;
    Ok((program, outcome))
}

/// [`optimize`] for native code (`config.native`), then a relocatable object for the host
/// holding the versioned kernel with the source's name and C signature
/// ([`optimist_codegen::object_code`]): what `optimist compile` writes. A C program links it
/// with the flags of [`ObjectCode::links`](optimist_codegen::ObjectCode::links).
pub fn compile_object(
    f: &Function,
    config: &Config,
) -> Result<(optimist_codegen::ObjectCode, Outcome), Error> {
    let f = &program(f, config)?;
    let outcome = optimize(f, config)?;
    let object = optimist_codegen::object_code(f, outcome.plan(), &config.native)?;
    Ok((object, outcome))
}

/// Runs the pipeline on `f` (see the module documentation). isl failing inside a stage is
/// [`Why::Isl`]: only the faithful code is compiled.
pub fn optimize(f: &Function, config: &Config) -> Result<Outcome, Error> {
    if config.isolate {
        let probe = crate::isolate::probe(|| {
            let _ = optimize_or_isl_error(f, config);
        })
        .map_err(|e| Error::Isolate(e.to_string()))?;
        if let Some(how) = probe {
            return Ok(Outcome::FaithfulOnly(Why::Crashed { how }));
        }
    }
    match optimize_or_isl_error(f, config) {
        Err(Error::Isl(e)) => Ok(Outcome::FaithfulOnly(Why::Isl(e))),
        other => other,
    }
}

fn optimize_or_isl_error(f: &Function, config: &Config) -> Result<Outcome, Error> {
    let mut d = Driver::new(f, config);
    Ok(match d.run(None)? {
        Err(why) => Outcome::FaithfulOnly(why),
        Ok(Front {
            scop,
            correspondence,
        }) => match d.finish(scop, correspondence)? {
            Ok(plan) => Outcome::Optimized(plan),
            Err(why) => Outcome::FaithfulOnly(why),
        },
    })
}

/// The model of `f` after the stage `after` (`build` or the name of a pass of
/// `config.passes`): what `optimist show scop --after PASS` prints. `Err(Why)` inside when the
/// pipeline stopped before it.
pub fn model_after(f: &Function, config: &Config, after: &str) -> Result<Result<Scop, Why>, Error> {
    if after != "build" && !config.passes.iter().any(|p| p.name == after) {
        let known: Vec<&str> = std::iter::once("build")
            .chain(config.passes.iter().map(|p| p.name))
            .collect();
        return Err(Error::UnknownPass {
            name: after.to_string(),
            known: known.join(", "),
        });
    }
    let mut d = Driver::new(f, config);
    Ok(d.run(Some(after))?.map(|front| front.scop))
}

/// The order the plan's code follows ([`Driver::ordered`]).
struct Ordered {
    schedule: Schedule,
    marks: Marks,
    ast: optimist_codegen::LoopAst,
    note: Option<String>,
    transformation: String,
    decisions: Vec<Decision>,
}

/// The model after the passes, and the parameter values where it is the program.
struct Front {
    scop: Scop,
    correspondence: Option<Set>,
}

/// One run of the pipeline: the configuration and the reports so far.
struct Driver<'a> {
    f: &'a Function,
    config: &'a Config,
    reports: Vec<PassReport>,
    /// When isl is stopped ([`Config::deadline`] from the start); `None` once the strategy
    /// ran out of time and the program's order is being finished.
    deadline: Option<Instant>,
    /// The target the plan is made for ([`Config::target`], else native code's).
    target: Target,
}

impl<'a> Driver<'a> {
    fn new(f: &'a Function, config: &'a Config) -> Driver<'a> {
        Driver {
            f,
            config,
            reports: Vec::new(),
            deadline: config.deadline.map(|d| Instant::now() + d),
            target: config
                .target
                .clone()
                .unwrap_or_else(|| config.native.target()),
        }
    }

    /// `f` as stage `stage`, under `budget` and the deadline ([`run_stage`]).
    fn stage<T, E: StageError>(
        &self,
        ctx: &optimist_presburger::Ctx,
        stage: Stage,
        budget: Option<u64>,
        f: impl FnOnce() -> Result<T, E>,
    ) -> Result<Result<T, E>, Why> {
        let limit = self.config.deadline.unwrap_or_default();
        run_stage(ctx, self.deadline, limit, stage, budget, f)
    }

    /// The loop AST of `schedule`, under the AST budget and the deadline; checked against
    /// `deps` when given.
    fn ast(
        &self,
        scop: &Scop,
        schedule: &Schedule,
        marks: &Marks,
        deps: Option<&Dependences>,
    ) -> Result<optimist_codegen::LoopAst, CodegenError> {
        let budget = Some(self.config.budgets.ast);
        run_bounded(&scop.ctx, self.deadline, budget, || match deps {
            Some(d) => optimist_codegen::generate_verified(scop, schedule, marks, d),
            None => optimist_codegen::generate_marked(scop, schedule, marks),
        })
    }

    /// The deadline passed in `stage`.
    fn late(&self, stage: Stage) -> Why {
        Why::Deadline {
            stage,
            limit: self.config.deadline.unwrap_or_default(),
        }
    }

    /// Whether the deadline has passed.
    fn past(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Records a report of stage `name` that started at `start`.
    fn report(&mut self, mut report: PassReport, start: Instant, budget: u64, operations: u64) {
        report.time = start.elapsed();
        report.max_operations = budget;
        report.operations = operations;
        self.reports.push(report);
    }

    /// Build, correspondence and the passes (stopping after the stage `stop_after`).
    fn run(&mut self, stop_after: Option<&str>) -> Result<Result<Front, Why>, Error> {
        let (f, config) = (self.f, self.config);
        let start = Instant::now();
        let budget = config.budgets.build;
        let mut scop = match Scop::build(
            f,
            &ScopConfig {
                max_operations: budget,
            },
        ) {
            Ok(s) => s,
            Err(e) => return Ok(Err(Why::CannotModel(e))),
        };
        // Building makes the isl context, so it runs under its budget only.
        if self.past() {
            return Ok(Err(self.late(Stage::Build)));
        }
        if config.verify {
            scop.verify().map_err(|error| Error::Verify {
                after: "build".into(),
                error,
            })?;
        }
        let summary = format!(
            "{} statements, {} accesses",
            scop.stmts.len(),
            scop.accesses.len()
        );
        let used = scop.ctx.last_operations();
        self.report(PassReport::changed("build", summary), start, budget, used);
        // The front end's peeled loops (wrap-around scalars): the model is of loops the
        // program does not have, which C made of it gives the C compiler.
        if !f.peeled.is_empty() {
            let names: Vec<&str> = f.peeled.iter().map(|&v| f.var(v).name.as_str()).collect();
            let summary = format!(
                "first iterations peeled for the wrap-around scalars {}",
                names.join(", ")
            );
            // The front end did the work: no time or operations of its own here.
            self.report(PassReport::changed("peel", summary), Instant::now(), 0, 0);
        }
        // Floating counters: no C compiler may reassociate their additions. Integer ones
        // (`frontend::induction`): C compilers compute them from the loops' counters
        // themselves, so the change alone leaves C as written.
        let (floats, ints): (Vec<_>, Vec<_>) =
            f.counted.iter().partition(|&&v| f.var(v).ty.is_float());
        for (list, compiler_does) in [(floats, false), (ints, true)] {
            if list.is_empty() {
                continue;
            }
            let names: Vec<&str> = list.iter().map(|&&v| f.var(v).name.as_str()).collect();
            let summary = format!(
                "{} counters computed from their loops' counters: {}",
                if compiler_does { "integer" } else { "floating" },
                names.join(", ")
            );
            let mut report = PassReport::changed("count", summary);
            report.compiler_does = compiler_does;
            self.report(report, Instant::now(), 0, 0);
        }
        if stop_after == Some("build") {
            return Ok(Ok(Front {
                scop,
                correspondence: None,
            }));
        }

        let start = Instant::now();
        let budget = config.budgets.correspondence;
        let checked = self.stage(&scop.ctx, Stage::Correspondence, Some(budget), || {
            optimist_loopy::correspondence(f, &scop)
        });
        let correspondence = match checked.and_then(correspondence) {
            Ok(c) => c,
            Err(why) => return Ok(Err(why)),
        };
        let summary = match &correspondence {
            None => "the model is the program".to_string(),
            Some(s) => format!("the model is the program where {s}"),
        };
        self.report(
            PassReport::unchanged("correspondence", summary),
            start,
            budget,
            scop.ctx.last_operations(),
        );

        for pass in &config.passes {
            let start = Instant::now();
            let budget = config.budgets.pass;
            let cx = PassCx {
                function: f,
                max_operations: budget,
            };
            let ctx = scop.ctx.clone();
            let stage = Stage::Pass(pass.name.into());
            let report = match self.stage(&ctx, stage, Some(budget), || (pass.run)(&mut scop, &cx))
            {
                Err(why) => return Ok(Err(why)),
                Ok(Ok(r)) => r,
                Ok(Err(PassError::Verify(error))) => {
                    return Err(Error::Verify {
                        after: format!("pass `{}`", pass.name),
                        error,
                    });
                }
                Ok(Err(error)) => {
                    return Ok(Err(Why::Pass {
                        pass: pass.name.into(),
                        error,
                    }));
                }
            };
            if config.verify {
                scop.verify().map_err(|error| Error::Verify {
                    after: format!("pass `{}`", pass.name),
                    error,
                })?;
            }
            self.report(report, start, budget, ctx.last_operations());
            if stop_after == Some(pass.name) {
                break;
            }
        }
        Ok(Ok(Front {
            scop,
            correspondence,
        }))
    }

    /// Assumptions, schedule, AST and run-time check.
    fn finish(
        &mut self,
        mut scop: Scop,
        correspondence: Option<Set>,
    ) -> Result<Result<Plan, Why>, Error> {
        let assumptions = match self.assumptions(&mut scop)? {
            Ok(a) => a,
            Err(why) => return Ok(Err(why)),
        };
        let ordered = match self.ordered(&scop)? {
            Ok(o) => o,
            Err(why) => return Ok(Err(why)),
        };
        let start = Instant::now();
        let budget = self.config.budgets.check;
        let checked = self.stage(&scop.ctx, Stage::Check, Some(budget), || {
            check(&scop, &assumptions, correspondence)
        });
        let (check, check_params, unchecked, footprints, fallback_footprints) = match checked {
            Err(why) => return Ok(Err(why)),
            Ok(Ok(c)) => c,
            Ok(Err(e)) => return Err(Error::Isl(e)),
        };
        self.report(
            PassReport::unchanged(
                "check",
                format!(
                    "{} pre-loads, {} arrays without range checks",
                    check.preloads.len(),
                    unchecked.len()
                ),
            ),
            start,
            budget,
            scop.ctx.last_operations(),
        );
        Ok(Ok(Plan {
            target: self.target.clone(),
            scop,
            assumptions,
            schedule: ordered.schedule,
            marks: ordered.marks,
            ast: ordered.ast,
            check,
            check_params,
            unchecked,
            footprints,
            fallback_footprints,
            transformation: ordered.transformation,
            decisions: ordered.decisions,
            schedule_note: ordered.note,
            reports: std::mem::take(&mut self.reports),
        }))
    }

    /// The assumptions stage: the assumptions the model needs, unless they cannot hold.
    fn assumptions(
        &mut self,
        scop: &mut Scop,
    ) -> Result<Result<optimist_assume::Assumptions, Why>, Error> {
        let start = Instant::now();
        let budget = self.config.budgets.assumptions;
        let assume = optimist_assume::Config {
            max_operations: budget,
        };
        let ctx = scop.ctx.clone();
        let assumptions = match self.stage(&ctx, Stage::Assumptions, None, || {
            optimist_assume::collect(scop, &assume)
        }) {
            Err(why) => return Ok(Err(why)),
            Ok(Ok(a)) => a,
            Ok(Err(optimist_assume::AssumeError::Isl(e))) => return Err(Error::Isl(e)),
        };
        if let Some(why) = &assumptions.infeasible {
            return Ok(Err(Why::InfeasibleAssumptions {
                reason: why.clone(),
                assumptions: assumptions.dump(scop),
            }));
        }
        let taken: usize = assumptions.stats.iter().map(|s| s.taken).sum();
        self.report(
            PassReport::changed("assume", format!("{taken} assumptions taken")),
            start,
            budget,
            ctx.last_operations(),
        );
        Ok(Ok(assumptions))
    }

    /// The schedule stage and the loop AST: the strategy's schedule, or the program's order
    /// when the automatic one cannot be generated (with the note saying why), and the
    /// decisions in words.
    fn ordered(&mut self, scop: &Scop) -> Result<Result<Ordered, Why>, Error> {
        let config = self.config;
        let start = Instant::now();
        let budget = config.budgets.dependences;
        let mut stages = Vec::new();
        let Scheduled {
            mut schedule,
            mut marks,
            mut note,
            decision,
            decisions,
            late,
            deps,
        } = match schedule(
            scop,
            &config.strategy,
            &self.target,
            &config.budgets,
            self.deadline,
            &mut stages,
        )? {
            Ok(s) => s,
            Err(Why::Deadline { stage, .. }) => return Ok(Err(self.late(stage))),
            Err(why) => return Ok(Err(why)),
        };
        if late {
            // The program's order is finished under the operation budgets only.
            self.deadline = None;
        }
        let ast_start = Instant::now();
        let ast = match self.ast(scop, &schedule, &marks, deps.as_ref()) {
            Err(CodegenError::Isl(IslError::Deadline))
                if matches!(config.strategy, Strategy::Auto(_)) =>
            {
                note = Some(
                    "the loop AST of the automatic schedule passed the deadline (Config::deadline), original order kept"
                        .into(),
                );
                self.deadline = None;
                schedule = scop.schedule.clone();
                marks = Marks::default();
                self.ast(scop, &schedule, &marks, None)
            }
            Err(CodegenError::WrongAst(why)) if matches!(config.strategy, Strategy::Auto(_)) => {
                note = Some(format!(
                    "isl's loop AST of the automatic schedule breaks its order ({why}), original order kept"
                ));
                schedule = scop.schedule.clone();
                marks = Marks::default();
                self.ast(scop, &schedule, &marks, None)
            }
            // isl failing on the automatic schedule's AST (an internal error, not a budget):
            // the program's order may still be optimized.
            Err(CodegenError::Isl(e))
                if matches!(config.strategy, Strategy::Auto(_))
                    && !matches!(e, IslError::Budget) =>
            {
                note = Some(format!(
                    "isl failed on the loop AST of the automatic schedule ({e}), original order kept"
                ));
                schedule = scop.schedule.clone();
                marks = Marks::default();
                self.ast(scop, &schedule, &marks, None)
            }
            other => other,
        };
        let ast = match ast {
            Ok(a) => a,
            Err(CodegenError::Isl(IslError::Budget)) => {
                return Ok(Err(Why::Budget { stage: Stage::Ast }));
            }
            Err(CodegenError::Isl(IslError::Deadline)) => {
                return Ok(Err(self.late(Stage::Ast)));
            }
            Err(CodegenError::WrongAst(why)) => return Ok(Err(Why::WrongAst(why))),
            // Only the faithful code (`optimize` makes it `Why::Isl`).
            Err(CodegenError::Isl(e)) => return Err(Error::Isl(e)),
            Err(e) => return Err(Error::Codegen(e)),
        };
        stages.push(Part::new(
            "loop AST",
            ast_start.elapsed(),
            Some(scop.ctx.last_operations()),
        ));
        let transformation = match (&config.strategy, &note) {
            (_, Some(n)) => n.clone(),
            // The summary, then every decision on a line of its own.
            (Strategy::Auto(_), None) => {
                let mut text = format!(
                    "automatic strategy: {} ({} parallel, {} vector loops marked)",
                    optimist_loopy::decision::summary(&decision)
                        .as_deref()
                        .unwrap_or("its own schedule"),
                    marks.parallel.len(),
                    marks.vector.len()
                );
                for d in &decisions {
                    let _ = write!(text, "\n{d}");
                }
                text
            }
            (Strategy::Original, None) => "the program's order".into(),
            (Strategy::Script(_), None) => "a Loopy script, verified".into(),
        };
        // The strategy's count includes its dependences.
        let used = stages
            .iter()
            .filter(|p| p.name != "dependences" || !matches!(config.strategy, Strategy::Auto(_)))
            .filter_map(|p| p.operations)
            .sum();
        self.report(
            PassReport {
                parts: stages,
                ..PassReport::changed("schedule", transformation.clone())
            },
            start,
            budget,
            used,
        );
        Ok(Ok(Ordered {
            schedule,
            marks,
            ast,
            note,
            transformation,
            decisions,
        }))
    }
}

/// The run-time check, its parameter part, the arrays whose range checks can go when it
/// holds, and the exact footprints of the array parameters.
#[allow(clippy::type_complexity)]
fn check(
    scop: &Scop,
    assumptions: &optimist_assume::Assumptions,
    correspondence: Option<Set>,
) -> Result<
    (
        RuntimeCheck,
        Set,
        Vec<ArrayId>,
        Vec<(ArrayId, Footprint)>,
        Vec<(ArrayId, Footprint)>,
    ),
    IslError,
> {
    // Arrays whose every subscript can be checked against its declared size up front (the
    // buffers are checked against those sizes before the code runs): their accesses go
    // without range checks when that holds, as part of the run-time check.
    let mut extra = correspondence;
    let mut unchecked = Vec::new();
    for (k, arr) in scop.arrays.iter().enumerate() {
        let ArrayOrigin::Array(id) = arr.origin else {
            continue;
        };
        let inside = match optimist_assume::in_declared_bounds(scop, ScopArrayId(k as u32)) {
            Ok(Some(inside)) => inside,
            Ok(None) => continue,
            Err(optimist_assume::AssumeError::Isl(e)) => return Err(e),
        };
        let with = match &extra {
            Some(e) => e.intersect(&inside)?,
            None => inside,
        };
        if !with.intersect(&assumptions.valid)?.is_empty()? {
            extra = Some(with);
            unchecked.push(id);
        }
    }
    let check = RuntimeCheck::build(scop, assumptions, extra.as_ref())?;
    let params = match &extra {
        Some(e) => assumptions.valid.intersect(e)?,
        None => assumptions.valid.clone(),
    };
    // Computed footprints only: a whole-buffer one says nothing. The footprint of an array
    // with several dimensions (its first subscript's range times the sizes of the others, the
    // recovered ones for a delinearized array) may exceed what the program touches, since the
    // buffer need not hold the declared size: leaving the buffer sends native code to the
    // fallback, and staying inside makes its range checks unnecessary. A one-dimensional
    // footprint is exact, and leaving the buffer the caller's error, when every access to the
    // array is exact and runs whenever its statement's instance does; one under a condition on
    // data (which may never hold) or over-approximated is treated like a footprint with
    // several dimensions (the random programs found a kernel refused for an access under
    // `if (0.0 * 0.0 > 0.5)`).
    let exact = |k: ScopArrayId| {
        scop.stmts.iter().all(|st| {
            st.accesses.iter().all(|&a| {
                let access = scop.access(a);
                access.array != k || (access.exact && st.guard.is_none())
            })
        })
    };
    let mut footprints = Vec::new();
    let mut fallback_footprints = Vec::new();
    for (k, fp) in &check.footprints {
        let ArrayOrigin::Array(id) = scop.array(*k).origin else {
            continue;
        };
        if matches!(fp.low, CheckExpr::Leaf(_)) {
            continue;
        }
        if scop.array(*k).sizes.len() > 1 || !exact(*k) {
            fallback_footprints.push((id, fp.clone()));
            if !unchecked.contains(&id) {
                unchecked.push(id);
            }
        } else {
            footprints.push((id, fp.clone()));
        }
    }
    Ok((check, params, unchecked, footprints, fallback_footprints))
}

/// What [`schedule`] chose.
struct Scheduled {
    schedule: Schedule,
    marks: Marks,
    /// Why another order than the strategy's was kept.
    note: Option<String>,
    /// What the automatic strategy decided against its default.
    decision: Vec<Departure>,
    /// Every decision of the automatic strategy.
    decisions: Vec<Decision>,
    /// Whether the strategy ran out of time (the program's order is kept).
    late: bool,
    /// The dependences a transformed schedule was computed or checked against; its loop AST
    /// is checked against them too (isl's AST generator is not trusted to follow a schedule).
    deps: Option<Dependences>,
}

/// The schedule `strategy` gives for `scop` (isl stopped at `deadline`), its marks, why another
/// order was kept, and the wall time of each stage on the way. A deadline that passes is
/// `Why::Deadline` for a script (its limit left for the caller to fill in), and the program's
/// order for the automatic strategy.
fn schedule(
    scop: &Scop,
    strategy: &Strategy,
    target: &Target,
    budgets: &Budgets,
    deadline: Option<Instant>,
    stages: &mut Vec<Part>,
) -> Result<Result<Scheduled, Why>, Error> {
    let (budget, strategy_budget) = (budgets.dependences, budgets.strategy);
    let marks = |t: &Transformed| Marks {
        parallel: t.parallel.clone(),
        vector: t.vector.clone(),
        jam: t.jam.clone(),
        registers: t.registers.clone(),
    };
    let original = |note: Option<String>, late: bool| Scheduled {
        schedule: scop.schedule.clone(),
        marks: Marks::default(),
        note,
        decision: Vec::new(),
        decisions: Vec::new(),
        late,
        deps: None,
    };
    let kept_order = |s: Scheduled| Scheduled {
        decisions: vec![optimist_loopy::Decision::Schedule(
            optimist_loopy::ScheduleChoice::Original,
        )],
        ..s
    };
    let mut deps = || {
        let start = Instant::now();
        // The strategy and the verifier only ask memory-based dependences.
        let d = Dependences::memory_only_isl(
            scop,
            &DepConfig {
                max_operations: budget,
            },
        );
        stages.push(Part::new(
            "dependences",
            start.elapsed(),
            Some(scop.ctx.last_operations()),
        ));
        d
    };
    // A model where no statement instance runs (every statement under a condition that never
    // holds, or none left after the passes) has one order: the program's. isl cannot build a
    // schedule band over nothing.
    if scop.domains()?.is_empty()? {
        return Ok(Ok(original(
            (!matches!(strategy, Strategy::Original))
                .then(|| "no statement instance runs: the program's order kept".to_string()),
            false,
        )));
    }
    Ok(Ok(match strategy {
        Strategy::Original => original(None, false),
        Strategy::Auto(config) => {
            let start = Instant::now();
            let found = run_bounded(&scop.ctx, deadline, Some(strategy_budget), || {
                let d = deps().map_err(LoopyError::Isl)?;
                optimist_loopy::auto(scop, &d, config, target).map(|t| (t, d))
            });
            let used = scop.ctx.last_operations();
            match found {
                Ok((t, d)) => {
                    stages.extend(
                        t.stages
                            .iter()
                            .map(|&(n, d)| Part::new(format!("strategy: {n}"), d, None)),
                    );
                    stages.push(Part::new(
                        "strategy (total, dependences included)",
                        start.elapsed(),
                        Some(used),
                    ));
                    Scheduled {
                        schedule: t.schedule.clone(),
                        marks: marks(&t),
                        note: None,
                        decision: t.departures.clone(),
                        decisions: t.decisions.clone(),
                        late: false,
                        deps: Some(d),
                    }
                }
                // The automatic strategy's fallback is its decision too: the program's order
                // (so that C which adds nothing else keeps the program's code, `as_written`:
                // a crossing loop whose schedule isl could not make ran 0.93x rewritten).
                Err(LoopyError::Isl(IslError::Deadline)) => kept_order(original(
                    Some("automatic strategy stopped at the deadline (Config::deadline), original order kept".into()),
                    true,
                )),
                Err(LoopyError::Isl(IslError::Budget)) => kept_order(original(
                    Some(format!(
                        "automatic strategy ran out of its budget ({strategy_budget} isl operations, Config::budgets.strategy), original order kept"
                    )),
                    false,
                )),
                Err(e) => kept_order(original(
                    Some(format!(
                        "automatic strategy failed, original order kept: {e}"
                    )),
                    false,
                )),
            }
        }
        Strategy::Script(script) => {
            // The caller knows the deadline's limit.
            let found = run_stage(
                &scop.ctx,
                deadline,
                Duration::ZERO,
                Stage::Schedule,
                None,
                || {
                    let d = deps().map_err(LoopyError::Isl)?;
                    optimist_loopy::apply(scop, &d, script).map(|t| (t, d))
                },
            );
            let (t, d) = match found {
                Err(why) => return Ok(Err(why)),
                Ok(Ok(t)) => t,
                Ok(Err(LoopyError::Isl(e))) => return Err(Error::Isl(e)),
                Ok(Err(e)) => return Err(Error::Script(e)),
            };
            Scheduled {
                schedule: t.schedule.clone(),
                marks: marks(&t),
                note: None,
                decision: Vec::new(),
                decisions: Vec::new(),
                late: false,
                deps: Some(d),
            }
        }
    }))
}

/// The parameter values where the model is the program (`None`: all of them, or not
/// derivable), or why the model may not be used at all (the check failed, or it holds nowhere),
/// from the check's result (bounded like the other isl work: a check that cannot finish is no
/// proof).
fn correspondence(
    checked: Result<optimist_loopy::Correspondence, CorrespondenceError>,
) -> Result<Option<Set>, Why> {
    match checked {
        Ok(c) if c.violations.is_empty() => Ok(None),
        Ok(c) => match c.valid.is_empty() {
            Ok(false) => Ok(Some(c.valid)),
            _ => Err(Why::Correspondence(format!(
                "the model does not match the program: {}",
                c.violations.join("; ")
            ))),
        },
        // Outside what the check derives (data-dependent control): nothing more is known.
        Err(CorrespondenceError::Unsupported(_)) => Ok(None),
        Err(e) => Err(Why::Correspondence(format!(
            "the program-model correspondence check failed: {e}"
        ))),
    }
}
