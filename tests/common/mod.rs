//! What the differential tests of this crate share: the corpus, its run lines, and running
//! generated C through the system C compiler with the run contract's harness.
#![allow(dead_code)] // each test file uses its own part

use optimist_scop::ir::Function;
use optimist_scop::workload::{Harness, RunSpec, VersionLine, Workload};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The kernels of `corpus/`, of `corpus/flat/` (versions with flat pointers and linearized
/// subscripts), of `corpus/scalar/` (versions with values kept in scalars) and of
/// `corpus/pipelines/` (multi-stage computations with local temporaries), sorted.
pub fn corpus() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = ["", "flat", "scalar", "pipelines"]
        .iter()
        .flat_map(|d| kernels_in(d))
        .collect();
    files.sort();
    files
}

/// The kernels of one folder of `corpus/` (`""` for `corpus/` itself), sorted.
pub fn kernels_in(sub: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("corpus")
        .join(sub);
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "c"))
        .collect();
    files.sort();
    files
}

/// A kernel's name in messages: its file name, with `flat/` for the flat versions.
pub fn kernel_name(path: &Path) -> String {
    let stem = path.file_stem().unwrap().to_string_lossy();
    match path.parent().and_then(|p| p.file_name()) {
        Some(d) if d == "flat" || d == "scalar" || d == "pipelines" => {
            format!("{}_{stem}", d.to_string_lossy())
        }
        _ => stem.to_string(),
    }
}

/// The `optimist run` arguments on a kernel's first line (`// run: ...`).
pub fn run_spec(path: &Path) -> RunSpec {
    let text = std::fs::read_to_string(path).unwrap();
    let args: Vec<&str> = text
        .lines()
        .next()
        .unwrap_or_default()
        .trim_start_matches("// run:")
        .split_whitespace()
        .collect();
    RunSpec::parse_args(&args).unwrap()
}

/// The system C compiler (`$CC` or `cc`), when there is one.
pub fn cc() -> Option<String> {
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
    Command::new(&cc)
        .arg("--version")
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|_| cc)
}

/// The C compilers at hand, each once: `cc` (or `$CC`), `gcc`, and `clang` or `clang-19`.
/// Generated C must compile with each at its default flags.
pub fn c_compilers() -> Vec<String> {
    static FOUND: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    FOUND
        .get_or_init(|| {
            let mut found: Vec<String> = Vec::new();
            let mut versions: Vec<String> = Vec::new();
            let first = std::env::var("CC").unwrap_or_else(|_| "cc".into());
            for cc in [first.as_str(), "gcc", "clang", "clang-19"] {
                let Ok(out) = Command::new(cc).arg("--version").output() else {
                    continue;
                };
                // One entry per compiler: `cc` and `gcc` are usually the same one.
                let version = String::from_utf8_lossy(&out.stdout)
                    .lines()
                    .next()
                    .unwrap_or("")
                    .split_once(' ')
                    .map(|(_, rest)| rest.to_string())
                    .unwrap_or_default();
                if out.status.success() && !versions.contains(&version) {
                    versions.push(version);
                    found.push(cc.to_string());
                }
            }
            found
        })
        .clone()
}

/// Compiles C `code` alone into an object with `cc` at its default flags: the compiler's
/// messages when it refuses.
pub fn compiles(cc: &str, code: &str) -> Result<(), String> {
    static CALLS: AtomicUsize = AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("optimist-compiles-{}-{call}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let src = dir.join("unit.c");
    std::fs::write(&src, code).unwrap();
    let out = Command::new(cc)
        .arg("-c")
        .arg(&src)
        .arg("-o")
        .arg(dir.join("unit.o"))
        .output()
        .map_err(|e| e.to_string())?;
    std::fs::remove_dir_all(&dir).ok();
    if out.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&out.stderr).into_owned())
    }
}

