//! The driver: its stages and reports, typed reasons for faithful-only outcomes, budgets per
//! stage, `model_after`, and a pass written here (one statement split in two) going through the
//! whole pipeline to native code and C with the interpreter's bits.

use optimist::presburger::{DimType, Schedule, Set};
use optimist::scop::frontend::{self, FrontendConfig};
use optimist::scop::interp;
use optimist::scop::model::{AccessId, BodyExpr, BodyLeaf, Scop, StmtId};
use optimist::scop::pass::{Pass, PassCx, PassError, PassReport};
use optimist::scop::workload::{RunSpec, Workload};
use optimist::{Budgets, Config, Error, Kernel, Outcome, Stage, Strategy, Version, Why};

mod common;

fn parse(src: &str) -> optimist::scop::ir::Function {
    frontend::parse_source("t.c", src, None, &FrontendConfig::default()).unwrap()
}

/// The function of a kernel of the corpus (`path` from the repository's root).
fn corpus(path: &str) -> optimist::scop::ir::Function {
    frontend::parse_file(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path),
        &FrontendConfig::default(),
    )
    .unwrap()
}

const CHAIN: &str = "void chain(int n, double A[n], double B[n]) {\n  for (int i = 1; i < n; i++)\n    A[i] = A[i - 1] * 0.5 + B[i];\n}\n";

#[test]
fn the_plan_reports_every_stage_in_order() {
    let f = parse(CHAIN);
    let Outcome::Optimized(plan) = optimist::optimize(&f, &Config::default()).unwrap() else {
        panic!("chain should be optimized");
    };
    let stages: Vec<&str> = plan.reports.iter().map(|r| r.pass.as_str()).collect();
    assert_eq!(
        stages,
        [
            "build",
            "correspondence",
            "delin",
            "delicm",
            "propagate",
            "assume",
            "schedule",
            "check"
        ]
    );
    // No flat pointer, no local scalar, no local array: the three passes change nothing and
    // say why.
    assert!(
        !plan.reports[2].changed && plan.reports[2].summary == "no array delinearized",
        "{}",
        plan.reports[2]
    );
    assert!(
        !plan.reports[3].changed && plan.reports[3].summary == "no local variable",
        "{}",
        plan.reports[3]
    );
    let r = &plan.reports[4];
    assert!(!r.changed && r.summary == "no local array", "{r}");
    // The plan's check is the kernel's.
    let kernel = Kernel::compile(&f, Some(&plan)).unwrap();
    assert_eq!(kernel.check(), Some(plan.check_c().as_str()));
}

#[test]
fn faithful_only_outcomes_say_why_with_a_type() {
    // Data-dependent bounds cannot be modeled.
    let f = parse(
        "void k(int n, double A[n]) {\n  for (int i = 0; i < n; i++)\n    for (int j = 0; j < i * i; j++)\n      A[i] = A[i] + 1;\n}\n",
    );
    let outcome = optimist::optimize(&f, &Config::default()).unwrap();
    assert!(
        matches!(outcome.why(), Some(Why::CannotModel(_))),
        "{outcome:?}"
    );
    // Every stage's budget is its own: a tiny one names the stage.
    let f = parse(CHAIN);
    let tiny = |set: fn(&mut Budgets)| {
        let mut config = Config::default();
        set(&mut config.budgets);
        optimist::optimize(&f, &config).unwrap()
    };
    let stage = |o: Outcome| match o {
        Outcome::FaithfulOnly(Why::Budget { stage }) => stage,
        o => panic!("expected a budget stop: {o:?}"),
    };
    assert_eq!(stage(tiny(|b| b.correspondence = 1)), Stage::Correspondence);
    assert_eq!(stage(tiny(|b| b.assumptions = 1)), Stage::Assumptions);
    assert_eq!(stage(tiny(|b| b.check = 1)), Stage::Check);
    assert!(matches!(
        tiny(|b| b.build = 1).why(),
        Some(Why::CannotModel(e)) if e.message.contains("budget")
    ));
    // A faithful-only outcome still compiles, and runs the fallback.
    let kernel = Kernel::compile(&f, None).unwrap();
    let spec = RunSpec::parse_args(&["--set", "n=10"]).unwrap();
    let mut w = Workload::generate(&f, &spec).unwrap();
    assert_eq!(kernel.run(&mut w.args).unwrap(), Version::Fallback);
}

#[test]
fn a_refused_script_is_an_error_and_an_unknown_pass_too() {
    let f = parse(CHAIN);
    let script = optimist::loopy::Script::parse("reverse(S0, 0)").unwrap_or_else(|e| panic!("{e}"));
    let e = optimist::optimize(&f, &Config::with(Strategy::Script(script))).unwrap_err();
    assert!(matches!(e, Error::Script(_)), "{e}");
    let e = optimist::model_after(&f, &Config::default(), "nope").unwrap_err();
    assert_eq!(
        e.to_string(),
        "no pass named `nope` (the passes: build, delin, delicm, propagate)"
    );
    let scop = optimist::model_after(&f, &Config::default(), "delin")
        .unwrap()
        .unwrap();
    assert_eq!(scop.stmts.len(), 1);
}

/// A pass written by a user of the library: statement 0 becomes two statements, one for even
/// and one for odd iterations, each with its own accesses; the schedule keeps the order.
fn split_even_odd(scop: &mut Scop, _cx: &PassCx<'_>) -> Result<PassReport, PassError> {
    let ctx = scop.ctx.clone();
    let old = scop.stmts.as_slice()[0].clone();
    if old.iterators.len() != 1 {
        return Err(PassError::Bail("only one loop is split".into()));
    }
    let params: Vec<&str> = scop.params.iter().map(|p| p.name.as_str()).collect();
    let params = params.join(", ");
    let name = old.name.clone();
    let odd_name = format!("{name}_odd");
    let even = Set::parse(&ctx, &format!("[{params}] -> {{ {name}[i] : i % 2 = 0 }}"))?;
    let odd = Set::parse(&ctx, &format!("[{params}] -> {{ {name}[i] : i % 2 = 1 }}"))?;
    let odd_domain = old.domain.intersect(&odd)?.with_tuple_name(&odd_name)?;
    scop.stmts[optimist::scop::model::StmtId(0)].domain = old.domain.intersect(&even)?;
    let new_id = StmtId(scop.stmts.len() as u32);
    let mut renamed = Vec::new();
    for &a in &old.accesses {
        let mut acc = scop.access(a).clone();
        acc.stmt = new_id;
        acc.relation = acc
            .relation
            .with_tuple_name(DimType::In, &odd_name)?
            .intersect_domain(&odd_domain)?;
        let id = AccessId(scop.accesses.len() as u32);
        scop.accesses.push(acc);
        renamed.push((a, id));
    }
    // The same body over the new accesses: one walk over the shared expression language.
    let remap = |e: &BodyExpr, map: &[(AccessId, AccessId)]| {
        e.map_leaves(&mut |leaf, ty| {
            let leaf = match *leaf {
                BodyLeaf::Access(a) => {
                    BodyLeaf::Access(map.iter().find(|(o, _)| *o == a).map_or(a, |(_, n)| *n))
                }
                other => other,
            };
            BodyExpr::leaf(leaf, ty)
        })
    };
    let new_of = |a: AccessId| renamed.iter().find(|(o, _)| *o == a).unwrap().1;
    let mut stmt = old.clone();
    stmt.name = odd_name.clone();
    stmt.domain = odd_domain;
    stmt.write = new_of(old.write);
    stmt.accesses = old.accesses.iter().map(|&a| new_of(a)).collect();
    stmt.value = remap(&old.value, &renamed).map_err(|e| PassError::Bail(e.0))?;
    stmt.guard = match &old.guard {
        Some(g) => Some(remap(g, &renamed).map_err(|e| PassError::Bail(e.0))?),
        None => None,
    };
    scop.stmts.push(stmt);
    // Both run at time i: the original order.
    let domains = scop.domains()?;
    scop.schedule = Schedule::parse(
        &ctx,
        &format!(
            "{{ domain: \"{domains}\", child: {{ schedule: \"[{params}] -> [{{ {name}[i] -> [(i)]; {odd_name}[i] -> [(i)] }}]\" }} }}"
        ),
    )?;
    Ok(PassReport::changed("split", format!("{name} split in two")))
}

