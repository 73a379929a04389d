//! optimist: polyhedral loop optimization as a library.
//!
//! This facade holds the **driver** ([`optimize`]): the one pipeline from a program
//! ([`scop::ir::Function`], built by a compiler through the API or parsed from C) to a
//! [`Plan`] that code generation compiles — build the model, check that it is the program,
//! run the passes over the model (delinearization, DeLICM, expression propagation), collect the
//! optimistic assumptions, schedule (original order, a verified Loopy script, or the automatic
//! strategy), generate the loop AST and the run-time check. [`compile`] and [`compile_c`] add
//! native code (Cranelift) or C text, versioned by that check; when optimization is not
//! possible, [`Outcome::FaithfulOnly`] says why and only the faithful translation is used.
//!
//! The crates of the family are re-exported: [`presburger`] (the safe face of isl), [`scop`]
//! (program IR, C front end, interpreter, model, dependences, the pass contract), [`assume`]
//! (optimistic assumptions and their run-time check), [`delin`], [`delicm`], [`propagate`]
//! (the passes over the model), [`loopy`] (verified scripted and automatic transformations)
//! and [`codegen`] (loop ASTs, C text, native code, the safe `Kernel`).
//!
//! A compiler that embeds optimist starts at [`embed`]: the types it touches, the typed call
//! surface, kernels in its own Cranelift module. [`errors`] lists what each kind of bad input
//! gets.
//!
//! Each stage implements one paper (see the crates' front pages): the assumptions and the
//! versioned code paper 000 (CGO 2017), delinearization paper 001 (ICS 2015), DeLICM paper 002
//! (CGO 2018), expression propagation paper 003 (CC 2018), scripts, their verifier and the
//! program-model correspondence check paper 004 (Loopy).
//!
//! ```
//! use optimist::scop::frontend;
//! use optimist::{Config, Version};
//! let src = "void scale(int n, int m, double A[n][m], double B[n][m]) {
//!   for (int i = 0; i < n; i++)
//!     for (int j = 0; j < m; j++)
//!       B[i][j] = 0.5 * A[i][j];
//! }";
//! let f = frontend::parse_source("scale.c", src, None, &Default::default()).unwrap();
//! let compiled = optimist::compile(&f, &Config::default()).unwrap();
//! let plan = compiled.outcome.plan().expect("optimized");
//! // The optimized code runs only when A and B do not overlap.
//! assert!(plan.check_c().contains("(long)B"));
//! // Parameters resolved once; arguments by position, typed as the C declaration says.
//! let mut scale = compiled.kernel.signature();
//! let (a, mut b) = (vec![2.0; 12], vec![0.0; 12]);
//! let version = scale
//!     .call(&mut [3i32.into(), 4i32.into(), a.as_slice().into(), b.as_mut_slice().into()])
//!     .unwrap();
//! assert_eq!(version, Version::Optimized);
//! assert_eq!(b, vec![1.0; 12]);
//! ```
//!
//! # Design notes
//!
//! Re-exports every crate. `driver.rs` is the one pipeline: `optimize(&Function, &Config) ->
//! Result<Outcome, Error>` runs build, correspondence, the passes of `Config::passes` (by default
//! `PASSES`: delin, delicm, propagate), `assume::collect`, the schedule of `Config::strategy`
//! (`Original`, `Auto(AutoConfig)` — on failure the original order with `Plan::schedule_note` —
//! or a verified `Script`), the loop AST, and the run-time check (with the declared bounds of the
//! arrays whose range checks go, and the correspondence set). Each stage runs under its own budget
//! of isl operations (`Config::budgets`: what each bounds and why its size is documented there;
//! the automatic strategy as a whole has one, `Budgets::strategy`, and the AST check its own) and
//! is reported in `Plan::reports` with its time and the operations it used (the schedule stage
//! with its parts: dependences, each step of the strategy, the loop AST; `optimist show
//! timing`). A budget nested in another counts toward it (`Ctx::with_budget`), so a stage's
//! budget bounds all its work. Nothing is bounded by the clock by default: the same input and
//! `Config` give the same plan, C text and native code on any machine at any load
//! (`tests/driver.rs` compiles kernels beside busy threads and compares). `Config::deadline`
//! is an emergency stop a caller may set: every stage after building (which makes the isl
//! context) then runs inside `with_deadline`; when the automatic strategy or its loop AST runs
//! out of time, the program's order is finished without the deadline (budgets only) and
//! `Plan::schedule_note` says so; anywhere else `Why::Deadline { stage }` leaves only the
//! faithful code. `Outcome::FaithfulOnly(Why)` says why only the faithful
//! code is used (cannot model, correspondence, a pass gave up, `Budget { stage }`,
//! `Deadline { stage }`, infeasible assumptions with their dump, `Isl` when isl fails inside a
//! stage in a way no budget explains, `WrongAst`); `Error` is for the caller (a refused script,
//! an unknown pass name) or bugs (a model broken by a pass, named). An isl failure (an internal
//! error or a failed assertion, as the soak found in the assumptions stage) loses the
//! optimization, never the program: `optimize` turns `Error::Isl` into `Why::Isl`. A crash inside
//! isl (C code) cannot be ruled out for every input: with `Config::isolate` (`--isolate`),
//! `optimize` first runs the pipeline in a child made by `fork()` (`isolate.rs`); a child killed by
//! a signal or that panicked gives `Why::Crashed { how }`, one that exits lets the pipeline run again in the
//! caller (deterministic under the budgets, with the deadline off). The assumptions are collected after every pass, so that
//! they speak of the accesses that run (DESIGN.md put them between delin and DeLICM; a pass that
//! adds a write to an array read as an invariant parameter would then escape RT).
//! `model_after(f, config, PASS)` is the model after a stage (`optimist show scop --after`).
//! `compile` and `compile_c` are `optimize` followed by the backend. A model in which no
//! statement instance runs (every statement left out, or removed by a pass) keeps the program's
//! order under any strategy, with a note: isl builds no schedule band over nothing.
//!
//! `picture.rs` draws SVG written by hand (no drawing crate; tests parse it back with
//! `roxmltree` and render it with `resvg`, dev-dependencies only): `iteration_space` takes a 2-d
//! slice of a statement's domain (every parameter and the other iterators fixed), its
//! value-based dependences as arrows, the execution order of the plan's schedule (its time
//! vectors sorted) and the tiles, and `check_region` the plan's `check_params` (the parameter
//! part of the run-time check, which the driver now keeps in `Plan`) over two parameters. Tiles
//! are found from the time vectors alone: the longest prefix of time dimensions that is a
//! function of the rest and groups the points into more than one and fewer than all groups (a
//! tile loop `floor(x/32)` is determined by `x`; an outer loop `i` is not determined by `j`), so
//! skewed and script-made tiles are found as well as the strategy's; each is drawn as its convex
//! hull. Every element carries its coordinates (`data-at`, `data-from`, `data-to`).
#![deny(missing_docs)]

