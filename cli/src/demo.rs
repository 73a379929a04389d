//! `optimist demo`: the pipeline on bundled kernels, then the layers one by one.

use super::*;

/// The first part of the demo: C source to the program IR, and a run of the reference
/// interpreter with the inputs `optimist run` generates.
fn demo_front_end() -> Result<optimist_scop::ir::Function> {
    let source = "\
void kernel_gemm(int n, double alpha, double C[n][n], double A[n][n], double B[n][n])
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
S:    C[i][j] *= 0.5;
      for (int k = 0; k < n; k++)
T:      C[i][j] += alpha * A[i][k] * B[k][j];
    }
}
";
    println!("C source:\n{}", indent(source));
    let f = frontend::parse_source("gemm.c", source, None, &FrontendConfig::default())?;
    println!(
        "Program IR (every C conversion explicit; labels kept as loop tags):\n{}",
        indent(&f.to_string())
    );
    let args = ["--set", "n=64", "--set", "alpha=1.5"];
    let mut w = Workload::generate(&f, &RunSpec::parse_args(&args)?)?;
    let start = std::time::Instant::now();
    let stats = interp::run(&f, &mut w.args, &Limits::default())?;
    println!(
        "Reference interpreter, `optimist run gemm.c {}`: {} steps in {:.3} s, array hashes (FNV-1a):",
        args.join(" "),
        stats.steps,
        start.elapsed().as_secs_f64()
    );
    let reference = w.hashes(&f);
    for (name, hash) in &reference {
        println!("    {name} {hash:016x}");
    }
    // Native code from Cranelift: the faithful lowering, and code generated from the model.
    for (label, optimize) in [
        ("faithful lowering (the fallback)", false),
        ("code from the model", true),
    ] {
        let kernel = if optimize {
            optimist::compile(&f, &Config::default())?.kernel
        } else {
            Kernel::faithful(&f)?
        };
        let mut w = Workload::generate(&f, &RunSpec::parse_args(&args)?)?;
        let start = std::time::Instant::now();
        kernel.run(&mut w.args)?;
        let elapsed = start.elapsed().as_secs_f64();
        let same = if w.hashes(&f) == reference {
            "same hashes"
        } else {
            "DIFFERENT hashes"
        };
        println!("Native code, {label}: {elapsed:.4} s, {same} as the interpreter");
    }
    let bad = "void k(int n, double A[n]) {\n  for (int i = 0; i < n; i++)\n    A[i++] = 0;\n}\n";
    if let Err(e) = frontend::parse_source("bad.c", bad, None, &FrontendConfig::default()) {
        println!("Outside the subset, with the place and the reason:\n    {e}");
    }
    Ok(f)
}

/// Loopy on the demo's product: a verified script, a refused one, and the automatic strategy.
fn demo_loopy(f: &optimist_scop::ir::Function) -> Result<()> {
    let text = "realign(S, T, 0)\naffine(T, { [i, j, k] -> [i, k, j] })\nM = lift(T, 1)\ntile(M, 32, 32, 32)";
    println!(
        "\nLoopy script (loops named by the C labels S and T):\n{}",
        indent(text)
    );
    let script = Script::parse(text)?;
    let config = Config::with(Strategy::Script(script.clone()));
    match optimist::optimize(f, &config)? {
        Outcome::Optimized(plan) => {
            println!("Verified: one-to-one, every dependence kept. The loops generated:");
            print!("{}", indent(&plan.ast.display(&plan.scop)));
        }
        Outcome::FaithfulOnly(why) => println!("Not optimized: {why}"),
    }
    let bad = Config::with(Strategy::Script(Script::parse("reverse(T, 2)")?));
    if let Err(e) = optimist::optimize(f, &bad) {
        println!("`reverse(T, 2)` is refused:\n{}", indent(&e.to_string()));
    }
    let args = ["--set", "n=400", "--set", "alpha=1.5"];
    let spec = RunSpec::parse_args(&args)?;
    let mut reference = None;
    for (label, strategy) in [
        ("faithful lowering", None),
        ("the script", Some(Strategy::Script(script))),
        ("the automatic strategy", Some(Strategy::default())),
    ] {
        let kernel = match strategy {
            Some(s) => optimist::compile(f, &Config::with(s))?.kernel,
            None => Kernel::faithful(f)?,
        };
        let mut w = Workload::generate(f, &spec)?;
        let start = std::time::Instant::now();
        kernel.run(&mut w.args)?;
        let elapsed = start.elapsed().as_secs_f64();
        let hashes = w.hashes(f);
        let same = match &reference {
            None => "the reference".to_string(),
            Some(r) if *r == hashes => "same hashes".to_string(),
            Some(_) => "DIFFERENT hashes".to_string(),
        };
        reference.get_or_insert(hashes);
        println!("Native code, n = 400, {label}: {elapsed:.3} s, {same}");
    }
    Ok(())
}