const SPLIT: Pass = Pass {
    name: "split",
    about: "statement 0 split into even and odd iterations (a test pass)",
    run: split_even_odd,
};

#[test]
fn a_pass_that_splits_a_statement_runs_through_the_whole_pipeline() {
    let f = parse(CHAIN);
    let spec = RunSpec::parse_args(&["--set", "n=1000"]).unwrap();
    let mut reference = Workload::generate(&f, &spec).unwrap();
    interp::run(&f, &mut reference.args, &Default::default()).unwrap();
    let reference = reference.hashes(&f);
    for strategy in [Strategy::Original, Strategy::default()] {
        let mut config = Config::with(strategy.clone());
        config.passes.insert(0, SPLIT);
        let model = optimist::model_after(&f, &config, "split")
            .unwrap()
            .unwrap();
        assert_eq!(model.stmts.len(), 2);
        assert!(model.dump(&f).contains("S0_odd"), "{}", model.dump(&f));
        let optimist::Compiled { kernel, outcome } = optimist::compile(&f, &config).unwrap();
        let plan = outcome.plan().unwrap_or_else(|| panic!("{outcome:?}"));
        assert!(plan.reports.iter().any(|r| r.pass == "split" && r.changed));
        assert!(plan.schedule_note.is_none(), "{:?}", plan.schedule_note);
        let mut w = Workload::generate(&f, &spec).unwrap();
        assert_eq!(kernel.run(&mut w.args).unwrap(), Version::Optimized);
        assert_eq!(w.hashes(&f), reference, "{strategy:?}");
        if let Some(cc) = common::cc() {
            let p = optimist::codegen::versioned_c(&f, Some(plan), "optimist_generated").unwrap();
            let (hashes, version) = common::versioned_c_run(&cc, "split", &f, &spec, &p.code);
            let want: Vec<String> = reference
                .iter()
                .map(|(a, h)| format!("{a} {h:016x}"))
                .collect();
            assert_eq!(hashes, want, "{strategy:?}");
            assert_eq!(version, "optimized");
        }
    }
}

/// A pass that breaks the model is caught by the verifier and named.
#[test]
fn a_pass_that_breaks_the_model_is_named() {
    fn drop_schedule(scop: &mut Scop, _cx: &PassCx<'_>) -> Result<PassReport, PassError> {
        scop.schedule = Schedule::from_domain(&optimist::presburger::UnionSet::empty(&scop.ctx)?)?;
        Ok(PassReport::changed("breaker", "schedule dropped"))
    }
    let f = parse(CHAIN);
    let mut config = Config {
        verify: true,
        ..Config::default()
    };
    config.passes.push(Pass {
        name: "breaker",
        about: "drops the schedule",
        run: drop_schedule,
    });
    let e = optimist::optimize(&f, &config).unwrap_err();
    assert!(
        matches!(&e, Error::Verify { after, .. } if after == "pass `breaker`"),
        "{e}"
    );
}

/// Loopy reads the model only: after the split, both halves carry the tag of their loop, so a
/// script on that loop moves both, and the verifier checks the split model's dependences.
#[test]
fn loopy_scripts_apply_to_a_split_model() {
    let labeled = "void k(int n, double A[n], double B[n]) {\nL:  for (int i = 1; i < n; i++)\n    A[i] = A[i - 1] * 0.5 + B[i];\n}\n";
    let f = parse(labeled);
    let spec = RunSpec::parse_args(&["--set", "n=300"]).unwrap();
    let mut reference = Workload::generate(&f, &spec).unwrap();
    interp::run(&f, &mut reference.args, &Default::default()).unwrap();
    let script = |text: &str| {
        let mut config = Config::with(Strategy::Script(
            optimist::loopy::Script::parse(text).unwrap_or_else(|e| panic!("{e}")),
        ));
        config.passes.insert(0, SPLIT);
        config
    };
    let optimist::Compiled { kernel, outcome } =
        optimist::compile(&f, &script("tile(L, 16)")).unwrap();
    let plan = outcome.plan().unwrap_or_else(|| panic!("{outcome:?}"));
    assert_eq!(plan.scop.stmts.len(), 2);
    let ast = plan.ast.display(&plan.scop);
    assert!(ast.contains("S0_odd("), "{ast}");
    let mut w = Workload::generate(&f, &spec).unwrap();
    assert_eq!(kernel.run(&mut w.args).unwrap(), Version::Optimized);
    assert_eq!(w.hashes(&f), reference.hashes(&f));
    // Reversing the chain breaks its dependence between the two halves.
    let e = optimist::optimize(&f, &script("reverse(L, 0)")).unwrap_err();
    assert!(
        matches!(&e, Error::Script(optimist::loopy::LoopyError::Refused(v)) if !v.is_empty()),
        "{e}"
    );
    assert!(e.to_string().contains("S0_odd"), "{e}");
}