/// Whether `cc -fopenmp` compiles and links a program (asked once per compiler: clang may lack
/// the `omp.h` gcc has).
pub fn openmp(cc: &str) -> bool {
    static OPENMP: std::sync::Mutex<Vec<(String, bool)>> = std::sync::Mutex::new(Vec::new());
    let mut known = OPENMP.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, ok)) = known.iter().find(|(c, _)| c == cc) {
        return *ok;
    }
    let dir = std::env::temp_dir().join(format!(
        "optimist-openmp-{}-{}",
        std::process::id(),
        known.len()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let src = dir.join("omp.c");
    std::fs::write(
        &src,
        "#include <omp.h>\nint main(void) { return omp_get_max_threads() < 1; }\n",
    )
    .unwrap();
    let ok = Command::new(cc)
        .arg("-fopenmp")
        .arg(&src)
        .arg("-o")
        .arg(dir.join("omp"))
        .output()
        .is_ok_and(|o| o.status.success());
    std::fs::remove_dir_all(&dir).ok();
    known.push((cc.to_string(), ok));
    ok
}

/// Compiles `code` (a C version of `f` named `optimist_generated`) with the run contract's
/// harness by `cc -O1 -ffp-contract=off`, runs it on the inputs of `spec`, and returns its
/// `NAME HASH` lines. Panics, naming `name`, when the code does not compile.
pub fn hashes_of_c(cc: &str, name: &str, f: &Function, spec: &RunSpec, code: &str) -> Vec<String> {
    c_run(cc, name, f, spec, code, &Default::default(), None)
}

/// [`hashes_of_c`] with the harness options `harness` (the version line).
fn c_run(
    cc: &str,
    name: &str,
    f: &Function,
    spec: &RunSpec,
    code: &str,
    harness: &Harness,
    object: Option<&optimist::ObjectCode>,
) -> Vec<String> {
    // One directory per call: tests run in parallel threads.
    static CALLS: AtomicUsize = AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("optimist-cgen-{}-{call}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let gen_path = dir.join("gen.c");
    std::fs::write(&gen_path, code).unwrap();
    // Versioned programs run their `omp parallel for` loops on two threads when the compiler
    // has OpenMP; the other programs are compiled without it (the pragmas are then ignored).
    let threads = match object {
        Some(o) => o.links.contains(&"-fopenmp"),
        None => harness.version == VersionLine::Versioned && openmp(cc),
    };
    let objects: Vec<std::path::PathBuf> = object
        .map(|o| {
            let p = dir.join("kernel.o");
            std::fs::write(&p, &o.bytes).unwrap();
            p
        })
        .into_iter()
        .collect();
    let w = Workload::generate(f, spec).unwrap();
    let harness = w.c_harness(
        f,
        spec,
        &gen_path.display().to_string(),
        Some("optimist_generated"),
        harness,
    );
    let main = dir.join("main.c");
    std::fs::write(&main, harness).unwrap();
    let exe = dir.join("kernel");
    let out = Command::new(cc)
        .args(["-O1", "-ffp-contract=off", "-o"])
        .arg(&exe)
        .arg(&main)
        .args(&objects)
        .arg("-lm")
        .args(threads.then_some("-fopenmp"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{name}: generated C does not compile:\n{}\n{code}",
        String::from_utf8_lossy(&out.stderr)
    );
    let run = Command::new(&exe)
        .env("OMP_NUM_THREADS", "2")
        .output()
        .unwrap();
    std::fs::remove_dir_all(&dir).ok();
    String::from_utf8_lossy(&run.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}

/// The interpreter's `NAME HASH` lines for `f` on the inputs of `spec`.
pub fn interpreter_hashes(f: &Function, spec: &RunSpec) -> Vec<String> {
    let mut w = Workload::generate(f, spec).unwrap();
    optimist_scop::interp::run(f, &mut w.args, &Default::default()).unwrap();
    w.hashes(f)
        .iter()
        .map(|(n, h)| format!("{n} {h:016x}"))
        .collect()
}

/// Runs `kernel` on the inputs of `spec`: the version that ran and the `NAME HASH` lines, as
/// [`interpreter_hashes`] gives them.
pub fn native_hashes(
    kernel: &optimist_codegen::Kernel,
    f: &Function,
    spec: &RunSpec,
) -> (optimist_codegen::Version, Vec<String>) {
    let mut w = Workload::generate(f, spec).unwrap();
    let version = kernel.run(&mut w.args).unwrap();
    let hashes = w
        .hashes(f)
        .iter()
        .map(|(n, h)| format!("{n} {h:016x}"))
        .collect();
    (version, hashes)
}

/// Checks that `compiled` runs its optimized version on `spec` with the `reference` hashes,
/// natively and (with a C compiler) as versioned C; says what differs in `failures`.
pub fn check_optimized(
    name: &str,
    f: &Function,
    spec: &RunSpec,
    compiled: &optimist::Compiled,
    reference: &[String],
    failures: &mut Vec<String>,
) {
    let (version, hashes) = native_hashes(&compiled.kernel, f, spec);
    if hashes != reference || version != optimist_codegen::Version::Optimized {
        failures.push(format!("{name}: native {version:?} {hashes:?}"));
    }
    if let Some(cc) = cc() {
        let plan = compiled.outcome.plan();
        let c = versioned_c_optimized(f, plan, "optimist_generated");
        let (hashes, v) = versioned_c_run(&cc, name, f, spec, &c.code);
        if hashes != reference || v != "optimized" {
            failures.push(format!("{name}: C {v} {hashes:?}"));
        }
    }
}

/// The versioned C of `plan` with its optimized version even where it adds nothing the C
/// compiler does not do (`Target::as_written` off): what tests of the optimized C path run.
pub fn versioned_c_optimized(
    f: &Function,
    plan: Option<&optimist::Plan>,
    name: &str,
) -> optimist_codegen::CProgram {
    let target = plan.map(|p| optimist::Target {
        as_written: false,
        ..p.c_target()
    });
    optimist_codegen::versioned_c_for(f, plan, name, target.as_ref()).unwrap()
}

/// [`hashes_of_c`] for a versioned program (`optimist_codegen::versioned_c` named
/// `optimist_generated`): the hashes, and the version that ran (`"optimized"` or `"fallback"`).
pub fn versioned_c_run(
    cc: &str,
    name: &str,
    f: &Function,
    spec: &RunSpec,
    code: &str,
) -> (Vec<String>, String) {
    let harness = Harness {
        version: VersionLine::Versioned,
        ..Default::default()
    };
    let lines = c_run(cc, name, f, spec, code, &harness, None);
    split_version(name, lines)
}

/// Links `object` (`optimist_codegen::object_code` of `f`) with the run contract's harness by
/// `cc`, through its [`optimist::ObjectCode::versioned_caller`], and runs it on the inputs of
/// `spec`: the hashes, and the version that ran (`"optimized"` or `"fallback"`).
pub fn object_run(
    cc: &str,
    name: &str,
    f: &Function,
    spec: &RunSpec,
    object: &optimist::ObjectCode,
) -> (Vec<String>, String) {
    let harness = Harness {
        version: if object.optimized {
            VersionLine::Versioned
        } else {
            VersionLine::Fallback
        },
        ..Default::default()
    };
    let caller = format!(
        "{}{}",
        object.header,
        optimist::ObjectCode::versioned_caller(f, "optimist_generated")
    );
    let lines = c_run(cc, name, f, spec, &caller, &harness, Some(object));
    split_version(name, lines)
}

/// The version line of a harness's output, and the rest.
fn split_version(name: &str, mut lines: Vec<String>) -> (Vec<String>, String) {
    let version = (!lines.is_empty())
        .then(|| lines.remove(0))
        .and_then(|l| l.strip_prefix("version ").map(str::to_string))
        .unwrap_or_else(|| panic!("{name}: the program did not report its version"));
    (lines, version)
}

/// The native-code configurations every differential test runs: the default (threads for the
/// cores, vector lanes, registers, the widest vectors of the wide-loop emitter this CPU has),
/// everything in order and in memory, an odd thread count without vectors or registers,
/// vectors and registers on one thread in Cranelift's 128-bit lanes only, and one thread with
/// each narrower width of the wide-loop emitter this CPU has (AVX's 32 bytes on an AVX-512
/// machine).
pub fn native_configurations() -> Vec<optimist::NativeOptions> {
    use optimist::NativeOptions;
    let one_thread = NativeOptions {
        threads: 1,
        vector: true,
        registers: true,
        contract: false,
        pool: None,
        undo: true,
        wide_bytes: 0,
        cpu: optimist::Cpu::Host,
    };
    let host = NativeOptions::host_wide_bytes();
    let mut configs = vec![
        NativeOptions::default(),
        NativeOptions::sequential(),
        NativeOptions {
            threads: 3,
            vector: false,
            registers: false,
            contract: false,
            pool: None,
            undo: true,
            wide_bytes: 0,
            cpu: optimist::Cpu::Host,
        },
        one_thread.clone(),
    ];
    configs.extend(
        [32, 64]
            .into_iter()
            .filter(|&w| w < host)
            .map(|wide_bytes| NativeOptions {
                wide_bytes,
                ..one_thread.clone()
            }),
    );
    configs
}

/// A xorshift generator: the fixed pseudo-random sequences of the random tests.
pub struct Rng(pub u64);

impl Rng {
    /// The next value, below `n`.
    pub fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }

    /// One of `v`.
    pub fn pick<'a>(&mut self, v: &[&'a str]) -> &'a str {
        v[self.below(v.len() as u64) as usize]
    }
}