pub mod driver;
pub mod embed;
pub mod errors;
pub mod isolate;
pub mod picture;
pub mod whole;

pub use driver::{
    Budgets, Compiled, Config, Error, Outcome, PASSES, Stage, Strategy, Why, compile, compile_c,
    compile_object, config_for_c, model_after, optimize, program,
};
pub use optimist_assume as assume;
pub use optimist_codegen as codegen;
pub use optimist_codegen::{Cpu, Kernel, NativeOptions, ObjectCode, Plan, Version};
/// Cranelift, at the exact versions optimist is built with: the crates whose types appear in
/// optimist's public signatures ([`codegen::define_kernel`] takes a `cranelift_module::Module`,
/// [`codegen::jit_builder`] gives a `cranelift_jit::JITBuilder`). Name them through these paths
/// and Cargo never has two Cranelifts to reconcile.
pub use optimist_codegen::{
    cranelift_codegen, cranelift_frontend, cranelift_jit, cranelift_module, cranelift_native,
    cranelift_object,
};
pub use optimist_delicm as delicm;
pub use optimist_delin as delin;
pub use optimist_loopy as loopy;
pub use optimist_loopy::{Target, TargetKind};
pub use optimist_presburger as presburger;
pub use optimist_propagate as propagate;
pub use optimist_scop as scop;
pub use whole::{Part, RegionKernel, Rewrite, Rewritten, region_kernels, rewrite_c};