/// The automatic strategy keeps the program's order where its own schedule would be worse on
/// what makes loops fast, and says why: a stencil's time tiles from isl's schedule (a wavefront
/// with guards inside), when the strategy's own time tiles are off, against the program's
/// parallel and vector loops; a product keeps its tiles. Vector marks
/// go to each group of statements whose innermost loop allows them: in atax, the loop that
/// updates `y` runs in lanes while the reduction into `tmp` beside it does not.
#[test]
fn the_strategy_keeps_the_programs_order_when_it_is_better_and_says_why() {
    let plan_with = |path: &str, config: &Config| {
        let f = corpus(path);
        match optimist::optimize(&f, config).unwrap() {
            Outcome::Optimized(plan) => plan,
            other => panic!("{path}: {:?}", other.why()),
        }
    };
    let plan_of = |path: &str| plan_with(path, &Config::default());
    let stencil = plan_with(
        "corpus/suite/jacobi2d.c",
        &Config::with(Strategy::Auto(optimist::loopy::AutoConfig {
            time_tiles: false,
            ..Default::default()
        })),
    );
    use optimist::loopy::{Decision, Departure, ScheduleChoice};
    assert!(
        stencil.decisions.iter().any(|d| matches!(
            d,
            Decision::Departed(v) if matches!(
                v.as_slice(),
                [Departure::OriginalKept { ours, .. }]
                    if ours == "unit stride innermost, parallel loop, vector loop"
            )
        )),
        "{}",
        stencil.transformation
    );
    assert_eq!(
        stencil.decisions[0],
        Decision::Schedule(ScheduleChoice::Original),
        "{}",
        stencil.transformation
    );
    assert_eq!(stencil.marks.parallel.len(), 1, "{:?}", stencil.marks);
    let in_lanes: usize = stencil.marks.vector.iter().map(|m| m.stmts.len()).sum();
    assert_eq!(in_lanes, 2, "both sweeps: {:?}", stencil.marks);
    let product = plan_of("corpus/suite/gemm.c");
    let block = optimist::NativeOptions::default().target().block;
    // Every decision on a line of its own: the schedule, the loop nests, the tiles, the
    // register block of native code's micro-kernel (the product apart from `C *= beta`, so
    // that its band is blocked).
    let one = |s: &str| vec![s.to_string()];
    assert_eq!(
        without_estimates(&product.decisions),
        [
            Decision::Schedule(ScheduleChoice::IslApart),
            Decision::LoopNests(vec![one("S0"), one("S1")]),
            Decision::Tiled {
                stmts: one("S0"),
                dim: 1,
                sizes: vec![32, 2048],
                wide: Some(512 * 1024),
                narrowed: false,
            },
            // `j` runs in lanes: its tiles are as wide as 512 KiB of data allows; the rows'
            // tile is 252 (whole blocks of the rows), the reduction's 128 (`BlockShape::native`,
            // or `BlockShape::wide` where the CPU has the wide emitter's vectors).
            Decision::Tiled {
                stmts: one("S1"),
                dim: 1,
                sizes: vec![252, 512, 128],
                wide: Some(512 * 1024),
                narrowed: false,
            },
            Decision::RegisterBlock {
                stmt: "S1".into(),
                rows: block.rows,
                columns: block.row_bytes / 8,
                tile_rows: 252,
                depth: 128,
            },
        ],
        "{}",
        product.transformation
    );
    // Each renders as its line of the text.
    let lines: Vec<&str> = product.transformation.lines().skip(1).collect();
    assert!(lines[2].starts_with(
        "estimates at ni = 1024, nj = 1024, nk = 1024: isl's schedule with each strongly connected component apart "
    ));
    assert_eq!(
        lines[4],
        "tiled: the band of {S1} at dimension 1, 3 loops by 252 x 512 x 128 (the loop in vector lanes as wide as 512 KiB of data allows)"
    );
    // The product's innermost loops run in lanes and as register tiles: no guard inside them
    // (`C *= beta`, fused at k = 0, is peeled, not tested at every k), and the loop around
    // them is marked jam.
    fn deepest_vector_loops(
        nodes: &[optimist::codegen::Node],
        depth: usize,
        around_jam: bool,
        out: &mut Vec<(usize, bool, bool)>,
    ) {
        use optimist::codegen::{LoopKind, Node, StmtNode};
        for n in nodes {
            match n {
                Node::For {
                    kind, body, jam, ..
                } => {
                    if matches!(kind, LoopKind::Vector { .. }) {
                        let guarded = body.iter().any(|b| matches!(b, Node::If { .. }));
                        out.push((depth + 1, guarded, around_jam));
                    }
                    deepest_vector_loops(body, depth + 1, *jam, out);
                }
                Node::If { then, els, .. } => {
                    deepest_vector_loops(then, depth, false, out);
                    deepest_vector_loops(els, depth, false, out);
                }
                Node::Stmt(StmtNode { .. }) => {}
            }
        }
    }
    let mut loops = Vec::new();
    deepest_vector_loops(&product.ast.body, 0, false, &mut loops);
    let deepest = loops.iter().map(|l| l.0).max().unwrap();
    let deepest: Vec<_> = loops.iter().filter(|l| l.0 == deepest).collect();
    assert!(
        !deepest.is_empty() && deepest.iter().all(|&&(_, guarded, jam)| !guarded && jam),
        "{}",
        product.ast.display(&product.scop)
    );
    let atax = plan_of("corpus/suite/atax.c");
    // The updates `y[j] += A[i][j] * tmp[i]` and `tmp[i] += A[i][j] * x[j]`: the statements
    // writing y and tmp that also read.
    let update = |array: &str| {
        let k = atax
            .scop
            .stmts
            .iter()
            .position(|s| {
                atax.scop.array(atax.scop.access(s.write).array).name == array
                    && s.accesses.len() >= 3
            })
            .unwrap();
        optimist::scop::model::StmtId(k as u32)
    };
    let (y, tmp) = (update("y"), update("tmp"));
    assert!(
        atax.marks
            .vector
            .iter()
            .any(|m| m.stmts.len() == 1 && m.stmts.contains(&y)),
        "{:?}",
        atax.marks
    );
    assert!(
        !atax.marks.vector.iter().any(|m| m.stmts.contains(&tmp)),
        "{:?}",
        atax.marks
    );
}

/// isl's scheduler runs only on dependence graphs whose strongly connected components have at
/// most `AutoConfig::max_component_coefficients` schedule coefficients: the
/// alternating-direction solver's 14 statements in one component (8 as isl would see them, 44
/// coefficients) keep the program's order, and the plan says so with the component's size;
/// with the bound raised, isl's scheduler runs (and its schedule loses to the program's order,
/// so the loops are the same).
#[test]
fn a_component_too_large_for_isls_scheduler_keeps_the_programs_order_and_says_so() {
    use optimist::loopy::{AutoConfig, Decision, Departure, ScheduleChoice};
    let f = corpus("corpus/suite/adi.c");
    let plan = |max_component_coefficients: usize| match optimist::optimize(
        &f,
        &Config::with(Strategy::Auto(AutoConfig {
            max_component_coefficients,
            ..AutoConfig::default()
        })),
    )
    .unwrap()
    {
        Outcome::Optimized(plan) => plan,
        other => panic!("{:?}", other.why()),
    };
    let large = |plan: &optimist::Plan| {
        plan.decisions.iter().any(|d| {
            matches!(d, Decision::Departed(v) if v.iter().any(|d| matches!(
                d,
                Departure::LargeComponent {
                    statements: 8,
                    coefficients: 44,
                    max: 40
                }
            )))
        })
    };
    let bounded = plan(AutoConfig::default().max_component_coefficients);
    assert!(large(&bounded), "{}", bounded.transformation);
    assert_eq!(
        bounded.decisions[0],
        Decision::Schedule(ScheduleChoice::Original)
    );
    assert!(
        bounded
            .transformation
            .contains("max_component_coefficients"),
        "{}",
        bounded.transformation
    );
    let scheduled = plan(44);
    assert!(!large(&scheduled), "{}", scheduled.transformation);
    assert!(
        scheduled.transformation.contains("original order kept"),
        "{}",
        scheduled.transformation
    );
    assert_eq!(bounded.marks, scheduled.marks);
}

