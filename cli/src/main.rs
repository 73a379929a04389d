//! The `optimist` command: `demo`, `run`, `show` and `verify` (see `optimist help`).

use anyhow::{Context, Result, bail};
use optimist::presburger::{
    AstBuild, Polynomial, PwMultiAff, ScheduleConstraints, ScheduleOptions, Set,
};
use optimist::{Config, Kernel, Outcome, Strategy};
use optimist_loopy::Script;
use optimist_scop::frontend::{self, FrontendConfig};
use optimist_scop::interp::{self, Limits};
use optimist_scop::model::{Config as ScopConfig, DepConfig, DepKind, Dependences, Scop};
use optimist_scop::workload::{RunSpec, Workload};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::process::ExitCode;
use std::rc::Rc;

const USAGE: &str = "\
usage: optimist <command>

commands:
  demo    show what the implemented layers do, on a matrix product
  run     run a C kernel on generated inputs and print the hashes of its arrays:
            optimist run FILE.c [--function NAME] [--set NAME=VALUE]... [--len ARRAY=N]...
                                [--array ARRAY=V0,V1,...]... [--alias ARRAY=OTHER+OFFSET]...
                                                                [--backend interp|jit|c] [--opt none|default] [--script S.loopy]
                                [--time] [--repeat R] [--max-steps N]
            (--opt default: the automatic schedule; --script: a Loopy script, jit or c only)
    show    print a kernel as the library sees it:
            optimist show ir|scop|deps|ast|c|assumptions FILE.c [--function NAME]
                          [--opt default] [--script S.loopy] [--set ...] [--alias ...]
            (the program IR, the polyhedral model, the dependences, the loop AST, the
            versioned C, the assumptions with their run-time check; with inputs, which
            version runs on them)
  verify  check a Loopy script: exit 0 when legal, 1 with the violations when not:
            optimist verify FILE.c S.loopy [--function NAME]
  help    print this text
";