/// Indents every line of `text`.
fn indent(text: &str) -> String {
    text.lines().map(|l| format!("    {l}\n")).collect()
}

/// The demo: a C matrix product through every layer implemented so far.
/// The bundled kernels of the pipeline demo: name, source, inputs.
const DEMO_KERNELS: &[(&str, &str, &str)] = &[
    (
        "tagged.c: matrix product",
        include_str!("../../corpus/tagged.c"),
        "--set n=600",
    ),
    (
        "jacobi2d.c: stencil with a time loop",
        include_str!("../../corpus/jacobi2d.c"),
        "--set tsteps=40 --set n=600",
    ),
    (
        "figure1.c: bounds loaded from grid[]",
        include_str!("../../assume/tests/kernels/figure1.c"),
        "--set k=3 --array grid=7,7,7,9",
    ),
    (
        "figure1.c: grid[1] overwritten",
        include_str!("../../assume/tests/kernels/figure1.c"),
        "--set k=1 --array grid=7,7,7,9",
    ),
    (
        "figure9.c: unsigned char subscript",
        include_str!("../../assume/tests/kernels/figure9.c"),
        "--set n=127",
    ),
    (
        "figure9.c: ... that wraps",
        include_str!("../../assume/tests/kernels/figure9.c"),
        "--set n=200",
    ),
    (
        "flat/jacobi2d.c: flat pointers, delinearized",
        include_str!("../../corpus/flat/jacobi2d.c"),
        "--set tsteps=40 --set n=600 --len A=360000 --len B=360000",
    ),
    (
        "scalar/gemm_ijk.c: accumulator in a scalar, mapped onto C[i][j]",
        include_str!("../../corpus/scalar/gemm_ijk.c"),
        "--set ni=300 --set nj=300 --set nk=300 --set alpha=1.5 --set beta=1.2",
    ),
    (
        "pipelines/pyramid.c: local temporaries propagated away",
        include_str!("../../corpus/pipelines/pyramid.c"),
        "--set h=254 --set w=254",
    ),
    (
        "alias_shift.c: separate buffers",
        include_str!("../../corpus/alias_shift.c"),
        "--set n=1000000 --len A=1000000 --len B=1000000",
    ),
    (
        "alias_shift.c: B = A + 1",
        include_str!("../../corpus/alias_shift.c"),
        "--set n=1000000 --len A=1000001 --alias B=A+1",
    ),
];