/// Inputs built to be expensive (`corpus/pathological/`: an eight-deep nest, six parameters, a
/// time-iterated stencil with five statements, 120 statements): with a short deadline, each
/// compile either finishes or stops where isl was, through the fallback (the program's order
/// when the strategy ran out, else only the faithful code) with the stage named; the code that
/// runs gives the interpreter's bits.
#[test]
fn pathological_inputs_stop_at_the_deadline_with_the_stage_named() {
    let deadline = std::time::Duration::from_millis(300);
    let kernels = common::kernels_in("pathological");
    assert!(
        kernels.len() >= 4,
        "only {} pathological kernels",
        kernels.len()
    );
    for path in &kernels {
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        let f = frontend::parse_file(path, &FrontendConfig::default()).unwrap();
        let spec = common::run_spec(path);
        let reference = common::interpreter_hashes(&f, &spec);
        let config = Config {
            deadline: Some(deadline),
            ..Config::default()
        };
        let start = std::time::Instant::now();
        let compiled = optimist::compile(&f, &config).unwrap();
        // A guard against hangs (what runs after the deadline is bounded by the budgets), not
        // a timing: those go in `benches/compile.rs`.
        assert!(
            start.elapsed() < std::time::Duration::from_secs(60),
            "{name}: {:?}",
            start.elapsed()
        );
        match &compiled.outcome {
            Outcome::Optimized(plan) => {
                if let Some(note) = &plan.schedule_note {
                    assert!(note.contains("deadline"), "{name}: {note}");
                }
            }
            Outcome::FaithfulOnly(why) => assert!(
                matches!(why, Why::Deadline { limit, .. } if *limit == deadline)
                    || matches!(why, Why::Budget { .. }),
                "{name}: {why}"
            ),
        }
        let (_, hashes) = common::native_hashes(&compiled.kernel, &f, &spec);
        assert_eq!(hashes, reference, "{name}");
    }
}

/// The same inputs with the default configuration, which has no deadline: the budgets alone
/// bound them (each a stage's or the strategy's count of isl operations), and a budget that
/// runs out names its stage or keeps the program's order with a note naming the budget; the
/// code that runs gives the interpreter's bits.
#[test]
fn pathological_inputs_are_bounded_by_the_budgets_alone() {
    for path in &common::kernels_in("pathological") {
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        let f = frontend::parse_file(path, &FrontendConfig::default()).unwrap();
        let spec = common::run_spec(path);
        let reference = common::interpreter_hashes(&f, &spec);
        let config = Config::default();
        assert_eq!(config.deadline, None);
        let compiled = optimist::compile(&f, &config).unwrap();
        match &compiled.outcome {
            Outcome::Optimized(plan) => {
                if let Some(note) = &plan.schedule_note {
                    assert!(!note.contains("deadline"), "{name}: {note}");
                }
            }
            Outcome::FaithfulOnly(why) => {
                assert!(matches!(why, Why::Budget { .. }), "{name}: {why}")
            }
        }
        let (_, hashes) = common::native_hashes(&compiled.kernel, &f, &spec);
        assert_eq!(hashes, reference, "{name}");
    }
}

/// The stencil at `path` compiled with the default configuration, its plan's decisions
/// checked to be time tiles of both its statements (`sizes`, `rows`, a step's and a tile's KiB
/// at 2048): the function, the kernel and the plan.
fn time_tiled(
    path: &str,
    sizes: [i64; 2],
    rows: bool,
    step_kib: u64,
    tile_kib: u64,
) -> (
    optimist_scop::ir::Function,
    optimist::Kernel,
    optimist::Plan,
) {
    let f = corpus(path);
    let optimist::Compiled { kernel, outcome } = optimist::compile(&f, &Config::default()).unwrap();
    let plan = outcome
        .plan()
        .unwrap_or_else(|| panic!("{outcome:?}"))
        .clone();
    use optimist::loopy::{Decision, ScheduleChoice};
    let both = || vec!["S0".to_string(), "S1".to_string()];
    assert_eq!(
        without_estimates(&plan.decisions),
        [
            Decision::Schedule(ScheduleChoice::TimeTiles),
            Decision::LoopNests(vec![both()]),
            Decision::TimeTiles {
                stmts: both(),
                sizes,
                rows,
                step_kib,
                tile_kib,
                at: 2048,
            },
        ],
        "{path}: {}",
        plan.transformation
    );
    (f, kernel, plan)
}

/// A one-dimensional stencil (jacobi1d) whose two rows leave L1 at every step runs in time
/// tiles of rows: the time loop and the skewed space member tiled, and inside a tile the time
/// member runs the program's own loops, each a stretch of a row in vector lanes without a
/// guard (a tile's 8 KiB stay in L1; the program's order streams both rows from L2 each step).
/// Many tiles and waves, on threads, give the interpreter's bits.
#[test]
fn a_one_dimensional_stencil_runs_in_time_tiles_of_rows() {
    let (f, kernel, plan) = time_tiled("corpus/suite/jacobi1d.c", [16, 512], true, 32, 8);
    // Inside the tiles: the time member's loop, and in it each statement's loop in lanes.
    use optimist::codegen::{LoopKind, Node, StmtNode};
    fn lanes(nodes: &[Node], depth: usize, out: &mut Vec<(usize, bool)>) {
        for n in nodes {
            match n {
                Node::For { kind, body, .. } => {
                    if matches!(kind, LoopKind::Vector { .. }) {
                        out.push((
                            depth,
                            body.iter()
                                .any(|b| !matches!(b, Node::Stmt(StmtNode { .. }))),
                        ));
                    }
                    lanes(body, depth + 1, out);
                }
                Node::If { then, els, .. } => {
                    lanes(then, depth, out);
                    lanes(els, depth, out);
                }
                Node::Stmt(StmtNode { .. }) => {}
            }
        }
    }
    let mut found = Vec::new();
    lanes(&plan.ast.body, 0, &mut found);
    assert_eq!(
        found,
        [(3, false), (3, false)],
        "{}",
        plan.ast.display(&plan.scop)
    );
    // Several waves of several tiles (three stretches of 512 a row, time tiles of 16 steps),
    // partial tiles at both ends, on threads, with the interpreter's bits.
    for (tsteps, n) in [("37", "1300"), ("16", "514"), ("3", "2000")] {
        let spec = RunSpec::parse_args(&[
            "--set",
            &format!("tsteps={tsteps}"),
            "--set",
            &format!("n={n}"),
        ])
        .unwrap();
        let mut reference = Workload::generate(&f, &spec).unwrap();
        interp::run(&f, &mut reference.args, &Default::default()).unwrap();
        let mut w = Workload::generate(&f, &spec).unwrap();
        assert_eq!(kernel.run(&mut w.args).unwrap(), Version::Optimized);
        assert_eq!(w.hashes(&f), reference.hashes(&f), "tsteps {tsteps}, n {n}");
    }
}