fn main() -> ExitCode {
    // Like other Unix tools, end quietly when the reader of our output goes away
    // (`optimist demo | head`) instead of failing on a broken pipe.
    // SAFETY: restoring the default action of a signal before any thread starts.
    unsafe { libc::signal(libc::SIGPIPE, libc::SIG_DFL) };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("demo") if args.len() == 1 => demo(),
        Some("run") => run(&args[1..]),
        Some("show") => show(&args[1..]),
        Some("verify") => return verify(&args[1..]),
        Some("help" | "--help" | "-h") => {
            print!("{USAGE}");
            Ok(())
        }
        Some(other) => Err(anyhow::anyhow!(
            "unknown command or arguments: `{other}`\n\n{USAGE}"
        )),
        None => Err(anyhow::anyhow!("no command given\n\n{USAGE}")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("optimist: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// `optimist run`: the contract is in `optimist_scop::workload`.
fn run(args: &[String]) -> Result<()> {
    let (file, rest) = args
        .split_first()
        .context("`optimist run` needs a C file")?;
    let mut config = FrontendConfig::default();
    let mut spec = RunSpec::default();
    let (mut time, mut repeat, mut limits) = (false, 1usize, Limits::default());
    let (mut backend, mut optimize) = (String::from("interp"), false);
    let mut script = None;
    let mut it = rest.iter();
    while let Some(flag) = it.next() {
        if flag == "--time" {
            time = true;
            continue;
        }
        let value = it
            .next()
            .with_context(|| format!("`{flag}` needs a value"))?;
        match flag.as_str() {
            "--function" => config.function = Some(value.clone()),
            "--script" => script = Some(read_script(value)?),
            "--backend" => {
                backend = match value.as_str() {
                    "interp" | "jit" | "c" => value.clone(),
                    _ => bail!("unknown backend `{value}`: use interp, jit or c"),
                }
            }
            "--opt" => {
                optimize = match value.as_str() {
                    "none" => false,
                    "default" => true,
                    _ => bail!("unknown optimization level `{value}`: use none or default"),
                }
            }
            "--repeat" => {
                repeat = value
                    .parse()
                    .ok()
                    .filter(|&r| r > 0)
                    .context("`--repeat` needs a positive count")?
            }
            "--max-steps" => {
                limits.max_steps = value.parse().context("`--max-steps` needs a count")?
            }
            _ => {
                if !spec.take(flag, value)? {
                    bail!("unknown option `{flag}`\n\n{USAGE}");
                }
            }
        }
    }
    let path = std::path::Path::new(file);
    let f = frontend::parse_file(path, &config)?;
    let mut w = Workload::generate(&f, &spec)?;
    let strategy = match script {
        Some(_) if backend == "interp" => {
            bail!("`--script` transforms generated code: use `--backend jit` or `--backend c`")
        }
        Some(s) => {
            optimize = true;
            Strategy::Script(s)
        }
        None => Strategy::default(),
    };
    if backend == "c" {
        // The same inputs and hashes through the system C compiler.
        let code = if optimize {
            let (p, outcome) = optimist::compile_c(&f, &Config::with(strategy), "optimist_kernel")?;
            report_outcome(&outcome);
            Some(p.code)
        } else {
            None
        };
        return run_with_cc(path, &f, &w, &spec, code, time, repeat);
    }
    let kernel = if backend == "jit" {
        if optimize {
            let compiled = optimist::compile(&f, &Config::with(strategy))?;
            report_outcome(&compiled.outcome);
            Some(compiled.kernel)
        } else {
            Some(Kernel::faithful(&f)?)
        }
    } else {
        None
    };
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
    if time {
        times.sort_by(f64::total_cmp);
        println!("time_s {:.9}", times[times.len() / 2]);
    }
    Ok(())
}

/// Reads and parses a Loopy script file.
fn read_script(path: &str) -> Result<Script> {
    let text = std::fs::read_to_string(path).with_context(|| format!("reading `{path}`"))?;
    Script::parse(&text).with_context(|| format!("in `{path}`"))
}

/// Says on standard error why the optimized code follows another order than asked (a failed
/// automatic strategy).
fn report_outcome(outcome: &Outcome) {
    if let Some(note) = outcome.plan().and_then(|p| p.schedule_note.as_ref()) {
        eprintln!("optimist: {note}");
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
fn verify(args: &[String]) -> ExitCode {
    let result = (|| -> Result<Result<(), String>> {
        const VERIFY_USAGE: &str = "usage: optimist verify FILE.c S.loopy [--function NAME]";
        let mut config = FrontendConfig::default();
        let (file, script) = match args {
            [file, script] => (file, script),
            [file, script, flag, name] if flag == "--function" => {
                config.function = Some(name.clone());
                (file, script)
            }
            _ => bail!(VERIFY_USAGE),
        };
        let f = frontend::parse_file(std::path::Path::new(file), &config)?;
        let script = read_script(script)?;
        // The model the driver schedules: after every pass.
        let scop = final_model(&f)?;
        let deps = Dependences::compute(&scop, &DepConfig::default())?;
        Ok(match optimist_loopy::apply(&scop, &deps, &script) {
            Ok(t) => {
                println!("legal: every dependence keeps its order");
                println!("schedule: {}", t.theta);
                Ok(())
            }
            Err(optimist_loopy::LoopyError::Refused(v)) => Err(v
                .iter()
                .map(|v| format!("violation: {v}"))
                .collect::<Vec<_>>()
                .join("\n")),
            Err(e) => return Err(e.into()),
        })
    })();
    match result {
        Ok(Ok(())) => ExitCode::SUCCESS,
        Ok(Err(report)) => {
            println!("{report}");
            ExitCode::from(1)
        }
        Err(e) => {
            eprintln!("optimist: {e:#}");
            ExitCode::from(1)
        }
    }
}

/// Compiles `code` (or the original source) with the run contract's C harness and `cc -O1
/// -ffp-contract=off`, runs it, and prints its output.
fn run_with_cc(
    path: &std::path::Path,
    f: &optimist_scop::ir::Function,
    w: &Workload,
    spec: &RunSpec,
    code: Option<String>,
    time: bool,
    repeat: usize,
) -> Result<()> {
    let dir = std::env::temp_dir().join(format!("optimist-run-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let (include, name) = match &code {
        Some(c) => {
            let p = dir.join("kernel.c");
            std::fs::write(&p, c)?;
            (p, Some("optimist_kernel"))
        }
        None => (path.canonicalize()?, None),
    };
    let mut harness = w.c_harness(f, spec, &include.display().to_string(), name);
    // Which version ran: the versioned program says; the original source is the fallback.
    let call = format!("  {}(", name.unwrap_or(&f.name));
    if let Some(at) = harness.find(&call) {
        let end = harness[at..]
            .find('\n')
            .map_or(harness.len(), |e| at + e + 1);
        let report = if code.is_some() {
            "  printf(\"version %s\\n\", optimist_version ? \"optimized\" : \"fallback\");\n"
        } else {
            "  printf(\"version fallback\\n\");\n"
        };
        harness.insert_str(end, report);
    }
    if time {
        harness = harness.replace(
            "int main(void) {",
            "#include <time.h>\nint main(void) {\n  struct timespec t0, t1;",
        );
        let call = format!("  {}(", name.unwrap_or(&f.name));
        if let Some(at) = harness.find(&call) {
            let end = harness[at..]
                .find('\n')
                .map_or(harness.len(), |e| at + e + 1);
            let line = harness[at..end].to_string();
            let timed = format!(
                "  clock_gettime(CLOCK_MONOTONIC, &t0);\n{line}  clock_gettime(CLOCK_MONOTONIC, &t1);\n"
            );
            harness.replace_range(at..end, &timed);
        }
        harness = harness.replace("  return 0;\n}", "  printf(\"time_s %.9f\\n\", (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) * 1e-9);\n  return 0;\n}");
    }
    let main = dir.join("main.c");
    std::fs::write(&main, harness)?;
    let exe = dir.join("kernel");
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
    let out = std::process::Command::new(&cc)
        .args(["-O1", "-ffp-contract=off", "-o"])
        .arg(&exe)
        .arg(&main)
        .arg("-lm")
        .output()
        .with_context(|| format!("running `{cc}`"))?;
    if !out.status.success() {
        bail!("`{cc}` failed:\n{}", String::from_utf8_lossy(&out.stderr));
    }
    let _ = repeat;
    let run = std::process::Command::new(&exe).output()?;
    print!("{}", String::from_utf8_lossy(&run.stdout));
    std::fs::remove_dir_all(&dir).ok();
    if !run.status.success() {
        bail!("the compiled kernel failed");
    }
    Ok(())
}

/// `optimist show ir|scop|deps FILE.c`: the program IR (C with every conversion explicit), the
/// polyhedral model, or the dependences between accesses.
fn show(args: &[String]) -> Result<()> {
    const SHOW_USAGE: &str = "usage: optimist show ir|scop|deps|ast|c|assumptions FILE.c [--function NAME] [--after PASS] [--opt default] [--script S.loopy] [--set N=V]... [--len A=N]... [--array A=V,...]... [--alias A=B+K]...";
    let [what, file, rest @ ..] = args else {
        bail!(SHOW_USAGE)
    };
    let mut config = FrontendConfig::default();
    let mut strategy = Strategy::Original;
    let mut inputs: Vec<&str> = Vec::new();
    let mut after = None;
    for pair in rest.chunks(2) {
        match pair {
            [flag, pass] if flag == "--after" && what == "scop" => after = Some(pass.clone()),
            [flag, value] if ["--set", "--len", "--array", "--alias"].contains(&flag.as_str()) => {
                inputs.extend([flag.as_str(), value.as_str()]);
            }
            [flag, name] if flag == "--function" => config.function = Some(name.clone()),
            [flag, level] if flag == "--opt" && level == "default" => {
                strategy = Strategy::default()
            }
            [flag, level] if flag == "--opt" && level == "none" => strategy = Strategy::Original,
            [flag, path] if flag == "--script" => strategy = Strategy::Script(read_script(path)?),
            _ => bail!(SHOW_USAGE),
        }
    }
    let f = frontend::parse_file(std::path::Path::new(file), &config)?;
    match what.as_str() {
        "ir" => print!("{f}"),
        "scop" => {
            let after = after.as_deref().unwrap_or("build");
            print!(
                "{}",
                optimist::model_after(&f, &Config::default(), after)??.dump(&f)
            )
        }
        "deps" => {
            let scop = Scop::build(&f, &ScopConfig::default())?;
            print!(
                "{}",
                Dependences::compute(&scop, &DepConfig::default())?.dump()
            );
        }
        "ast" => match optimist::optimize(&f, &Config::with(strategy))? {
            Outcome::Optimized(p) => {
                if let Some(note) = &p.schedule_note {
                    eprintln!("optimist: {note}");
                }
                print!("{}", p.ast.display(&p.scop))
            }
            Outcome::FaithfulOnly(why) => bail!("no loop AST: only the faithful code: {why}"),
        },
        "c" => {
            let (p, outcome) = optimist::compile_c(&f, &Config::with(strategy), &f.name)?;
            if let Some(why) = outcome.why() {
                eprintln!("optimist: only the faithful code: {why}");
            }
            print!("{}", p.code);
        }
        "assumptions" => {
            // Exactly what the driver decides, and the check the compiled code evaluates.
            let outcome = optimist::optimize(&f, &Config::with(strategy))?;
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
            if !inputs.is_empty() {
                // What the check decides for these inputs (`--set`, `--len`, `--array`,
                // `--alias`): run the versioned native code on them.
                let spec = RunSpec::parse_args(&inputs)?;
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
        other => bail!("`optimist show {other}`: {SHOW_USAGE}"),
    }
    Ok(())
}

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
    let scop = final_model(f)?;
    let deps = Dependences::compute(&scop, &DepConfig::default())?;
    let t = optimist_loopy::apply(&scop, &deps, &script)?;
    println!("Verified: one-to-one, every dependence kept. The loops generated:");
    print!(
        "{}",
        indent(&optimist_codegen::generate(&scop, &t.schedule)?.display(&scop))
    );
    let bad = Script::parse("reverse(T, 2)")?;
    if let Err(e) = optimist_loopy::apply(&scop, &deps, &bad) {
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
            Outcome::Optimized(p) => println!("    transformation: {}", p.transformation),
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

fn demo() -> Result<()> {
    println!("optimist demo — implemented so far: presburger (isl through a safe Rust API), the C");
    println!("front end, the program IR, the reference interpreter, the SCoP model, dependences,");
    println!("optimistic assumptions with a run-time check, code generation (Cranelift native");
    println!("code and C text, versioned), Loopy scripts and the automatic strategy, verified");
    println!("against the dependences\n");
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