/// A linear congruential generator, for the random inputs of the run-time check tests.
pub struct Lcg(pub u64);

impl Lcg {
    /// The next value in `lo..=hi`.
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        lo + ((self.0 >> 33) % ((hi - lo + 1) as u64)) as i64
    }
}

/// What the pass tests snapshot: `report(before, after)` for the models after the stages
/// `before` and `after` of `config`'s pipeline, then each statement after it with its write and
/// its value. The model after the pass must verify.
pub fn decisions(
    f: &Function,
    config: &optimist::Config,
    before: &str,
    after: &str,
    report: fn(&optimist_scop::model::Scop, &optimist_scop::model::Scop) -> String,
) -> String {
    let first = optimist::model_after(f, config, before).unwrap().unwrap();
    let then = optimist::model_after(f, config, after).unwrap().unwrap();
    then.verify().unwrap();
    let mut text = report(&first, &then);
    for st in &then.stmts {
        text.push_str(&format!(
            "{}: {} = {}\n",
            st.name,
            then.access(st.write).relation,
            then.body_to_string(st, &st.value, f)
        ));
    }
    text
}

/// Compiles `f` with every pass and with none, runs both natively on `spec`, and records in
/// `failures` (under `what`, with the program) each that does not run the optimized version or
/// does not give the interpreter's hashes. Returns whether the pass named `pass` changed the model.
pub fn on_and_off(
    f: &Function,
    spec: &RunSpec,
    pass: &str,
    what: &str,
    failures: &mut Vec<String>,
) -> bool {
    let reference = interpreter_hashes(f, spec);
    let off = optimist::Config {
        passes: Vec::new(),
        ..optimist::Config::default()
    };
    let mut changed = false;
    for (label, config) in [("on", optimist::Config::default()), ("off", off)] {
        let compiled = optimist::compile(f, &config).unwrap();
        if label == "on" {
            changed = compiled
                .outcome
                .plan()
                .is_some_and(|p| p.reports.iter().any(|r| r.pass == pass && r.changed));
        }
        let (version, hashes) = native_hashes(&compiled.kernel, f, spec);
        if hashes != reference || version != optimist::Version::Optimized {
            failures.push(format!("{what}, passes {label}: {version:?}\n{f}"));
        }
    }
    changed
}

/// Runs `run` (a pass) on the model of the corpus kernel `file` with a budget of 10 isl
/// operations: the pass must bail out, say so, and leave every statement and access as it was.
pub fn budget_bails_out(
    file: &str,
    run: fn(
        &mut optimist_scop::model::Scop,
        &optimist_scop::pass::PassCx<'_>,
    ) -> Result<optimist_scop::pass::PassReport, optimist_scop::pass::PassError>,
) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("corpus")
        .join(file);
    let f = optimist_scop::frontend::parse_file(&path, &Default::default()).unwrap();
    let mut scop = optimist_scop::model::Scop::build(&f, &Default::default()).unwrap();
    let before = scop.clone();
    let mut cx = optimist_scop::pass::PassCx::new(&f);
    cx.max_operations = 10;
    let report = run(&mut scop, &cx).unwrap();
    assert!(!report.changed);
    assert!(report.summary.starts_with("bailed out"), "{report}");
    assert_eq!(scop.stmts.len(), before.stmts.len());
    assert_eq!(scop.accesses.len(), before.accesses.len());
    assert!(
        scop.accesses
            .iter()
            .zip(&before.accesses)
            .all(|(a, b)| a.array == b.array && a.relation.is_equal(&b.relation).unwrap())
    );
}