/// A stencil whose time steps each touch more data than the cache holds runs in time tiles:
/// the time loop and the first space loop tiled together (isl's skewed members), the tiles as
/// a wavefront whose waves run their tiles in parallel, and inside a tile the program's own
/// loops, the innermost a whole row in vector lanes without a guard. Where its rows would not
/// run in lanes (seidel2d: isl's full tiles then run as a wavefront), or a tile's data would
/// not fit in the cache (heat3d's planes), the report says so.
#[test]
fn a_stencil_whose_steps_leave_the_cache_runs_in_time_tiles() {
    let (f, kernel, plan) = time_tiled("corpus/suite/jacobi2d.c", [8, 32], false, 65536, 1536);
    // The waves in order, the tiles of each in parallel, rows in lanes without guards.
    use optimist::codegen::{LoopKind, Node, StmtNode};
    let Some(Node::For {
        kind: outer, body, ..
    }) = plan.ast.body.iter().find(|n| matches!(n, Node::For { .. }))
    else {
        panic!("{}", plan.ast.display(&plan.scop))
    };
    assert!(
        !matches!(outer, LoopKind::Parallel),
        "{}",
        plan.ast.display(&plan.scop)
    );
    assert!(
        matches!(
            body.as_slice(),
            [Node::For {
                kind: LoopKind::Parallel,
                ..
            }]
        ),
        "{}",
        plan.ast.display(&plan.scop)
    );
    fn vector_loops(nodes: &[Node], out: &mut Vec<bool>) {
        for n in nodes {
            match n {
                Node::For { kind, body, .. } => {
                    if matches!(kind, LoopKind::Vector { .. }) {
                        out.push(body.iter().any(|b| matches!(b, Node::If { .. })));
                    }
                    vector_loops(body, out);
                }
                Node::If { then, els, .. } => {
                    vector_loops(then, out);
                    vector_loops(els, out);
                }
                Node::Stmt(StmtNode { .. }) => {}
            }
        }
    }
    let mut guarded = Vec::new();
    vector_loops(&plan.ast.body, &mut guarded);
    assert_eq!(guarded, [false, false], "{}", plan.ast.display(&plan.scop));
    // Several waves of several tiles, on threads, with the interpreter's bits.
    let spec = RunSpec::parse_args(&["--set", "tsteps=21", "--set", "n=75"]).unwrap();
    let mut reference = Workload::generate(&f, &spec).unwrap();
    interp::run(&f, &mut reference.args, &Default::default()).unwrap();
    let mut w = Workload::generate(&f, &spec).unwrap();
    assert_eq!(kernel.run(&mut w.args).unwrap(), Version::Optimized);
    assert_eq!(w.hashes(&f), reference.hashes(&f));
    // The report says why the other stencils keep their order.
    for (path, why) in [
        (
            "corpus/suite/seidel2d.c",
            "no time tiles: inside the tiles, the statements in the most loops would not run in \
             vector lanes",
        ),
        // isl's tiles of seidel2d carry a dependence along each tile loop: they run as a
        // wavefront instead.
        (
            "corpus/suite/seidel2d.c",
            "wavefront: the tiles of {S0} in waves (its first two tile loops summed), the tiles \
             of one wave in parallel",
        ),
        (
            "corpus/suite/heat3d.c",
            "no time tiles: the smallest tile tried touches 1310720 KiB with every parameter \
             at 2048, more than a 2048 KiB cache",
        ),
    ] {
        let f = corpus(path);
        let plan = optimist::optimize(&f, &Config::default()).unwrap();
        let plan = plan.plan().unwrap();
        assert!(
            plan.transformation.lines().any(|l| l == why),
            "{path}: {}",
            plan.transformation
        );
    }
    // A stencil on arrays of fixed size, whose steps stay in the cache: no time tiles (a step
    // reads all of `A` and `B`, 64 x 64 doubles each).
    let small = parse(
        "void small(int tsteps, double A[64][64], double B[64][64]) {\n\
         for (int t = 0; t < tsteps; t++) {\n\
         for (int i = 1; i < 63; i++)\n for (int j = 1; j < 63; j++)\n\
         B[i][j] = 0.25 * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]);\n\
         for (int i = 1; i < 63; i++)\n for (int j = 1; j < 63; j++)\n\
         A[i][j] = 0.25 * (B[i - 1][j] + B[i + 1][j] + B[i][j - 1] + B[i][j + 1]);\n\
         }\n}\n",
    );
    let plan = optimist::optimize(&small, &Config::default()).unwrap();
    let plan = plan.plan().unwrap();
    assert!(
        plan.transformation.lines().any(|l| l
            == "no time tiles: one time step touches 64 KiB with every parameter at 2048, \
                which stays in a 2048 KiB cache"),
        "{}",
        plan.transformation
    );
}

/// A long script (600 operations on the tagged product): with a short deadline it either
/// applies or stops with the stage named, and the code that runs gives the interpreter's bits.
#[test]
fn a_long_script_stops_at_the_deadline_or_applies() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/tagged.c");
    let f = frontend::parse_file(&path, &FrontendConfig::default()).unwrap();
    let spec = common::run_spec(&path);
    let reference = common::interpreter_hashes(&f, &spec);
    let mut lines = Vec::new();
    for k in 0..150 {
        lines.push(format!("shift(Mult, {}, 1)", k % 3));
        lines.push(format!("shift(Mult, {}, -1)", k % 3));
        lines.push("interchange(Mult, 0, 1)".to_string());
        lines.push("interchange(Mult, 0, 1)".to_string());
    }
    let script = optimist::loopy::Script::parse(&lines.join("\n")).unwrap();
    let deadline = std::time::Duration::from_millis(300);
    let config = Config {
        deadline: Some(deadline),
        ..Config::with(Strategy::Script(script))
    };
    let start = std::time::Instant::now();
    let compiled = optimist::compile(&f, &config).unwrap();
    // A guard against hangs, not a timing (those are in `benches/compile.rs`).
    assert!(start.elapsed() < std::time::Duration::from_secs(60));
    if let Outcome::FaithfulOnly(why) = &compiled.outcome {
        assert!(
            matches!(why, Why::Deadline { .. } | Why::Budget { .. }),
            "{why}"
        );
    }
    let (_, hashes) = common::native_hashes(&compiled.kernel, &f, &spec);
    assert_eq!(hashes, reference);
}