/// The whole pipeline on the bundled kernels: assumptions, transformation, which version ran,
/// and the time of the faithful code against the versioned code, whose results must be equal.
fn demo_pipeline() -> Result<()> {
    println!("The pipeline on bundled kernels (model, assumptions, automatic strategy, versioned");
    println!("native code; median of 3 runs; `optimist show assumptions FILE.c` for the details):");
    for (name, source, inputs) in DEMO_KERNELS {
        let f = frontend::parse_source(name, source, None, &FrontendConfig::default())?;
        let spec = RunSpec::parse_args(&inputs.split_whitespace().collect::<Vec<_>>())?;
        let faithful = Kernel::faithful(&f)?;
        let optimist::Compiled {
            kernel: optimized,
            outcome,
        } = optimist::compile(&f, &Config::default())?;
        type Timed = (f64, optimist::Version, Vec<(String, u64)>);
        let time = |k: &Kernel| -> Result<Timed> {
            let mut times = Vec::new();
            let mut last = None;
            for _ in 0..3 {
                let mut w = Workload::generate(&f, &spec)?;
                let start = std::time::Instant::now();
                let v = k.run(&mut w.args)?;
                times.push(start.elapsed().as_secs_f64());
                last = Some((v, w.hashes(&f)));
            }
            times.sort_by(f64::total_cmp);
            let (v, h) = last.context("no run")?;
            Ok((times[1], v, h))
        };
        let (t0, _, h0) = time(&faithful)?;
        let (t1, version, h1) = time(&optimized)?;
        if h0 != h1 {
            bail!("{name}: the versioned code's results differ from the faithful code's");
        }
        let taken: Vec<String> = outcome
            .plan()
            .map(|p| &p.assumptions.stats[..])
            .unwrap_or_default()
            .iter()
            .filter(|s| s.taken > 0)
            .map(|s| format!("{} {}", s.kind, s.taken))
            .collect();
        println!("\n  {name}   [{inputs}]");
        println!(
            "    assumptions: {}",
            if taken.is_empty() {
                "none".into()
            } else {
                taken.join(", ")
            }
        );
        if let Some(check) = optimized.check() {
            let short: String = check.chars().take(110).collect();
            let more = if check.len() > short.len() {
                " ..."
            } else {
                ""
            };
            println!("    check: {short}{more}");
        }
        match &outcome {
            Outcome::FaithfulOnly(why) => println!("    no optimized code: {why}"),
            Outcome::Optimized(p) => {
                // What the passes over the model changed (delinearization, ...).
                for r in p.reports.iter().filter(|r| {
                    r.changed && optimist::PASSES.iter().any(|pass| pass.name == r.pass)
                }) {
                    println!("    {}: {}", r.pass, r.summary);
                }
                println!("    transformation: {}", p.transformation)
            }
        }
        let secs = |t: f64| {
            if t >= 0.1 {
                format!("{t:.3} s")
            } else if t >= 1e-4 {
                format!("{:.3} ms", t * 1e3)
            } else {
                format!("{:.1} µs", t * 1e6)
            }
        };
        println!(
            "    version {}: faithful {}, versioned {} ({:.2}x), results equal",
            match version {
                optimist::Version::Optimized => "optimized",
                optimist::Version::Fallback => "fallback",
            },
            secs(t0),
            secs(t1),
            t0 / t1
        );
    }
    println!();
    Ok(())
}

