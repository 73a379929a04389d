//! Whole C files, source to source (`optimist::rewrite_c`, `optimist c`): the programs of
//! `tests/whole/` (a stencil with a time loop, a product with its own allocation and timing, a
//! triangular solver, a file with three regions, a region that cannot be read yet) rewritten,
//! compiled by `cc` and run print exactly what the originals print; every function is
//! replaced or kept with its reason, and the rest of each file is untouched.

use optimist::{Config, Rewrite};
use std::path::{Path, PathBuf};
use std::process::Command;

mod common;

/// The collection's program `name`.
fn dir_of(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/whole/collection/{name}.c"))
}

/// The C files of `dir` (under the repository), sorted.
fn c_files(dir: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "c"))
        .collect();
    files.sort();
    files
}

/// The program at `path` rewritten under the default configuration: its name, its text, and
/// the rewrite.
fn rewrite(path: &Path) -> (String, String, optimist::Rewritten) {
    let name = path.file_stem().unwrap().to_string_lossy().into_owned();
    let text = std::fs::read_to_string(path).unwrap();
    let out = optimist::rewrite_c(
        &path.display().to_string(),
        &text,
        path.parent(),
        &Default::default(),
        &[],
        &Config::default(),
    )
    .unwrap_or_else(|e| panic!("{name}: {e}"));
    (name, text, out)
}

/// Compiles `source` with `cc` (and `flags`) and runs it: its standard output.
fn run(cc: &str, source: &Path, exe: &Path, flags: &[&str]) -> String {
    run_both(cc, source, exe, flags).0
}

/// [`run`], with the standard error too.
fn run_both(cc: &str, source: &Path, exe: &Path, flags: &[&str]) -> (String, String) {
    let out = Command::new(cc)
        .args(["-O2", "-ffp-contract=off", "-o"])
        .arg(exe)
        .arg(source)
        .args(flags)
        .arg("-lm")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}: {}",
        source.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    let run = Command::new(exe)
        .env("OMP_NUM_THREADS", "2")
        .output()
        .unwrap();
    assert!(run.status.success(), "{}", source.display());
    (
        String::from_utf8_lossy(&run.stdout).into_owned(),
        String::from_utf8_lossy(&run.stderr).into_owned(),
    )
}

/// The rewritten text with a destructor that prints, on standard error at exit, which version
/// the last kernel's last call ran (`optimist version 1`: the optimized code).
fn with_version_report(out: &optimist::Rewritten) -> String {
    let mut text = out.text.clone();
    // The last kernel in `main` (which runs), else the last one: a kernel of a function the
    // program calls only from nests that inline it never runs.
    let in_main = out
        .parts
        .iter()
        .rev()
        .filter(|p| p.function == "main")
        .find_map(|p| p.kernel.as_ref());
    if let Some(kernel) = in_main.or_else(|| out.parts.iter().rev().find_map(|p| p.kernel.as_ref()))
    {
        text.push_str(&format!("static void __attribute__((destructor)) optimist_report(void) {{ fprintf(stderr, \"optimist version %d\\n\", {kernel}_version); }}\n"));
    }
    text
}