#[test]
fn a_deadline_already_past_stops_after_the_first_stage() {
    let f = parse(CHAIN);
    let config = Config {
        deadline: Some(std::time::Duration::ZERO),
        ..Config::default()
    };
    let outcome = optimist::optimize(&f, &config).unwrap();
    let Some(why) = outcome.why() else {
        panic!("optimized past its deadline")
    };
    assert_eq!(
        why,
        &Why::Deadline {
            stage: Stage::Build,
            limit: std::time::Duration::ZERO
        }
    );
    assert_eq!(
        why.to_string(),
        "the build stage passed the deadline of 0 ms (raise Config::deadline)"
    );
}

/// isl failing inside a stage (here an assertion in isl's own code, in the assumptions stage:
/// found by the random programs, `testkit/regressions/open/isl_assertion_n_div.c`) costs the
/// optimization, never the program: the outcome says so and the faithful code runs.
#[test]
fn an_isl_failure_leaves_the_faithful_code() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("testkit/regressions/open/isl_assertion_n_div.c");
    let f = frontend::parse_file(&path, &FrontendConfig::default()).unwrap();
    let spec = common::run_spec(&path);
    let reference = common::interpreter_hashes(&f, &spec);
    let compiled = optimist::compile(&f, &Config::default()).unwrap();
    if let Outcome::FaithfulOnly(why) = &compiled.outcome {
        assert!(matches!(why, Why::Isl(_)), "{why}");
        assert!(why.to_string().contains("please report it"), "{why}");
    }
    let (_, hashes) = common::native_hashes(&compiled.kernel, &f, &spec);
    assert_eq!(hashes, reference);
}

/// isl failing on the loop AST of the automatic schedule (an internal error in
/// `isl_map_simplify`, found by the random programs,
/// `testkit/regressions/open/isl_internal_error_in_ast.c`) keeps the program's order, with a
/// note saying why; the kernel used not to compile at all.
#[test]
fn an_isl_failure_on_the_automatic_loop_ast_keeps_the_original_order() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("testkit/regressions/open/isl_internal_error_in_ast.c");
    let f = frontend::parse_file(&path, &FrontendConfig::default()).unwrap();
    let spec = common::run_spec(&path);
    let reference = common::interpreter_hashes(&f, &spec);
    let config = Config {
        passes: Vec::new(),
        deadline: None,
        ..Config::default()
    };
    let compiled = optimist::compile(&f, &config).unwrap();
    let plan = compiled.outcome.plan().expect("optimized");
    // Should isl stop failing there, the note goes and the file leaves `open/`.
    if let Some(note) = &plan.schedule_note {
        assert!(
            note.starts_with("isl failed on the loop AST of the automatic schedule"),
            "{note}"
        );
    }
    let (version, hashes) = common::native_hashes(&compiled.kernel, &f, &spec);
    assert_eq!((version, hashes), (optimist::Version::Optimized, reference));
}

/// `Config::isolate` runs the pipeline in a child first: where the child ends normally, the
/// plan is the one `optimize` gives without it (the second run takes the path the first took).
#[test]
fn an_isolated_optimization_gives_the_same_plan() {
    let src =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/gemm.c")).unwrap();
    let f = parse(&src);
    let plain = Config {
        deadline: None,
        ..Config::default()
    };
    let isolated = Config {
        isolate: true,
        ..plain.clone()
    };
    let dump = |c: &Config| match optimist::optimize(&f, c).unwrap() {
        Outcome::Optimized(plan) => plan.dump(&f),
        Outcome::FaithfulOnly(why) => panic!("no plan: {why}"),
    };
    assert_eq!(dump(&isolated), dump(&plain));
}

/// Nothing is bounded by the clock by default: kernels of many nests compiled while every core
/// is busy (spinning threads of this test, two per core) give, byte for byte, the plans, the C
/// text and the loops of the native code of a quiet run. (With the wall-clock deadline of
/// earlier versions, a loaded machine changed the code of most kernels.)
#[test]
fn compiling_beside_busy_threads_gives_the_same_bytes() {
    use std::sync::atomic::{AtomicBool, Ordering};
    let kernels = ["gemm", "three_mm", "fdtd2d", "deriche", "adi", "ludcmp"];
    let fingerprint = |name: &str| -> String {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("corpus/suite")
            .join(format!("{name}.c"));
        let f = frontend::parse_file(&path, &FrontendConfig::default()).unwrap();
        let config = Config::default();
        let (c, for_c) = optimist::compile_c(&f, &config, name).unwrap();
        let native = optimist::optimize(&f, &config).unwrap();
        let loops = native
            .plan()
            .map(|p| optimist::codegen::model_loop_report(&f, p, &config.native).unwrap());
        format!(
            "{}\n{:?}\n{:?}\n{}",
            c.code,
            for_c.plan().map(|p| p.dump(&f)),
            native.plan().map(|p| p.dump(&f)),
            loops.map(|l| format!("{l:?}")).unwrap_or_default()
        )
    };
    let quiet: Vec<String> = kernels.iter().map(|k| fingerprint(k)).collect();
    let stop = std::sync::Arc::new(AtomicBool::new(false));
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    let busy: Vec<_> = (0..2 * cores)
        .map(|_| {
            let stop = stop.clone();
            std::thread::spawn(move || {
                let mut x = 0u64;
                while !stop.load(Ordering::Relaxed) {
                    x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(1));
                }
            })
        })
        .collect();
    let loaded: Vec<String> = kernels.iter().map(|k| fingerprint(k)).collect();
    stop.store(true, Ordering::Relaxed);
    for b in busy {
        b.join().unwrap();
    }
    for ((k, q), l) in kernels.iter().zip(&quiet).zip(&loaded) {
        assert!(q == l, "{k}: the code differs under load");
        assert!(!q.contains("deadline"), "{k}: {q}");
    }
}