pub(crate) fn demo() -> Result<()> {
    println!("optimist demo — implemented so far: presburger (isl through a safe Rust API), the C");
    println!("front end, the program IR, the reference interpreter, the SCoP model, dependences,");
    println!("optimistic assumptions with a run-time check, code generation (Cranelift native");
    println!("code and C text, versioned), Loopy scripts and the automatic strategy, verified");
    println!("against the dependences, and the passes over the model: delinearization, DeLICM and");
    println!("expression propagation\n");
    demo_pipeline()?;
    let f = demo_front_end()?;

    let scop = Scop::build(&f, &ScopConfig::default())?;
    println!(
        "\nThe SCoP model (`optimist show scop`): one statement per assignment, named by its label:"
    );
    for st in &scop.stmts {
        println!("    {}  domain {}", st.name, st.domain);
        for &a in &st.accesses {
            let acc = scop.access(a);
            println!("        {a} {:<10} {}", acc.kind.to_string(), acc.relation);
        }
    }
    println!("    original order: {}", scop.schedule.map()?);

    let deps = Dependences::compute(&scop, &DepConfig::default())?;
    println!("\nDependences between accesses (`optimist show deps`, value-based):");
    for line in deps
        .dump()
        .lines()
        .skip(1)
        .take_while(|l| l.starts_with("  "))
    {
        println!("  {line}");
    }

    // isl's scheduler on the model: every dependence must be respected.
    let ctx = &scop.ctx;
    let all = deps.all_statements()?;
    ctx.set_schedule_options(&ScheduleOptions {
        outer_coincidence: true,
        ..Default::default()
    })?;
    let constraints = ScheduleConstraints::on_domain(&scop.domains()?)?
        .with_context(
            &scop
                .context
                .intersect(&Set::parse(ctx, "[n] -> { : n > 0 }")?)?,
        )?
        .with_validity(&all)?
        .with_proximity(&deps.statements(DepKind::Raw, true)?)?
        .with_coincidence(&all)?;
    let schedule = ctx
        .with_budget(10_000_000, || constraints.compute_schedule())
        .context("isl scheduler")?;
    let band = schedule.root()?.child(0)?;
    let members = band.band_n_member()?;
    let parallel: Vec<String> = (0..members)
        .filter(|&m| band.band_member_coincident(m).unwrap_or(false))
        .map(|m| m.to_string())
        .collect();
    println!(
        "\nisl scheduler: outer band of {members} members, permutable: {}, parallel members: [{}]",
        band.band_permutable()?,
        parallel.join(", ")
    );
    let mut tiled_band = band.clone();
    if members > 2 {
        tiled_band = tiled_band.band_split(2)?;
    }
    let tiled = tiled_band
        .band_tile(&vec![32; members.min(2)])?
        .schedule()?;
    let order = tiled.map()?;
    if !all.is_subset(&order.lex_lt_union_map(&order)?)? {
        bail!("tiling violates a dependence");
    }
    println!("Check: every dependence source runs before its target after tiling: yes");

    // The callback sees each statement as it is generated and computes where it writes, in
    // terms of the generated loop iterators: what a code generator needs for every access.
    let writes = scop.access_relations(|a| a.kind.is_write())?;
    let accesses: Rc<RefCell<BTreeMap<String, String>>> = Rc::default();
    let seen = accesses.clone();
    let build = AstBuild::from_context(&Set::parse(ctx, "[n] -> { : n > 0 }")?)?
        .set_at_each_domain(move |node, build| {
            let instance_of = build.schedule()?.reverse()?;
            let statement = instance_of
                .range()?
                .sets()?
                .remove(0)
                .tuple_name()
                .unwrap_or_default();
            let write = instance_of.apply_range(&writes)?.to_map()?;
            let access = build.access_from_pw_multi_aff(&PwMultiAff::from_map(&write)?)?;
            seen.borrow_mut().insert(statement, access.to_c()?);
            Ok(node)
        })?;
    let ast = build.node_from_schedule(&tiled)?;
    println!("\nC generated by isl from the tiled schedule (32 x 32 tiles):");
    print!("{}", indent(&ast.to_c()?));
    for (statement, access) in accesses.borrow().iter() {
        println!("    where {statement} writes {access}");
    }

    demo_loopy(&f)?;

    println!(
        "\nPolynomials (for delinearization): the subscript of A[(i*n + j)*m + k] on a flat pointer"
    );
    let subscript: Polynomial = "(i*n + j)*m + k".parse()?;
    let (q, k) = subscript.div_rem(&"m".parse()?)?;
    let (i, j) = q.div_rem(&"n".parse()?)?;
    println!("    expanded: {subscript}");
    println!(
        "    divided by m, then by n: A[{i}][{j}][{k}]  (valid when 0 <= j < n and 0 <= k < m)"
    );
    Ok(())
}