#[test]
fn rewritten_programs_print_what_the_originals_print() {
    let files = c_files("tests/whole");
    assert_eq!(files.len(), 5);
    let scratch = std::env::temp_dir().join(format!("optimist-whole-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    let cc = common::cc();
    let (mut optimized, mut as_written) = (0, 0);
    for path in &files {
        let (name, text, out) = rewrite(path);
        for part in &out.parts {
            match &part.outcome {
                Rewrite::Optimized => optimized += 1,
                // A plan that adds nothing for C keeps the program's code (`as_written`).
                Rewrite::Kept(why) if why.contains("adds nothing") => as_written += 1,
                Rewrite::Kept(why) => {
                    // Only kept's search is kept, saying why, above its `#pragma scop`.
                    assert_eq!(
                        (name.as_str(), part.to_string().as_str()),
                        ("kept", "main, region at line 27"),
                        "{why}"
                    );
                    assert!(why.contains("loop must count"), "{why}");
                    assert!(
                        out.text
                            .contains(&format!("  // optimist: {why}\n#pragma scop\n  i = 0;\n"))
                    );
                }
            }
        }
        untouched_outside(&name, &text, &out);
        let Some(cc) = &cc else { continue };
        let rewritten = scratch.join(format!("{name}.c"));
        std::fs::write(&rewritten, &out.text).unwrap();
        let original = run(cc, path, &scratch.join(format!("{name}_original")), &[]);
        let ours = run(
            cc,
            &rewritten,
            &scratch.join(format!("{name}_ours")),
            &["-fopenmp"],
        );
        assert_eq!(ours, original, "{name}");
        assert!(!original.is_empty());
    }
    // jacobi, gemm, trisolv, the three of two_regions, kept's scale and its first region (kept
    // as written: the program's order over arrays at file scope).
    assert_eq!((optimized, as_written), (7, 1));
    std::fs::remove_dir_all(&scratch).ok();
}

/// Every line of the original outside what was replaced (an optimized function's lines, an
/// optimized region's, from `#pragma scop` to `#pragma endscop`) is in the output, in order.
fn untouched_outside(name: &str, text: &str, out: &optimist::Rewritten) {
    let definitions =
        optimist_scop::frontend::definitions(name, text, None, &Default::default()).unwrap();
    let regions = optimist_scop::frontend::regions(name, text, None, &Default::default()).unwrap();
    let mut replaced = vec![false; text.lines().count() + 1];
    for part in out.parts.iter().filter(|p| p.outcome == Rewrite::Optimized) {
        let (first, last) = match part.region {
            None => {
                let d = definitions
                    .iter()
                    .find(|d| d.name == part.function)
                    .unwrap();
                (d.first_line, d.last_line)
            }
            Some(line) => {
                let r = regions.iter().find(|r| r.scop_line == line).unwrap();
                (r.scop_line, r.endscop_line)
            }
        };
        for l in first..=last {
            replaced[l as usize] = true;
        }
    }
    let mut rest = out.text.lines();
    for (k, line) in text.lines().enumerate() {
        if !replaced[k + 1] {
            assert!(
                rest.any(|l| l == line),
                "{name}: line {} (`{line}`) is missing or out of order in the output",
                k + 1
            );
        }
    }
}

/// `--function` names a function without a region; a name the file does not define is an
/// error naming it. Without a pragma and a name, the nest is found as a region of its own.
#[test]
fn functions_asked_for_by_name() {
    let src = "#define N 32\nvoid axpy(int n, double a, double X[N], double Y[N]) {\n  for (int i = 0; i < n; i++)\n    Y[i] += a * X[i];\n}\nint main(void) { return 0; }\n";
    let none = optimist::rewrite_c(
        "a.c",
        src,
        None,
        &Default::default(),
        &[],
        &Config::default(),
    )
    .unwrap();
    assert_eq!(
        none.parts,
        vec![optimist::Part {
            function: "axpy".into(),
            region: Some(3),
            outcome: optimist::Rewrite::Optimized,
            kernel: Some("axpy_scop_1".into()),
            restructured: false,
        }]
    );
    assert!(none.text.contains("void axpy(int n, double a, double X[N], double Y[N]) {\n  axpy_scop_1(n, a, X, Y);\n}\n"), "{}", none.text);
    let asked = ["axpy".to_string()];
    let out = optimist::rewrite_c(
        "a.c",
        src,
        None,
        &Default::default(),
        &asked,
        &Config::default(),
    )
    .unwrap();
    assert_eq!(
        out.parts,
        [optimist::Part {
            function: "axpy".to_string(),
            region: None,
            outcome: Rewrite::Optimized,
            kernel: Some("axpy".to_string()),
            restructured: false,
        }]
    );
    assert!(out.text.contains("static void axpy_optimized("));
    assert!(out.text.ends_with("int main(void) { return 0; }\n"));
    let missing = ["nope".to_string()];
    let e = optimist::rewrite_c(
        "a.c",
        src,
        None,
        &Default::default(),
        &missing,
        &Config::default(),
    )
    .unwrap_err();
    assert!(e.to_string().contains("no function `nope`"), "{e}");
}

/// Regions found without pragmas: the 40 application-style programs of `tests/whole/found/`
/// (grids in structs, helpers called with `const` arrays, compressed sparse rows, column-major
/// arrays with a leading dimension, enumerated flags, sizes made by shifts, time steps with
/// printing and timers) and every third program of the collection with its pragmas removed.
/// Each is rewritten with no pragma and no function named; the nests are found, each kept
/// nest has a reason, the file's other lines are untouched, every compiler at hand accepts
/// the result, it prints what the original prints, and the last kernel's optimized code ran.
#[test]
fn regions_are_found_without_pragmas() {
    let scratch = std::env::temp_dir().join(format!("optimist-found-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    let mut programs: Vec<(String, String)> = c_files("tests/whole/found")
        .iter()
        .map(|p| {
            let name = p.file_stem().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(p).unwrap())
        })
        .collect();
    assert!(programs.len() >= 5);
    for p in c_files("tests/whole/collection").iter().step_by(3) {
        let text: String = std::fs::read_to_string(p)
            .unwrap()
            .split_inclusive('\n')
            .filter(|l| {
                !l.trim_start().starts_with("#pragma scop")
                    && !l.trim_start().starts_with("#pragma endscop")
            })
            .collect();
        programs.push((p.file_stem().unwrap().to_string_lossy().into_owned(), text));
    }
    let (mut found, mut optimized, mut modeled, mut restructured) = (0, 0, 0, 0);
    for (name, text) in &programs {
        let file = scratch.join(format!("{name}.c"));
        std::fs::write(&file, text).unwrap();
        let out = optimist::rewrite_c(
            &file.display().to_string(),
            text,
            Some(&scratch),
            &Default::default(),
            &[],
            &Config::default(),
        )
        .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(!out.parts.is_empty(), "{name}: no nest found");
        assert!(!out.text.contains("#pragma scop"), "{name}");
        for part in &out.parts {
            assert!(part.region.is_some(), "{name}: {part}");
            assert!(
                !part.restructured || part.outcome == Rewrite::Optimized,
                "{name}: {part}"
            );
            if let Rewrite::Kept(why) = &part.outcome {
                assert!(!why.trim().is_empty(), "{name}: {part}");
                // Kept nests are left exactly as written, without a comment.
                assert!(!out.text.contains(&format!("// optimist: {why}")), "{name}");
            }
        }
        assert!(
            out.summary()
                .starts_with(&format!("{} looked at", out.parts.len()))
        );
        found += out.parts.len();
        restructured += out.parts.iter().filter(|p| p.restructured).count();
        optimized += out
            .parts
            .iter()
            .filter(|p| p.outcome == Rewrite::Optimized)
            .count();
        // Modeled: optimized, or kept because the plan adds nothing for C (by design).
        modeled += out
            .parts
            .iter()
            .filter(|p| match &p.outcome {
                Rewrite::Optimized => true,
                Rewrite::Kept(why) => why.contains("adds nothing"),
            })
            .count();
        // Outside the replaced nests and the kernels before their functions, the lines are
        // the original's, in order.
        let mut lines = out.text.lines();
        for l in text
            .lines()
            .filter(|l| l.trim_start().starts_with("#include") || l.starts_with("int main"))
        {
            assert!(lines.any(|m| m == l), "{name}: `{l}` lost");
        }
        let Some(cc) = common::cc() else { continue };
        let rewritten = with_version_report(&out);
        for other in common::c_compilers().iter().filter(|c| **c != cc) {
            if let Err(e) = common::compiles(other, &rewritten) {
                panic!("{name}: {other}: {e}");
            }
        }
        let source = scratch.join(format!("{name}_ours.c"));
        std::fs::write(&source, &rewritten).unwrap();
        let original = run(&cc, &file, &scratch.join(format!("{name}_original")), &[]);
        let (ours, report) = run_both(&cc, &source, &scratch.join(format!("{name}_ours")), &[]);
        assert_eq!(ours, original, "{name}");
        if out.parts.iter().any(|p| p.kernel.is_some()) {
            assert!(
                report.contains("optimist version 1"),
                "{name}: the optimized code did not run"
            );
        }
    }
    eprintln!(
        "{found} nests in {} programs: {modeled} modeled, {optimized} optimized, {restructured} restructured",
        programs.len()
    );
    // Most regions gain lanes, threads or registers in the program's order; some are
    // reordered, tiled or blocked (the frame loop of `imgpipe.c`, kmeans's distances).
    assert!(
        restructured > 0 && restructured < optimized,
        "{restructured} of {optimized} restructured"
    );
    assert!(modeled * 4 >= found * 3, "{modeled} of {found} modeled");
    assert!(optimized * 2 >= found, "{optimized} of {found} optimized");
    let _ = std::fs::remove_dir_all(&scratch);
}

/// The collection of `tests/whole/collection/` (written for these tests by
/// `scripts/whole-collection.py`, and by hand where named `hand_*`): whole programs with
/// global, static, allocated or run-time-shaped arrays, sizes as macros, enumeration constants
/// or read from `argv`, their own `main` and printing. At least 90% are accepted whole (every
/// region optimized); each refusal carries its reason, in the report and in the file; every
/// rewritten program, compiled by `cc` (with OpenMP where it links), prints exactly what the
/// original prints; and the optimized code is what ran (the run-time check passed) in at least
/// 90% of them.
#[test]
fn the_collection_is_accepted_and_prints_what_the_originals_print() {
    let files = c_files("tests/whole/collection");
    assert!(files.len() >= 50, "{} programs", files.len());
    let scratch = std::env::temp_dir().join(format!("optimist-collection-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    let cc = common::cc();
    let openmp: &[&str] = if cc.as_deref().is_some_and(common::openmp) {
        &["-fopenmp"]
    } else {
        &[]
    };
    // (program, kept parts with reasons, whether the optimized code ran); a part whose plan
    // adds nothing for C is kept as written by design, not refused, and runs no optimized code.
    let check = |path: &PathBuf| -> (String, Vec<String>, Option<bool>) {
        let (name, text, out) = rewrite(path);
        assert!(!out.parts.is_empty(), "{name}: no region found");
        let mut kept = Vec::new();
        for part in &out.parts {
            if let Rewrite::Kept(why) = &part.outcome {
                assert!(
                    out.text.contains(&format!("// optimist: {why}\n")),
                    "{name}"
                );
                if why.contains("adds nothing") {
                    continue;
                }
                assert!(
                    !why.trim().is_empty(),
                    "{name}: {part} kept without a reason"
                );
                assert!(
                    out.text.contains(&format!("// optimist: {why}\n")),
                    "{name}"
                );
                kept.push(format!("{part}: {why}"));
            }
        }
        untouched_outside(&name, &text, &out);
        let Some(cc) = &cc else {
            return (name, kept, None);
        };
        let optimized = out.parts.iter().any(|p| p.outcome == Rewrite::Optimized);
        // Which version the last kernel's last call ran, on standard error at exit.
        let rewritten = with_version_report(&out);
        let source = scratch.join(format!("{name}.c"));
        std::fs::write(&source, &rewritten).unwrap();
        // The other C compilers at hand (clang) accept the rewritten file at default flags.
        for other in common::c_compilers().iter().filter(|c| *c != cc) {
            if let Err(e) = common::compiles(other, &rewritten) {
                panic!("{name}: {other}: {e}");
            }
        }
        let original = run(cc, path, &scratch.join(format!("{name}_original")), &[]);
        let (ours, report) = run_both(cc, &source, &scratch.join(format!("{name}_ours")), openmp);
        assert_eq!(ours, original, "{name}");
        assert!(!original.is_empty(), "{name}");
        let ran = report.contains("optimist version 1");
        // `None` where nothing was optimized (every part kept as written or refused).
        (name, kept, optimized.then_some(ran))
    };
    // Two at a time: each program is two compilations and two runs.
    let results: Vec<_> = std::thread::scope(|s| {
        let (even, odd): (Vec<_>, Vec<_>) = files.iter().enumerate().partition(|(k, _)| k % 2 == 0);
        let other = s.spawn(|| odd.into_iter().map(|(_, p)| check(p)).collect::<Vec<_>>());
        let mut mine: Vec<_> = even.into_iter().map(|(_, p)| check(p)).collect();
        mine.extend(other.join().unwrap());
        mine
    });
    let refused: Vec<_> = results.iter().filter(|r| !r.1.is_empty()).collect();
    for (name, kept, _) in &refused {
        eprintln!("{name}: {}", kept.join("; "));
    }
    let accepted = results.len() - refused.len();
    eprintln!("accepted {accepted} of {}", results.len());
    assert!(
        accepted * 10 >= results.len() * 9,
        "accepted {accepted} of {}",
        results.len()
    );
    // The OpenMP pragma inside a region is named where the region was (with the optimized
    // version written even where it adds nothing: by default the region is kept as written,
    // its pragma with it).
    let omp = std::fs::read_to_string(dir_of("hand_omp")).unwrap();
    let kept = rewrite(&dir_of("hand_omp")).2.text;
    assert!(
        kept.contains(
            "adds nothing the C compiler does not do\n#pragma scop\n#pragma omp parallel for\n"
        ),
        "{kept}"
    );
    let config = Config {
        target: Some(optimist::Target {
            as_written: false,
            ..optimist::Target::c()
        }),
        ..Config::default()
    };
    let path = dir_of("hand_omp");
    let out = optimist::rewrite_c(
        &path.display().to_string(),
        &omp,
        path.parent(),
        &Default::default(),
        &[],
        &config,
    )
    .unwrap();
    assert!(omp.contains("#pragma omp parallel for"));
    assert!(
        out.text
            .contains("/* optimist: ignored in the region: #pragma omp parallel for"),
        "{}",
        out.text
    );
    // The two regions written to be refused are, for the reasons they were written for.
    for (program, reason) in [
        ("hand_refused_call", "unknown function `printf`"),
        ("hand_refused_search", "loop must count"),
    ] {
        let r = results.iter().find(|r| r.0 == program).unwrap();
        assert!(
            r.1.iter().any(|k| k.contains(reason)),
            "{program}: {:?}",
            r.1
        );
    }
    if cc.is_some() {
        let ran: Vec<_> = results.iter().filter(|r| r.2 == Some(true)).collect();
        let with_optimized = results.iter().filter(|r| r.2.is_some()).count();
        let fell_back: Vec<_> = results
            .iter()
            .filter(|r| r.1.is_empty() && r.2 == Some(false))
            .map(|r| r.0.as_str())
            .collect();
        eprintln!(
            "the optimized code ran in {} of {with_optimized} (of {}); the fallback in {fell_back:?}",
            ran.len(),
            results.len()
        );
        assert!(
            with_optimized * 2 >= results.len(),
            "{with_optimized} of {}",
            results.len()
        );
        assert!(ran.len() * 10 >= with_optimized * 9, "{fell_back:?}");
    }
    std::fs::remove_dir_all(&scratch).ok();
}

/// Damaged programs (a line dropped, two lines swapped, a declaration's type changed, a name
/// misspelt), rewritten: `rewrite_c` answers with a file or an error, never a panic, and what it
/// writes keeps every line it did not replace. The unoptimized strategy keeps it fast; the
/// mutations are a fixed pseudo-random sequence over the collection.
#[test]
fn damaged_programs_are_answered_not_crashed_on() {
    let files = c_files("tests/whole/collection");
    let config = Config {
        strategy: optimist::Strategy::Original,
        ..Config::default()
    };
    let mut rng = common::Rng(0x9e37_79b9_7f4a_7c15);
    let (mut answered, mut refused) = (0, 0);
    for round in 0..100 {
        let path = &files[rng.below(files.len() as u64) as usize];
        let text = std::fs::read_to_string(path).unwrap();
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        let k = rng.below(lines.len() as u64) as usize;
        match rng.below(4) {
            0 => {
                lines.remove(k);
            }
            1 => {
                let other = rng.below(lines.len() as u64) as usize;
                lines.swap(k, other);
            }
            2 => {
                let l = lines[k].replacen(
                    "int ",
                    rng.pick(&["double ", "char *", "struct q ", "float "]),
                    1,
                );
                lines[k] = l;
            }
            _ => {
                let l = lines[k].replacen(
                    rng.pick(&["i", "A", "n", "j", "(", ";"]),
                    rng.pick(&["ii", "", "x[0]", "{"]),
                    1,
                );
                lines[k] = l;
            }
        }
        let damaged = lines.join("\n") + "\n";
        let name = format!("{}#{round}", path.display());
        match optimist::rewrite_c(
            &name,
            &damaged,
            path.parent(),
            &Default::default(),
            &[],
            &config,
        ) {
            Ok(out) => {
                answered += 1;
                for part in &out.parts {
                    if let Rewrite::Kept(why) = &part.outcome {
                        assert!(!why.trim().is_empty(), "{name}: {part}");
                    }
                }
            }
            Err(e) => {
                refused += 1;
                assert!(!e.to_string().trim().is_empty(), "{name}");
            }
        }
    }
    eprintln!("{answered} rewritten, {refused} refused");
    assert!(answered > 0 && refused > 0);
}

/// Calls of the file's own functions inside a found nest are inlined
/// (`tests/whole/found/helpers.c`): a time loop calling a helper that calls helpers on the
/// file's arrays becomes one kernel, optimized, whose optimized code runs and prints what the
/// original prints; a call whose helper uses a global a local of the caller hides, and one
/// given a pointer into an array, keep their nests as written, saying why.
#[test]
fn calls_of_the_files_functions_are_inlined_into_found_nests() {
    let path = Path::new("tests/whole/found/helpers.c");
    let (_, text, out) = rewrite(path);
    let part = |line: u32| {
        out.parts
            .iter()
            .find(|p| p.region == Some(line))
            .unwrap_or_else(|| panic!("no region at line {line}: {out:?}"))
    };
    let steps = part(52);
    assert_eq!(steps.outcome, Rewrite::Optimized, "{steps}");
    let kernel = steps.kernel.clone().unwrap();
    // Functions with a value, defined after main, inlined where a declaration and an
    // assignment take their values: the region is read (its plan, a sum into `e` kept in a
    // register, adds nothing the C compiler does not do: kept as written).
    assert!(
        matches!(&part(75).outcome, Rewrite::Optimized)
            || matches!(&part(75).outcome, Rewrite::Kept(why) if why.contains("adds nothing")),
        "{}",
        part(75)
    );
    assert!(
        matches!(&part(61).outcome, Rewrite::Kept(why) if why.contains("`total`, which a declaration of the caller hides")),
        "{:?}",
        part(61).outcome
    );
    assert!(
        matches!(&part(68).outcome, Rewrite::Kept(why) if why.contains("helpers.c:69:5") && why.contains("not an array or a row of one")),
        "{:?}",
        part(68).outcome
    );
    // A helper given a struct by its address (`step(&st)`, members through `s->`): the
    // struct's members are the kernel's variables.
    let (_, _, with_struct) = rewrite(Path::new("tests/whole/found/struct_ptr.c"));
    let time_loop = with_struct
        .parts
        .iter()
        .find(|p| p.region == Some(30))
        .unwrap();
    assert_eq!(time_loop.outcome, Rewrite::Optimized, "{time_loop}");
    prints_the_same_and_runs_optimized("helpers", &text, &out, &kernel);
}

/// The configuration for C built without OpenMP (`optimist c --threads 1`): no loop marked
/// parallel.
fn c_without_threads() -> Config {
    Config {
        target: Some(optimist::Target {
            threads: false,
            ..optimist::Target::c()
        }),
        ..Config::default()
    }
}

/// Compiles the original `text` and its rewriting `out` (program `name`), runs both, checks
/// they print the same and that `kernel` ran its optimized code (its last call).
fn prints_the_same_and_runs_optimized(
    name: &str,
    text: &str,
    out: &optimist::Rewritten,
    kernel: &str,
) {
    let Some(cc) = common::cc() else { return };
    let scratch = std::env::temp_dir().join(format!("optimist-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    let mut rewritten = out.text.clone();
    rewritten.push_str(&format!("static void __attribute__((destructor)) optimist_report(void) {{ fprintf(stderr, \"optimist version %d\\n\", {kernel}_version); }}\n"));
    let (source, original) = (
        scratch.join(format!("{name}_ours.c")),
        scratch.join(format!("{name}.c")),
    );
    std::fs::write(&source, &rewritten).unwrap();
    std::fs::write(&original, text).unwrap();
    let expected = run(
        &cc,
        &original,
        &scratch.join(format!("{name}_original")),
        &[],
    );
    let (ours, report) = run_both(&cc, &source, &scratch.join(format!("{name}_ours")), &[]);
    assert_eq!(ours, expected, "{name}");
    assert!(report.contains("optimist version 1"), "{name}: {report}");
    let _ = std::fs::remove_dir_all(&scratch);
}

/// A time loop that prints cannot be a region; its steps can (`tests/whole/found/nbody.c`):
/// `forces();` (a helper's nests, inlined) is a region of its own inside the loop, optimized,
/// and its optimized code runs; the printing statement is not a region.
#[test]
fn the_steps_of_a_loop_that_prints_are_regions() {
    let path = Path::new("tests/whole/found/nbody.c");
    let (_, text, out) = rewrite(path);
    let part = |line: u32| out.parts.iter().find(|p| p.region == Some(line));
    assert!(
        matches!(&part(53).unwrap().outcome, Rewrite::Kept(why) if why.contains("nbody.c:57:7") && why.contains("`printf`")),
        "{out:?}"
    );
    let step = part(54).unwrap();
    assert_eq!(step.outcome, Rewrite::Optimized, "{step}");
    prints_the_same_and_runs_optimized("nbody", &text, &out, step.kernel.as_ref().unwrap());
}

/// Files that are only statements (`tests/whole/statements/`, variables undeclared, as the
/// tests of some polyhedral tools are written): each is read as a function of its free
/// variables and optimized; called by the same C `main` (built from the parameters the reading
/// gives), the rewritten function computes exactly what the statements compute under the same
/// signature, compiled by `cc` as they are.
#[test]
fn files_of_statements_are_read_as_functions_of_their_free_variables() {
    use optimist_scop::frontend::StatementsParam as P;
    let scratch = std::env::temp_dir().join(format!("optimist-statements-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    let cc = common::cc();
    for path in c_files("tests/whole/statements") {
        let (name, text, out) = rewrite(&path);
        assert_eq!(out.parts.len(), 1, "{name}");
        // gather's check needs the extent of `x`'s buffer, which C is not given: found at
        // compile time, the statements stay as written.
        if name == "gather" {
            assert!(
                matches!(&out.parts[0].outcome, Rewrite::Kept(why) if why.contains("would never pass")),
                "{:?}",
                out.parts[0].outcome
            );
            continue;
        }
        assert_eq!(out.parts[0].outcome, Rewrite::Optimized, "{name}");
        let st = optimist_scop::frontend::statements(
            &path.display().to_string(),
            &text,
            None,
            &Default::default(),
        )
        .unwrap();
        assert_eq!(st.function, name);
        assert!(out.text.contains(&format!("void {name}(")), "{name}");
        let Some(cc) = &cc else { continue };
        // A main calling the function on buffers large enough for the subscripts these
        // statements take at these sizes, printing a hash of every array.
        let lengths: Vec<(String, usize)> = st
            .params
            .iter()
            .filter_map(|p| match p {
                P::Length { name, .. } => Some((name.clone(), 30)),
                _ => None,
            })
            .collect();
        let mut main = String::from("#include <stdio.h>\n#include <stdlib.h>\n");
        main.push_str(&format!(
            "{}\n",
            st.source.lines().next().unwrap().replace(" {", ";")
        ));
        main.push_str(
            "int main(void) {\n  unsigned long long optimist_hash = 14695981039346656037ull;\n",
        );
        let mut args = Vec::new();
        for p in &st.params {
            match p {
                P::Scalar { name, ty } => {
                    let v = if ty == "int" { "24" } else { "1.25" };
                    main.push_str(&format!("  {ty} {name} = {v};\n"));
                    args.push(name.clone());
                }
                P::Length { name, .. } => {
                    main.push_str(&format!("  int {name} = 30;\n"));
                    args.push(name.clone());
                }
                P::Array { name, ty, rank } => {
                    let elems = 64
                        * lengths
                            .iter()
                            .filter(|(l, _)| l.starts_with(&format!("{name}_dim")))
                            .map(|(_, n)| n)
                            .product::<usize>();
                    assert_eq!(
                        lengths
                            .iter()
                            .filter(|(l, _)| l.starts_with(&format!("{name}_dim")))
                            .count(),
                        rank - 1
                    );
                    let init = if ty == "int" {
                        "k % 16"
                    } else {
                        "(k % 13) / 13.0 + 0.5"
                    };
                    main.push_str(&format!("  {ty} *{name} = malloc(sizeof({ty}) * {elems});\n  for (int k = 0; k < {elems}; k++) {name}[k] = {init};\n"));
                    args.push(format!("(void *){name}"));
                }
            }
        }
        main.push_str(&format!("  {}({});\n", st.function, args.join(", ")));
        for p in &st.params {
            if let P::Array { name, ty, .. } = p {
                let elems = 64
                    * lengths
                        .iter()
                        .filter(|(l, _)| l.starts_with(&format!("{name}_dim")))
                        .map(|(_, n)| n)
                        .product::<usize>();
                main.push_str(&format!("  for (size_t optimist_byte = 0; optimist_byte < sizeof({ty}) * {elems}; optimist_byte++) {{ optimist_hash ^= ((unsigned char *){name})[optimist_byte]; optimist_hash *= 1099511628211ull; }}\n"));
            }
        }
        main.push_str("  printf(\"%016llx\\n\", optimist_hash);\n  return 0;\n}\n");
        let harness = scratch.join(format!("{name}_main.c"));
        std::fs::write(&harness, &main).unwrap();
        let faithful = scratch.join(format!("{name}_faithful.c"));
        std::fs::write(&faithful, format!("#include <math.h>\n{}", st.source)).unwrap();
        let ours = scratch.join(format!("{name}_ours.c"));
        std::fs::write(&ours, &out.text).unwrap();
        let build_and_run = |source: &Path, exe: &str| {
            let exe = scratch.join(exe);
            let b = Command::new(cc)
                .args(["-O2", "-ffp-contract=off", "-o"])
                .arg(&exe)
                .arg(&harness)
                .arg(source)
                .arg("-lm")
                .output()
                .unwrap();
            assert!(
                b.status.success(),
                "{name}: {}",
                String::from_utf8_lossy(&b.stderr)
            );
            let r = Command::new(&exe).output().unwrap();
            assert!(r.status.success(), "{name}");
            String::from_utf8_lossy(&r.stdout).into_owned()
        };
        let want = build_and_run(&faithful, &format!("{name}_faithful"));
        assert_eq!(
            build_and_run(&ours, &format!("{name}_ours")),
            want,
            "{name}"
        );
    }
    std::fs::remove_dir_all(&scratch).ok();
}

/// Programs of several files (`tests/whole/programs/*/`: files with regions, `static` kernels
/// of one name in two files, regions among statements on global arrays, block-local arrays
/// of one name in bodies the strategy transforms, a `main` without a region): every file is
/// rewritten, every region and function with a region is optimized, the rewritten files link
/// with each other under every C compiler at hand with its default flags (gcc 10 and later
/// compile with `-fno-common`), each program prints what the original prints, and each
/// kernel's `NAME_version` says its optimized code ran.
#[test]
fn rewritten_files_of_one_program_link_together() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/whole/programs");
    let mut programs: Vec<PathBuf> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .collect();
    programs.sort();
    assert!(programs.len() >= 3, "{programs:?}");
    let compilers = common::c_compilers();
    let mut total = 0;
    for dir in &programs {
        let program = dir.file_name().unwrap().to_string_lossy().into_owned();
        let scratch =
            std::env::temp_dir().join(format!("optimist-program-{program}-{}", std::process::id()));
        let (original, rewritten) = (scratch.join("original"), scratch.join("rewritten"));
        std::fs::create_dir_all(&original).unwrap();
        std::fs::create_dir_all(&rewritten).unwrap();
        let mut files: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        files.sort();
        let mut sources = Vec::new();
        let mut kernels = Vec::new();
        for file in &files {
            let text = std::fs::read_to_string(dir.join(file)).unwrap();
            std::fs::write(original.join(file), &text).unwrap();
            if !file.ends_with(".c") {
                std::fs::write(rewritten.join(file), &text).unwrap();
                continue;
            }
            sources.push(file.clone());
            let out = optimist::rewrite_c(
                file,
                &text,
                Some(dir),
                &Default::default(),
                &[],
                &Config::default(),
            )
            .unwrap();
            let mine: Vec<&String> = out.parts.iter().filter_map(|p| p.kernel.as_ref()).collect();
            // Kept as written by design (a sum read after its loop adds nothing for C).
            let as_written = (out.parts.iter())
                .filter(
                    |p| matches!(&p.outcome, Rewrite::Kept(why) if why.contains("adds nothing")),
                )
                .count();
            assert_eq!(
                mine.len() + as_written,
                out.parts.len(),
                "{program}/{file}: every part is optimized or adds nothing: {:?}",
                out.parts
            );
            let mut text = out.text.clone();
            if !mine.is_empty() {
                // Which code each kernel's last call ran, on standard error at exit.
                text.push_str("#include <stdio.h>\nstatic void __attribute__((destructor)) optimist_report(void) {\n");
                for k in &mine {
                    text.push_str(&format!(
                        "  fprintf(stderr, \"{file} {k} %d\\n\", {k}_version);\n"
                    ));
                    kernels.push(format!("{file} {k} 1"));
                }
                text.push_str("}\n");
            }
            std::fs::write(rewritten.join(file), text).unwrap();
        }
        assert!(
            sources.len() >= 3 && kernels.len() >= 3,
            "{program}: {kernels:?}"
        );
        total += kernels.len();
        for cc in &compilers {
            let build = |from: &Path| {
                let exe = from.join(format!("program-{}", cc.replace('/', "_")));
                let out = Command::new(cc)
                    .current_dir(from)
                    .args(&sources)
                    .arg("-o")
                    .arg(&exe)
                    .arg("-lm")
                    .output()
                    .unwrap();
                assert!(
                    out.status.success(),
                    "{program}: {cc} in {}: {}",
                    from.display(),
                    String::from_utf8_lossy(&out.stderr)
                );
                let run = Command::new(&exe).output().unwrap();
                assert!(run.status.success(), "{program}: {cc}: {}", exe.display());
                (
                    String::from_utf8_lossy(&run.stdout).into_owned(),
                    String::from_utf8_lossy(&run.stderr).into_owned(),
                )
            };
            let (expected, _) = build(&original);
            let (ours, versions) = build(&rewritten);
            assert_eq!(ours, expected, "{program}: {cc}");
            assert!(!expected.is_empty(), "{program}");
            for k in &kernels {
                assert!(
                    versions.lines().any(|l| l == k),
                    "{program}: {cc}: {k} not in {versions}"
                );
            }
        }
        std::fs::remove_dir_all(&scratch).ok();
    }
    eprintln!(
        "{total} kernels in {} programs, linked with {compilers:?}",
        programs.len()
    );
}

/// Every reason a region is kept names the user's file and line: an error in what the
/// region's kernel is made of (a variable of a type the front end does not read) names the
/// region's `#pragma scop` line, one in the region its own line; no internal text leaks.
#[test]
fn reasons_name_the_users_file_and_line() {
    let src = "#include <stdio.h>\ntypedef _Bool flag;\ndouble A[10];\nint main(void) {\n  flag p = 1;\n  int i;\n  for (i = 0; i < 10; i++)\n    A[i] = i;\n#pragma scop\n  for (i = 0; i < 10; i++)\n    A[i] = A[i] * p;\n#pragma endscop\n#pragma scop\n  for (i = 0; i < 10; i++)\n    A[i] = A[i] + 1.0;\n  for (i = 0; i < 10; i++)\n    A[i] += A[i] >> 2;\n#pragma endscop\n  printf(\"%f\\n\", A[3]);\n  return 0;\n}\n";
    let out = optimist::rewrite_c(
        "dir/loc.c",
        src,
        None,
        &Default::default(),
        &[],
        &Config::default(),
    )
    .unwrap();
    let reasons: Vec<&String> = out
        .parts
        .iter()
        .filter_map(|p| match &p.outcome {
            Rewrite::Kept(why) => Some(why),
            Rewrite::Optimized => None,
        })
        .collect();
    assert_eq!(reasons.len(), 2, "{:?}", out.parts);
    assert!(reasons[0].starts_with("dir/loc.c:9:1: "), "{}", reasons[0]);
    assert!(reasons[0].contains("`flag`"), "{}", reasons[0]);
    assert!(reasons[1].starts_with("dir/loc.c:17:"), "{}", reasons[1]);
    for why in reasons {
        assert!(!why.contains('<') && !why.contains("optimist:"), "{why}");
    }
}

/// For C, a loop whose dependences between its statements go forward in its body (a read of
/// what a later statement overwrites, one or two iterations ahead) runs in the C compiler's
/// lanes as written, and a parallel loop alone (which runs on one thread where the C is
/// compiled without OpenMP, as the program was) does not split it: the region is kept as
/// written, where isl's schedule of two parallel loops ran 0.81-0.89x with gcc and clang. A
/// later statement that reads what an earlier one wrote one iteration before is another
/// matter (vectorized, its read would load what the lanes just stored, one element off): its
/// loops are split as before. Native code, which runs lanes only where no dependence is
/// carried, still splits both. And a scalar forwarded into its own iteration changes nothing the
/// C compiler does not do either: that region is kept too.
#[test]
fn for_c_threads_alone_do_not_split_a_loop_whose_dependences_go_forward() {
    let text = "#define LEN 4096\nstatic float u[LEN], v[LEN], w[LEN], x[LEN], y[LEN], z[LEN];\n\
        void ahead(void) {\n  int k;\n#pragma scop\n  for (k = 0; k < LEN - 2; k++) { x[k] = v[k + 2] * 0.5f - w[k]; v[k] = y[k] + z[k]; u[k] = v[k] * w[k]; }\n#pragma endscop\n}\n\
        void behind(void) {\n  int k;\n#pragma scop\n  for (k = 1; k < LEN; k++) { u[k] = y[k] * z[k]; x[k] = u[k] - u[k - 1]; }\n#pragma endscop\n}\n\
        void scalar(void) {\n  int k;\n  float t;\n#pragma scop\n  for (k = 0; k < LEN; k++) { t = y[k] * z[k]; x[k] = t + w[k]; u[k] = t - w[k]; }\n#pragma endscop\n}\n";
    let out = optimist::rewrite_c(
        "f.c",
        text,
        None,
        &Default::default(),
        &[],
        &Config::default(),
    )
    .unwrap();
    let outcome = |f: &str| {
        &out.parts
            .iter()
            .find(|p| p.function == f)
            .unwrap_or_else(|| panic!("{f}: {:?}", out.parts))
            .outcome
    };
    assert!(
        matches!(outcome("ahead"), optimist::Rewrite::Kept(why) if why.contains("adds nothing")),
        "{:?}",
        outcome("ahead")
    );
    assert_eq!(outcome("behind"), &optimist::Rewrite::Optimized);
    // A scalar whose value DeLICM forwards into the same iteration: the C compiler's
    // registers do as much (`PassReport::compiler_does`).
    assert!(
        matches!(outcome("scalar"), optimist::Rewrite::Kept(why) if why.contains("adds nothing")),
        "{:?}",
        outcome("scalar")
    );
    // The departure that kept it, as `show ast` prints it.
    let f = optimist::scop::frontend::parse_source(
        "g.c",
        "void ahead(float u[32768], float v[32768], float w[32768], float x[32768], float y[32768], float z[32768]) {\n  for (int k = 0; k < 32768 - 2; k++) { x[k] = v[k + 2] * 0.5f - w[k]; v[k] = y[k] + z[k]; u[k] = v[k] * w[k]; }\n}\n",
        None,
        &Default::default(),
    )
    .unwrap();
    let config = Config {
        target: Some(optimist::Target::c()),
        ..Config::default()
    };
    let plan = optimist::optimize(&f, &config)
        .unwrap()
        .plan()
        .unwrap()
        .clone();
    assert!(
        plan.transformation
            .contains("the marks tie but for isl's schedule's parallel loop"),
        "{}",
        plan.transformation
    );
    let native = optimist::optimize(&f, &Config::default()).unwrap();
    assert!(
        native.plan().unwrap().restructures(),
        "{}",
        native.plan().unwrap().transformation
    );
}

/// For C built without OpenMP (`Target::c` without threads: `optimist c --threads 1`), a
/// region whose only change would be a parallel mark is kept as written: the mark would be an
/// ignored pragma, and the rewrite a function call and a run-time check around the program's
/// loops. With threads (the default), the same region is optimized with its parallel loop; a
/// region whose loops are restructured is optimized either way.
#[test]
fn for_c_without_threads_a_parallel_mark_alone_keeps_the_region_as_written() {
    let text = "#define N 512\nstatic double A[N][N], B[N][N], C[N][N], D[N][N];\n\
        void sweep(void) {\n  int i, j;\n#pragma scop\n  for (i = 1; i < N - 1; i++)\n    for (j = 1; j < N - 1; j++)\n      B[i][j] = 0.2 * (A[i][j] + A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]);\n  for (i = 1; i < N - 1; i++)\n    for (j = 1; j < N - 1; j++)\n      A[i][j] = B[i][j];\n#pragma endscop\n}\n\
        void columns(void) {\n  int i, j;\n#pragma scop\n  for (j = 0; j < N; j++)\n    for (i = 1; i < N; i++)\n      C[i][j] = C[i - 1][j] + D[i][j];\n#pragma endscop\n}\n";
    let rewrite = |config: &Config| {
        optimist::rewrite_c("f.c", text, None, &Default::default(), &[], config).unwrap()
    };
    let outcome = |out: &optimist::Rewritten, f: &str| {
        out.parts
            .iter()
            .find(|p| p.function == f)
            .unwrap_or_else(|| panic!("{f}: {:?}", out.parts))
            .outcome
            .clone()
    };
    let threads = rewrite(&Config::default());
    assert_eq!(outcome(&threads, "sweep"), optimist::Rewrite::Optimized);
    // The pragma of a parallel loop (the prelude defines macros of `omp` words either way).
    let parallel = |text: &str| {
        text.lines()
            .any(|l| l.trim_start().starts_with("#pragma omp parallel"))
    };
    assert!(parallel(&threads.text), "{}", threads.text);
    let alone = c_without_threads();
    let one = rewrite(&alone);
    assert!(
        matches!(outcome(&one, "sweep"), optimist::Rewrite::Kept(why) if why.contains("adds nothing")),
        "{:?}",
        outcome(&one, "sweep")
    );
    assert!(!parallel(&one.text), "{}", one.text);
    // The column recurrence is interchanged (rows inner would be a recurrence in lanes):
    // restructured, so optimized with or without threads.
    assert_eq!(outcome(&one, "columns"), optimist::Rewrite::Optimized);
}

/// For C, a loop whose second statement's read runs one iteration behind the first statement's
/// read of the same array (`a[i] = b[i - 1] + c[i]; b[i] = b[i + 1] - d[i];`: the value read is
/// the one the second statement stored the iteration before) runs in no compiler's lanes as
/// written: the second statement's dependence on itself is anti only (a read of what a later
/// iteration overwrites), which lanes keep, so the schedule that runs it one iteration ahead
/// counts as in lanes. isl puts that shifted statement under a guard inside the loop, where
/// neither gcc nor clang vectorizes it; the loop is separated instead (its first and last
/// iterations peeled), and the rewritten program prints what the original prints, with its
/// optimized code run.
#[test]
fn for_c_a_statement_shifted_by_an_iteration_is_peeled_not_guarded() {
    let text = "#include <stdio.h>\n#define LEN 4096\nstatic double a[LEN], b[LEN], c[LEN], d[LEN];\n\
        void shifted(void) {\n  int i;\n#pragma scop\n  for (i = 1; i < LEN - 1; i++) { a[i] = b[i - 1] + c[i]; b[i] = b[i + 1] - d[i]; }\n#pragma endscop\n}\n\
        int main(void) {\n  int i;\n  double s = 0;\n  for (i = 0; i < LEN; i++) { b[i] = i % 7 - 3; c[i] = i % 5 * 0.25; d[i] = i % 3 * 0.5; }\n  shifted();\n  for (i = 0; i < LEN; i++) s = s * 0.5 + a[i] + b[i] * 3;\n  printf(\"%.17g\\n\", s);\n  return 0;\n}\n";
    let alone = c_without_threads();
    let out = optimist::rewrite_c("f.c", text, None, &Default::default(), &[], &alone).unwrap();
    let part = (out.parts.iter().find(|p| p.function == "shifted")).expect("the region");
    assert_eq!(
        part.outcome,
        optimist::Rewrite::Optimized,
        "{:?}",
        out.parts
    );
    assert!(part.restructured, "{}", out.text);
    // The optimized function: one loop, no condition in it.
    let optimized = out
        .text
        .split("_optimized(void) {")
        .nth(1)
        .and_then(|t| t.split("\n}\n").next())
        .unwrap_or_else(|| panic!("{}", out.text));
    assert_eq!(optimized.matches("for (").count(), 1, "{optimized}");
    assert!(!optimized.contains("if ("), "{optimized}");
    prints_the_same_and_runs_optimized("shifted", text, &out, part.kernel.as_deref().unwrap());
}

/// A wrap-around scalar (`x = b[i]` at the end of the body, read before it: the value of the
/// iteration before) keeps a loop in order as written, and gcc 12 does not vectorize it. The
/// front end peels the first iteration and reads `b[i - 1]` in the others (`frontend::wrap`):
/// for C without threads the region is optimized (its loops are not the program's), its loop
/// reads no scalar carried between iterations, and the rewritten program prints what the
/// original prints with its optimized code run.
#[test]
fn for_c_a_wrap_around_scalar_is_read_from_the_iteration_before() {
    let text = "#include <stdio.h>\n#define LEN 4096\nstatic float a[LEN], b[LEN];\n\
        void smooth(void) {\n  int i, im1;\n  float x;\n#pragma scop\n  x = b[LEN - 1];\n  im1 = LEN - 2;\n  for (i = 0; i < LEN; i++) { a[i] = (b[i] + x) * 0.5f + b[im1] * 0.25f; im1 = i; x = b[i]; }\n#pragma endscop\n  printf(\"%.9g %d\\n\", x, im1);\n}\n\
        int main(void) {\n  int i;\n  double s = 0;\n  for (i = 0; i < LEN; i++) b[i] = (float)(i % 13) - 6.5f;\n  smooth();\n  for (i = 0; i < LEN; i++) s = s * 0.5 + a[i];\n  printf(\"%.17g\\n\", s);\n  return 0;\n}\n";
    let alone = c_without_threads();
    let out = optimist::rewrite_c("w.c", text, None, &Default::default(), &[], &alone).unwrap();
    let part = (out.parts.iter().find(|p| p.function == "smooth")).expect("the region");
    assert_eq!(
        part.outcome,
        optimist::Rewrite::Optimized,
        "{:?}",
        out.parts
    );
    let optimized = out
        .text
        .split("_optimized(")
        .nth(1)
        .and_then(|t| t.split("\n}\n").next())
        .unwrap_or_else(|| panic!("{}", out.text));
    // The loop over all but the first iteration reads `b` one element back, not the scalars.
    assert!(optimized.contains("- 1L)]"), "{optimized}");
    prints_the_same_and_runs_optimized("wrap", text, &out, part.kernel.as_deref().unwrap());
}

/// When the automatic strategy gives up (isl's scheduler fails, or its budget runs out: here a
/// budget of one operation), its fallback, the program's order, is its decision: C that adds
/// nothing else keeps the program's code. Before, such a region was rewritten with the
/// passes' changes alone (a crossing loop, `x = a[N - 1 - i] + b[i] * c[i]; a[i] = x - 1; b[i]
/// = x;`, where isl cannot carry the dependences, had `x`'s expression computed twice and ran
/// 0.93x with gcc).
#[test]
fn for_c_the_strategys_fallback_keeps_a_region_as_written() {
    let text = "#define LEN 4096\nstatic float a[LEN], b[LEN], c[LEN];\n\
        void cross(void) {\n  int i;\n  float x;\n#pragma scop\n  for (i = 0; i < LEN; i++) { x = a[LEN - i - 1] + b[i] * c[i]; a[i] = x - 1.0f; b[i] = x; }\n#pragma endscop\n}\n\
        void plain(void) {\n  int i;\n#pragma scop\n  for (i = 0; i < LEN; i++) a[i] = b[i] + c[i];\n#pragma endscop\n}\n";
    let target = Some(optimist::Target {
        threads: false,
        ..optimist::Target::c()
    });
    let mut starved = Config {
        target: target.clone(),
        ..Config::default()
    };
    starved.budgets.strategy = 1;
    for config in [
        Config {
            target,
            ..Config::default()
        },
        starved,
    ] {
        let out =
            optimist::rewrite_c("x.c", text, None, &Default::default(), &[], &config).unwrap();
        for f in ["cross", "plain"] {
            let part = out.parts.iter().find(|p| p.function == f).expect(f);
            assert!(
                matches!(&part.outcome, optimist::Rewrite::Kept(why) if why.contains("adds nothing")),
                "{f} (strategy budget {}): {:?}",
                config.budgets.strategy,
                part.outcome
            );
        }
    }
}

/// A scalar a region writes and the function reads after it is taken by the region's kernel as
/// a one-element array (`optimist_io_s`). Kept in a register across the loop, or with the
/// scalar's value mapped onto it by DeLICM, it is the program's own variable again, which the
/// C compiler keeps in a register itself: such a plan adds nothing, and the region is kept as
/// written (a sum read after its loop, and the crossing loop of the test above with its scalar
/// read after it, which the rewrite ran at 0.83x with gcc). A region that changes more is
/// still rewritten (its wrap-around scalar peeled).
#[test]
fn for_c_a_regions_scalars_in_registers_add_nothing() {
    let text = "#define LEN 4096\nstatic float a[LEN], b[LEN], c[LEN];\nfloat seen;\n\
        void sum(void) {\n  int i;\n  float s = 0;\n#pragma scop\n  for (i = 0; i < LEN; i++) s += a[i] * b[i];\n#pragma endscop\n  seen = s;\n}\n\
        void cross(void) {\n  int i;\n  float x = 0;\n#pragma scop\n  for (i = 0; i < LEN; i++) { x = a[LEN - i - 1] + b[i] * c[i]; a[i] = x - 1.0f; b[i] = x; }\n#pragma endscop\n  seen = x;\n}\n\
        void wrap(void) {\n  int i;\n  float x = 0;\n#pragma scop\n  for (i = 0; i < LEN; i++) { a[i] = b[i] + x; x = b[i]; }\n#pragma endscop\n  seen = x;\n}\n";
    let config = Config {
        target: Some(optimist::Target {
            threads: false,
            ..optimist::Target::c()
        }),
        ..Config::default()
    };
    let out = optimist::rewrite_c("s.c", text, None, &Default::default(), &[], &config).unwrap();
    let outcome = |f: &str| &out.parts.iter().find(|p| p.function == f).expect(f).outcome;
    for f in ["sum", "cross"] {
        assert!(
            matches!(outcome(f), optimist::Rewrite::Kept(why) if why.contains("adds nothing")),
            "{f}: {:?}",
            outcome(f)
        );
    }
    assert_eq!(outcome("wrap"), &optimist::Rewrite::Optimized);
}

/// Rows of sums (`s += aa[i][j] * x[j]` along each row `i`, a second sum in a scalar beside
/// it) wait for each addition as written, and neither gcc nor clang may reorder them. For C the
/// rows run four at a time, unrolled and jammed (`decide`'s `rows`): four chains side by side,
/// each copy's sum in a local of its own, the last rows (254 is not a multiple of four) as
/// written. Without threads and with OpenMP's, the rewritten program prints what the original
/// prints, with its optimized code run.
#[test]
fn for_c_rows_of_sums_run_four_at_a_time() {
    let text = "#include <stdio.h>\n#define LEN 254\n#define M 300\nstatic double aa[LEN][M], bb[LEN][M], x[M], r[LEN], y[LEN];\n\
        void rows(void) {\n  int i, j;\n  double s, t;\n#pragma scop\n  for (i = 0; i < LEN; i++) {\n    s = 0;\n    t = 1;\n    for (j = 0; j < M; j++) { s += aa[i][j] * x[j]; t = t + bb[i][j]; }\n    r[i] = s;\n    y[i] = s * 0.5 + t;\n  }\n#pragma endscop\n}\n\
        int main(void) {\n  int i, j;\n  double h = 0;\n  for (i = 0; i < LEN; i++) for (j = 0; j < M; j++) { aa[i][j] = (i * 7 + j * 3) % 11 * 0.1; bb[i][j] = (i + j) % 5 - 2.25; }\n  for (j = 0; j < M; j++) x[j] = j % 9 * 0.3;\n  rows();\n  for (i = 0; i < LEN; i++) h = h * 0.75 + r[i] + y[i] * 3;\n  printf(\"%.17g\\n\", h);\n  return 0;\n}\n";
    for threads in [false, true] {
        let config = Config {
            target: Some(optimist::Target {
                threads,
                ..optimist::Target::c()
            }),
            ..Config::default()
        };
        let out =
            optimist::rewrite_c("r.c", text, None, &Default::default(), &[], &config).unwrap();
        let part = (out.parts.iter().find(|p| p.function == "rows")).expect("the region");
        assert_eq!(
            part.outcome,
            optimist::Rewrite::Optimized,
            "{:?}",
            out.parts
        );
        // Four copies of each sum, in locals; the scalar's copies too.
        for local in ["optimist_kept0_3 = ", "t_r3 = "] {
            assert!(out.text.contains(local), "{local}: {}", out.text);
        }
        assert_eq!(
            out.text.contains("#pragma omp parallel for private(c2_)"),
            threads,
            "{}",
            out.text
        );
        let kernel = part.kernel.as_deref().unwrap();
        if !threads {
            prints_the_same_and_runs_optimized("rows", text, &out, kernel);
            continue;
        }
        let Some(cc) = common::cc() else { return };
        let scratch = std::env::temp_dir().join(format!("optimist-rows-{}", std::process::id()));
        std::fs::create_dir_all(&scratch).unwrap();
        let mut rewritten = out.text.clone();
        rewritten.push_str(&format!("static void __attribute__((destructor)) optimist_report(void) {{ fprintf(stderr, \"optimist version %d\\n\", {kernel}_version); }}\n"));
        let (source, original) = (scratch.join("rows_ours.c"), scratch.join("rows.c"));
        std::fs::write(&source, &rewritten).unwrap();
        std::fs::write(&original, text).unwrap();
        let expected = run(&cc, &original, &scratch.join("rows_original"), &[]);
        let (ours, report) = run_both(&cc, &source, &scratch.join("rows_ours"), &["-fopenmp"]);
        assert_eq!(ours, expected);
        assert!(report.contains("optimist version 1"), "{report}");
        let _ = std::fs::remove_dir_all(&scratch);
    }
}

/// The greatest and the least value of a loop (`if (a[i] > s) s = a[i];`, `s > E` with an
/// expression, the greatest with its first position, and a matrix's greatest with both its
/// counters) wait for each test as written, and neither gcc nor clang may reorder them. For
/// C they run in 32 lanes (`decide`'s `extreme`), then the lanes are compared. The inputs hold
/// NaNs (a first one, which no test beats, and later ones, which never win), infinities, and
/// zeros of both signs as the greatest value: the program keeps the first zero it met, which
/// the lanes may not have, so a zero is found again in order. Printed with their bits, the
/// results of the rewritten program are the original's, with its optimized code run.
#[test]
fn for_c_the_greatest_and_least_values_run_in_lanes() {
    let text = "#include <stdio.h>\n#include <math.h>\n#include <string.h>\n#define N 1000\nstatic double a[N], b[N], aa[40][300];\n\
        double vmax(int n) {\n  double s;\n  int i;\n#pragma scop\n  s = a[0];\n  for (i = 1; i < n; i++) if (a[i] > s) s = a[i];\n#pragma endscop\n  return s;\n}\n\
        double vmin(int n) {\n  double s;\n  int i;\n#pragma scop\n  s = 1e300;\n  for (i = 0; i < n; i++) if (s > a[i] * b[i]) s = a[i] * b[i];\n#pragma endscop\n  return s;\n}\n\
        double vmaxidx(int n, int *where) {\n  double s;\n  int i, k;\n#pragma scop\n  s = a[0];\n  k = 0;\n  for (i = 1; i < n; i++) if (a[i] > s) { s = a[i]; k = i; }\n#pragma endscop\n  *where = k;\n  return s;\n}\n\
        double max2d(int *xi, int *yi) {\n  double s;\n  int i, j, x, y;\n#pragma scop\n  s = aa[0][0];\n  x = -1;\n  y = -1;\n  for (i = 0; i < 40; i++)\n    for (j = 0; j < 300; j++) if (aa[i][j] > s) { s = aa[i][j]; x = i; y = j; }\n#pragma endscop\n  *xi = x;\n  *yi = y;\n  return s;\n}\n\
        static void show(double x) { unsigned long long u; memcpy(&u, &x, 8); printf(\"%.17g %016llx\\n\", x, u); }\n\
        int main(void) {\n  int k, i, n;\n  for (k = 0; k < 6; k++) {\n    for (i = 0; i < N; i++) { a[i] = ((i * 37 + k * 11) % 101) - 60.5; b[i] = (i % 7) * 0.5 - 1; }\n\
        if (k == 1) for (i = 0; i < N; i++) { a[i] = (i % 3 == 0) ? 0.0 : ((i % 3 == 1) ? -0.0 : -5.0); b[i] = 1; }\n\
        if (k == 2) { a[0] = NAN; a[500] = NAN; }\n    if (k == 3) { a[700] = NAN; b[5] = -0.0; }\n    if (k == 4) { a[999] = 1e308; a[998] = INFINITY; }\n\
        if (k == 5) for (i = 0; i < N; i++) { a[i] = (i == 77) ? -0.0 : -1.0 * (i % 5 + 1); if (i > 500) a[i] = 0.0; }\n\
        for (n = 0; n <= N; n += 37) { int w; show(vmax(n)); show(vmin(n)); show(vmaxidx(n, &w)); printf(\"%d\\n\", w); }\n\
        for (i = 0; i < 40 * 300; i++) aa[i / 300][i % 300] = a[(i * 7) % N];\n    { int xi, yi; show(max2d(&xi, &yi)); printf(\"%d %d\\n\", xi, yi); }\n  }\n  return 0;\n}\n";
    let alone = c_without_threads();
    let out = optimist::rewrite_c("x.c", text, None, &Default::default(), &[], &alone).unwrap();
    for f in ["vmax", "vmin", "vmaxidx", "max2d"] {
        let part = (out.parts.iter().find(|p| p.function == f)).expect("the region");
        assert_eq!(
            part.outcome,
            optimist::Rewrite::Optimized,
            "{:?}",
            out.parts
        );
    }
    // The four loops in lanes, the two without positions with their test for a zero; the
    // greatest of the matrix with both its counters at its position.
    assert!(
        out.text.contains("if (optimist_rk != (long)(~0UL >> 1)) {"),
        "{}",
        out.text
    );
    assert_eq!(
        out.text
            .matches("optimist_k[optimist_l] = (long)(~0UL >> 1);")
            .count(),
        2
    );
    assert!(
        out.text.contains("optimist_k[optimist_l] < optimist_rk"),
        "{}",
        out.text
    );
    assert_eq!(
        out.text.matches("if (optimist_r == 0) {").count(),
        2,
        "{}",
        out.text
    );
    assert!(
        out.text.contains("optimist_v < optimist_m["),
        "{}",
        out.text
    );
    let part = out.parts.iter().find(|p| p.function == "vmax").unwrap();
    prints_the_same_and_runs_optimized("extreme", text, &out, part.kernel.as_deref().unwrap());
}

/// Node splitting in C: a read of an element a later iteration of a statement before it
/// overwrites (`a[i + 1]` after `a[i] = ...`) is made at the top of the iteration
/// (`optimist_h0`), so gcc and clang run the loop in lanes; a read of the element the same
/// iteration wrote (`a[i]`) stays where it is, and a loop whose earlier statement writes the
/// element read (`c[i + 1] = ...; d[i] = c[i + 1] + 1`) hoists nothing. The results are the
/// original's bits, with its optimized code run.
#[test]
fn for_c_reads_a_later_iteration_overwrites_are_made_first() {
    let text = "#include <stdio.h>\n#include <string.h>\n#define N 1000\nstatic float a[N], b[N], c[N], d[N], e[N];\n\
        void split1(void) {\n  int i;\n#pragma scop\n  for (i = 0; i < N - 1; i++) { a[i] = b[i] * c[i] + b[i]; d[i] = a[i] + a[i + 1]; }\n#pragma endscop\n}\n\
        void split2(void) {\n  int i;\n#pragma scop\n  for (i = 0; i < N - 2; i++) { a[i] = b[i] * c[i]; b[i] = a[i + 2] + d[i]; e[i] = a[i + 1] - b[i + 1]; }\n#pragma endscop\n}\n\
        void same(void) {\n  int i;\n#pragma scop\n  for (i = 0; i < N - 1; i++) { c[i + 1] = b[i] * 2; d[i] = c[i + 1] + 1; }\n#pragma endscop\n}\n\
        static void show(void) { unsigned long h = 0; int i; for (i = 0; i < N; i++) { unsigned u; memcpy(&u, &a[i], 4); h = h * 31 + u; memcpy(&u, &b[i], 4); h = h * 31 + u; memcpy(&u, &d[i], 4); h = h * 31 + u; memcpy(&u, &e[i], 4); h = h * 31 + u; } printf(\"%lx\\n\", h); }\n\
        int main(void) {\n  int k, i;\n  for (k = 0; k < 3; k++) {\n    for (i = 0; i < N; i++) { a[i] = (i * 7 + k) % 13 - 6.5f; b[i] = (i % 5) * 0.25f; c[i] = (i % 3) - 1; d[i] = i * 0.5f; e[i] = 0; }\n\
        split1(); show(); split2(); show(); same(); show();\n  }\n  return 0;\n}\n";
    let alone = c_without_threads();
    let out = optimist::rewrite_c("x.c", text, None, &Default::default(), &[], &alone).unwrap();
    for f in ["split1", "split2"] {
        let part = (out.parts.iter().find(|p| p.function == f)).expect("the region");
        assert_eq!(
            part.outcome,
            optimist::Rewrite::Optimized,
            "{:?}",
            out.parts
        );
    }
    // split1 hoists `a[i + 1]` alone; split2 `a[i + 2]`, `a[i + 1]` and `b[i + 1]` (written
    // at `i` by the statement before, one element off).
    let body = |f: &str| {
        let start = out
            .text
            .find(&format!("void {f}_scop_1_optimized"))
            .unwrap_or(0);
        let end = out.text[start..]
            .find("\n}\n")
            .map_or(out.text.len(), |e| start + e);
        out.text[start..end].to_string()
    };
    let split1 = body("split1");
    assert!(
        split1.contains("float optimist_h0 = a[(c0_ + 1L)];"),
        "{split1}"
    );
    assert!(!split1.contains("optimist_h1"), "{split1}");
    assert!(split1.contains("= a[c0_] + optimist_h0;"), "{split1}");
    let split2 = body("split2");
    assert!(split2.contains("optimist_h2"), "{split2}");
    assert!(!out.text.contains("optimist_h0 = c["), "{}", out.text);
    let part = out.parts.iter().find(|p| p.function == "split1").unwrap();
    prints_the_same_and_runs_optimized("hoisted", text, &out, part.kernel.as_deref().unwrap());
    let part = out.parts.iter().find(|p| p.function == "split2").unwrap();
    prints_the_same_and_runs_optimized("hoisted2", text, &out, part.kernel.as_deref().unwrap());
}

/// A product whose tiles are sized for large arrays, called again and again on small ones
/// with different sizes and values: its C keeps its packing buffers from one call to the next
/// (`optimist_kept_buffer`), and every call prints the original's bits, the optimized version
/// running. Zeroing half a megabyte in each call of a 64 x 64 x 64 product made it slower than
/// the loops as written.
#[test]
fn a_product_called_again_reuses_its_packing_buffers_with_the_originals_bits() {
    let text = "#include <stdio.h>\n#include <string.h>\n\
        void mm(int n, float C[n][n], float A[n][n], float B[n][n]) {\n  int i, j, k;\n#pragma scop\n  for (i = 0; i < n; i++)\n    for (j = 0; j < n; j++)\n      for (k = 0; k < n; k++)\n        C[i][j] += A[i][k] * B[k][j];\n#pragma endscop\n}\n\
        static float a[80 * 80], b[80 * 80], c[80 * 80];\n\
        int main(void) {\n  int r, i, sizes[4] = {40, 77, 13, 64};\n  for (r = 0; r < 4; r++) {\n    int n = sizes[r];\n    unsigned long h = 0;\n\
            for (i = 0; i < n * n; i++) { a[i] = (i * 7 + r) % 13 - 6.5f; b[i] = (i % 5 + r) * 0.25f; c[i] = i % 3; }\n\
            mm(n, (float (*)[n])c, (float (*)[n])a, (float (*)[n])b);\n\
            for (i = 0; i < n * n; i++) { unsigned u; memcpy(&u, &c[i], 4); h = h * 31 + u; }\n    printf(\"%d %lx\\n\", n, h);\n  }\n  return 0;\n}\n";
    let alone = c_without_threads();
    let out = optimist::rewrite_c("x.c", text, None, &Default::default(), &[], &alone).unwrap();
    let part = (out.parts.iter().find(|p| p.function == "mm")).expect("the region");
    assert_eq!(
        part.outcome,
        optimist::Rewrite::Optimized,
        "{:?}",
        out.parts
    );
    assert!(out.text.contains("optimist_kept_buffer"), "{}", out.text);
    prints_the_same_and_runs_optimized("kept_buffers", text, &out, part.kernel.as_deref().unwrap());
}