/// Threads do not pay for an array streamed once more (issue 37): y = Aᵀ(Ax) reads each row of
/// `A` twice in one iteration of its outer loop; apart, the reduction and the update would
/// stream `A` twice from memory for nothing but threads (0.78x of cc -O3 on one thread), so
/// the program's order is kept and the plan names the array. BiCG's two statements share one
/// loop that cannot run in lanes while they are together: apart, the update runs in lanes, and
/// the automatic schedule is kept.
#[test]
fn an_array_streamed_once_more_for_threads_only_keeps_the_programs_order() {
    use optimist::loopy::{Decision, Departure, ScheduleChoice};
    let plan = |path: &str| optimized(path, &Config::default());
    let atax = plan("corpus/suite/atax.c");
    assert_eq!(
        atax.decisions[0],
        Decision::Schedule(ScheduleChoice::Original)
    );
    assert!(
        atax.decisions
            .iter()
            .any(|d| matches!(d, Decision::Departed(v) if v.contains(
                &Departure::MoreSweeps { array: "A".into(), ours: 1, theirs: 2 }
            ))),
        "{}",
        atax.transformation
    );
    let bicg = plan("corpus/suite/bicg.c");
    assert_ne!(
        bicg.decisions[0],
        Decision::Schedule(ScheduleChoice::Original),
        "{}",
        bicg.transformation
    );
}

/// The strategy's estimates are in the plan's decisions, at the typical sizes a caller gives
/// (`AutoConfig::typical`; 1024 for the others); they overrule the marks only where one
/// candidate is clearly faster (int_ops: one fused loop over four statements against the same
/// loop twice, one in lanes), and a band whose tiles would move no less data than its loops
/// runs untiled, its threads kept (scale_rows).
#[test]
fn estimates_are_recorded_and_decide_clear_cases() {
    use optimist::loopy::{AutoConfig, Decision, Departure, ScheduleChoice};
    let plan = optimized;
    let estimates = |p: &optimist::Plan| {
        p.decisions
            .iter()
            .find_map(|d| match d {
                Decision::Estimates { at, candidates, .. } => {
                    Some((at.clone(), candidates.clone()))
                }
                _ => None,
            })
            .unwrap_or_else(|| panic!("no estimates: {}", p.transformation))
    };
    let (at, candidates) = estimates(&plan("corpus/suite/atax.c", &Config::default()));
    assert_eq!(at, [("m".to_string(), 1024), ("n".to_string(), 1024)]);
    assert_eq!(candidates.len(), 2, "{candidates:?}");
    assert!(
        candidates
            .iter()
            .any(|(w, _)| *w == ScheduleChoice::Original)
    );
    let large = Config::with(Strategy::Auto(AutoConfig {
        typical: vec![("n".into(), 8000), ("m".into(), 7000)],
        ..AutoConfig::default()
    }));
    let (at, larger) = estimates(&plan("corpus/suite/atax.c", &large));
    assert_eq!(at, [("m".to_string(), 7000), ("n".to_string(), 8000)]);
    for ((w, small), (v, big)) in candidates.iter().zip(&larger) {
        assert_eq!(w, v);
        assert!(
            big.total_ns > 40 * small.total_ns,
            "{small} at 1024, {big} at 8000"
        );
    }

    let ints = plan("corpus/int_ops.c", &Config::default());
    assert_eq!(
        ints.decisions[0],
        Decision::Schedule(ScheduleChoice::Original)
    );
    assert!(
        ints.decisions
            .iter()
            .any(|d| matches!(d, Decision::Departed(v)
            if matches!(v[..], [Departure::ByEstimate { chosen: ScheduleChoice::Original,
                over: ScheduleChoice::Isl, chosen_ns, over_ns }] if chosen_ns * 5 <= over_ns * 4))),
        "{}",
        ints.transformation
    );

    // gesummv: isl's tiles put `y[i] = 0` under a guard inside the loop of the two
    // reductions, which then cannot stay in registers; the rows, whose marks tie with the
    // tiles', are estimated clearly faster.
    let gesummv = plan("corpus/suite/gesummv.c", &Config::default());
    assert_eq!(
        gesummv.decisions[0],
        Decision::Schedule(ScheduleChoice::Original),
        "{}",
        gesummv.transformation
    );
    assert!(
        gesummv
            .decisions
            .iter()
            .any(|d| matches!(d, Decision::Departed(v)
            if matches!(v[..], [Departure::ByEstimate { chosen: ScheduleChoice::Original,
                over: ScheduleChoice::Isl, chosen_ns, over_ns }] if chosen_ns * 5 <= over_ns * 4))),
        "{}",
        gesummv.transformation
    );
    // floyd_warshall: isl's schedule is the program's loops; tied marks and equal estimates
    // keep the program's order, and the plan says why.
    let floyd = plan("corpus/suite/floyd_warshall.c", &Config::default());
    assert!(
        floyd
            .decisions
            .iter()
            .any(|d| matches!(d, Decision::Departed(v)
            if matches!(&v[..], [Departure::NotFaster { other: ScheduleChoice::Isl, kept_ns,
                other_ns }, ..] if kept_ns <= other_ns))),
        "{}",
        floyd.transformation
    );

    // scale_rows: isl's schedule is the program's loops and its tiles would move as much data
    // as its loops: untiled either way, the tie keeps the program's order.
    let rows = plan("corpus/scale_rows.c", &Config::default());
    assert!(
        rows.decisions
            .iter()
            .any(|d| matches!(d, Decision::Departed(v)
            if matches!(&v[..], [Departure::NotFaster { other: ScheduleChoice::Isl, .. }, ..]))),
        "{}",
        rows.transformation
    );
    assert!(
        !rows
            .decisions
            .iter()
            .any(|d| matches!(d, Decision::Tiled { .. }))
    );
    assert!(!rows.marks.parallel.is_empty(), "{}", rows.transformation);
}

/// `decisions` but the estimates (whose figures follow the cost model's constants).
fn without_estimates(decisions: &[optimist::loopy::Decision]) -> Vec<optimist::loopy::Decision> {
    decisions
        .iter()
        .filter(|d| !matches!(d, optimist::loopy::Decision::Estimates { .. }))
        .cloned()
        .collect()
}

/// The plan of the corpus kernel at `path` under `config`; it must be optimized.
fn optimized(path: &str, config: &Config) -> optimist::Plan {
    match optimist::optimize(&corpus(path), config).unwrap() {
        Outcome::Optimized(plan) => plan,
        other => panic!("{:?}", other.why()),
    }
}

/// The columns of a product's packed operand (`B[k][j]`, contiguous along `j`) are copied 16
/// bytes at a time where a block's columns are all inside: a block of the model code loads and
/// stores `f64x2` and computes nothing (element by element, packing took a fifth of the
/// 1000x1100x1200 product's time). Their bits are checked by the suite's differential test.
#[test]
fn a_products_columns_are_packed_sixteen_bytes_at_a_time() {
    let f = corpus("corpus/suite/gemm.c");
    let mut config = Config::default();
    // One thread: the row blocks' loop is in the report's function, not a thread's.
    config.native.threads = 1;
    let native = optimist::optimize(&f, &config).unwrap();
    let plan = native.plan().expect("the product is optimized");
    let report = optimist::codegen::model_loop_report(&f, plan, &config.native).unwrap();
    let count = |ops: &[String], op: &str| ops.iter().filter(|o| *o == op).count();
    let copies = report
        .blocks
        .iter()
        .filter(|(_, ops)| {
            count(ops, "load.f64x2") >= 4
                && count(ops, "store.f64x2") >= 4
                && !ops
                    .iter()
                    .any(|o| o.starts_with("fmul") || o.starts_with("fadd"))
        })
        .count();
    assert_eq!(copies, 1, "{report:?}");
}

/// A floating counter stepped by an integer from an integer (`x = 0; ... x = x + 1;`) is
/// computed from the loop's counter, so the loop runs in lanes; native code and C give the
/// interpreter's bits, the optimized version running.
#[test]
fn a_floating_counter_is_computed_from_the_loops_counter_and_runs_in_lanes() {
    let f = corpus("corpus/float_counter.c");
    assert_eq!(f.counted.len(), 2);
    let spec = RunSpec::parse_args::<&str>(&[]).unwrap();
    let reference = common::interpreter_hashes(&f, &spec);
    let compiled = optimist::compile(&f, &Config::default()).unwrap();
    let plan = compiled.outcome.plan().expect("optimized");
    assert!(
        plan.reports.iter().any(|r| r.pass == "count" && r.changed),
        "{:?}",
        plan.reports
    );
    let (version, hashes) = common::native_hashes(&compiled.kernel, &f, &spec);
    assert_eq!((version, hashes), (Version::Optimized, reference.clone()));
    let shown = plan.decide_c().display(&plan.ast, &plan.scop);
    assert!(shown.contains("// lanes"), "{shown}");
    assert!(!shown.contains("kept as written"), "{shown}");
    if let Some(cc) = common::cc() {
        let p = optimist::codegen::versioned_c(&f, Some(plan), "optimist_generated").unwrap();
        let (hashes, version) = common::versioned_c_run(&cc, "counter", &f, &spec, &p.code);
        assert_eq!((hashes, version.as_str()), (reference, "optimized"));
    }
}

/// The integer counters of a nest (`k++` in a column recurrence's inner loop and once more in
/// the outer one, `m` stepped twice in one body) are computed from the loops' counters: the
/// model's nest is free to be restructured, the pass is reported as one the C compiler does
/// itself, and native code and C give the interpreter's bits, which are those of the original
/// source compiled as it is.
#[test]
fn integer_counters_of_a_nest_are_computed_from_the_loops_counters() {
    let f = corpus("corpus/int_counter_nest.c");
    assert_eq!(f.counted.len(), 2);
    let spec = RunSpec::parse_args::<&str>(&[]).unwrap();
    let reference = common::interpreter_hashes(&f, &spec);
    let compiled = optimist::compile(&f, &Config::default()).unwrap();
    let plan = compiled.outcome.plan().expect("optimized");
    assert!(
        plan.reports
            .iter()
            .any(|r| r.pass == "count" && r.changed && r.compiler_does),
        "{:?}",
        plan.reports
    );
    // No statement of the model steps a counter: the recurrence's statement is alone in its
    // nest, and its loop over the columns runs on threads.
    let shown = plan.decide_c().display(&plan.ast, &plan.scop);
    assert!(shown.contains("threads"), "{shown}");
    let (version, hashes) = common::native_hashes(&compiled.kernel, &f, &spec);
    assert_eq!((version, hashes), (Version::Optimized, reference.clone()));
    if let Some(cc) = common::cc() {
        let p = optimist::codegen::versioned_c(&f, Some(plan), "optimist_generated").unwrap();
        let (hashes, version) = common::versioned_c_run(&cc, "nest", &f, &spec, &p.code);
        assert_eq!((hashes, version.as_str()), (reference.clone(), "optimized"));
        // The program as written, compiled: the front end's rewrite kept its meaning.
        let source = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/int_counter_nest.c"),
        )
        .unwrap()
        .replacen("void int_counter_nest(", "void optimist_generated(", 1);
        assert_eq!(
            common::hashes_of_c(&cc, "nest", &f, &spec, &source),
            reference
        );
    }
}

/// The front end's integer counters (`frontend::induction`) keep the program's meaning: each
/// program below, its counters computed from the loops' counters, gives in the interpreter the
/// bits of its source compiled as it is (steps up and down, in inner and outer loops, loops
/// stepping by 2 and running down, reads under conditions and in the header of a loop that
/// does not step, an `unsigned char` that wraps, a start from a parameter, three loops deep),
/// and native code gives them too.
#[test]
fn integer_counters_keep_the_programs_meaning() {
    let bodies = [
        "int k = 3; for (int i = 0; i < 20; i++) { for (int j = 0; j < 10; j++) { a[k % 400] += b[i] * j; k += 2; } k--; } out[0] = k;",
        "int k = 0; for (int i = 19; i >= 0; i -= 2) { k += 5; for (int j = 0; j < 7; j++) { k -= 1; a[k + 100] = b[j] + k; } } out[0] = k;",
        "int k = 1, m = 50; for (int i = 0; i < 30; i++) { if (b[i] > 0.5) a[k] = m; k++; m += 3; for (int j = 0; j < k % 5; j++) a[300 + j] += m; } out[0] = k + m;",
        "unsigned char u = 250; for (int i = 0; i < 40; i++) { u += 7; a[u] = b[i % 50] * 2; } out[0] = u;",
        "int k = n; for (int i = 0; i < 12; i++) for (int j = 0; j < 12; j++) { k++; a[k % 400] = i - j; } out[0] = k;",
        "long k = -5; for (int i = 0; i < 6; i++) for (int j = 0; j < 5; j++) for (int l = 0; l < 4; l++) { k += 3; a[k + 10] = b[l] - k; } out[0] = (double)k;",
        "int k = 0; for (int i = 0; i < 10; i++) { { k++; a[k] = i; } k += 2; { a[k] += 1; } } out[0] = k;",
    ];
    for (n, body) in bodies.iter().enumerate() {
        let src = format!(
            "void counters(int n, double a[400], double b[50], double out[1]) {{\n  {body}\n}}\n"
        );
        let f = optimist::scop::frontend::parse_source(
            "k.c",
            &src,
            None,
            &optimist::scop::frontend::FrontendConfig::default(),
        )
        .unwrap();
        assert!(!f.counted.is_empty(), "{body}: no counter computed\n{f}");
        let spec = RunSpec::parse_args(&["--set", "n=17"]).unwrap();
        let reference = common::interpreter_hashes(&f, &spec);
        let compiled = optimist::compile(&f, &Config::default()).unwrap();
        let (_, hashes) = common::native_hashes(&compiled.kernel, &f, &spec);
        assert_eq!(hashes, reference, "{body}");
        if let Some(cc) = common::cc() {
            let source = src.replacen("void counters(", "void optimist_generated(", 1);
            assert_eq!(
                common::hashes_of_c(&cc, &format!("counters{n}"), &f, &spec, &source),
                reference,
                "{body}: the source compiled as it is"
            );
        }
    }
}
