//! `optimist run` end to end: every backend and optimization level prints the same hashes.

use std::process::Command;

fn optimist(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_optimist"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn corpus(name: &str) -> (String, Vec<String>) {
    let path = format!("{}/../corpus/{name}.c", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    let args = text
        .lines()
        .next()
        .unwrap()
        .trim_start_matches("// run:")
        .split_whitespace()
        .map(str::to_string)
        .collect();
    (path, args)
}

/// Whether a C compiler answers as `cc`.
fn has_cc() -> bool {
    Command::new("cc")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// `optimist run` of the corpus kernel `kernel` at the sizes of its `// run:` line, with
/// `extra`: its standard output, the run having succeeded.
fn run_corpus(kernel: &str, extra: &[&str]) -> String {
    let (path, args) = corpus(kernel);
    let mut all: Vec<&str> = vec!["run", &path];
    all.extend(args.iter().map(String::as_str));
    all.extend(extra);
    let (ok, out, err) = optimist(&all);
    assert!(ok, "{kernel} {extra:?}: {err}");
    out
}

#[test]
fn every_backend_prints_the_same_hashes() {
    let has_cc = has_cc();
    for kernel in [
        "gemm",
        "alias_shift",
        "narrow_unsigned",
        "indirect",
        "scalars",
        "loop_forms",
    ] {
        let run = |extra: &[&str]| run_corpus(kernel, extra);
        let reference = run(&["--backend", "interp"]);
        assert!(reference.lines().count() >= 1);
        assert!(
            !reference.contains("version"),
            "{kernel}: the interpreter has no versions"
        );
        // Compiled code says which version ran, before the hashes; the rest is the same.
        let versions = std::cell::RefCell::new(Vec::new());
        let run = |c: &[&str]| {
            let out = run(c);
            let (first, rest) = out.split_once('\n').unwrap_or_default();
            let version = first
                .strip_prefix("version ")
                .unwrap_or_else(|| panic!("{kernel} {c:?}: {out}"));
            versions
                .borrow_mut()
                .push((c.join(" "), version.to_string()));
            rest.to_string()
        };
        let mut configs = vec![
            vec!["--backend", "jit", "--opt", "none"],
            vec!["--backend", "jit", "--opt", "default"],
        ];
        if has_cc {
            configs.push(vec!["--backend", "c", "--opt", "none"]);
            configs.push(vec!["--backend", "c", "--opt", "default"]);
            configs.push(vec!["--backend", "object", "--opt", "none"]);
            configs.push(vec!["--backend", "object", "--opt", "default"]);
        }
        for c in configs {
            assert_eq!(run(&c), reference, "{kernel} {c:?}");
        }
        for (config, version) in versions.borrow().iter() {
            // Without optimization only the faithful code exists; alias_shift's buffers overlap;
            // scalars cannot be modeled; indirect's check needs the extent of `A`'s buffer,
            // which only native code knows.
            let optimized = config.contains("default")
                && !["alias_shift", "scalars"].contains(&kernel)
                && !(kernel == "indirect" && config.contains("--backend c"));
            let expected = if optimized { "optimized" } else { "fallback" };
            assert_eq!(version, expected, "{kernel} {config}");
        }
    }
}

#[test]
fn usage_errors_are_reported() {
    let (ok, _, err) = optimist(&["run"]);
    assert!(
        !ok && err.contains("the following required arguments were not provided"),
        "{err}"
    );
    let (path, _) = corpus("gemm");
    let (ok, _, err) = optimist(&["run", &path, "--backend", "gpu"]);
    assert!(
        !ok && err.contains("invalid value 'gpu' for '--backend <BACKEND>'"),
        "{err}"
    );
    let (ok, _, err) = optimist(&["run", &path, "--repeat", "0"]);
    assert!(!ok && err.contains("--repeat"), "{err}");
    let (ok, _, err) = optimist(&["run", &path, "--set", "ni=1"]);
    assert!(
        !ok && err.contains("missing parameter values: nj, nk, alpha, beta"),
        "{err}"
    );
    let (ok, out, _) = optimist(&["show", "ast", &path]);
    assert!(ok && out.contains("S1("), "{out}");
    // The strategy's decisions, as comments above the loops: the product apart, tiled and
    // register-blocked for native code's micro-kernel.
    let (ok, out, _) = optimist(&["show", "ast", &path, "--opt", "default", "--cpu", "x86-64"]);
    assert!(
        ok && out.starts_with("// automatic strategy")
            && out.contains("\n// loop nests: {S0}, {S1}\n")
            && out.contains("\n// tiled: the band of {S1}")
            && out.contains("\n// register block: S1 in blocks of 4 x 4")
            && out.contains("for a micro-kernel in 2 vectors of 16 bytes per row"),
        "{out}"
    );
    // For a CPU with AVX2 the micro-kernel is the wide emitter's, in 32-byte vectors.
    let (ok, out, _) = optimist(&[
        "show",
        "ast",
        &path,
        "--opt",
        "default",
        "--cpu",
        "x86-64-v3",
    ]);
    assert!(
        ok && out.contains("\n// register block: S1 in blocks of 6 x 8")
            && out.contains("for a micro-kernel in 2 vectors of 32 bytes per row"),
        "{out}"
    );
}

#[test]
fn loopy_scripts_through_the_command() {
    let dir = std::env::temp_dir().join(format!("optimist-cli-loopy-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.loopy");
    let bad = dir.join("bad.loopy");
    std::fs::write(
        &good,
        "# Figure 2a\nrealign(Init, Mult, 0)\naffine(Mult, { [i, j, k] -> [i, k, j] })\nM = lift(Mult, 1)\ntile(M, 8, 8, 8)\n",
    )
    .unwrap();
    std::fs::write(&bad, "reverse(Mult, 2)\n").unwrap();
    let (good, bad) = (good.to_str().unwrap(), bad.to_str().unwrap());
    let (path, args) = corpus("tagged");
    let exit = |a: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_optimist"))
            .args(a)
            .output()
            .unwrap()
    };
    let out = exit(&["verify", &path, good]);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("legal"));
    let out = exit(&["verify", &path, bad]);
    assert_eq!(out.status.code(), Some(1));
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(
        report.contains("violation: Raw dependence S1 (line 10) -> S1 (line 10) through array `C`"),
        "{report}"
    );

    let run = |extra: &[&str]| {
        let mut all: Vec<&str> = vec!["run", &path];
        all.extend(args.iter().map(String::as_str));
        all.extend(extra);
        optimist(&all)
    };
    let (ok, reference, _) = run(&["--backend", "interp"]);
    assert!(ok);
    let (ok, jit, err) = run(&["--backend", "jit", "--script", good]);
    assert!(
        ok && jit == format!("version optimized\n{reference}"),
        "{err}"
    );
    let (ok, _, err) = run(&["--backend", "jit", "--script", bad]);
    assert!(!ok && err.contains("would be reversed"), "{err}");
    let (ok, _, err) = run(&["--backend", "interp", "--script", good]);
    assert!(!ok && err.contains("--backend jit"), "{err}");
    if has_cc() {
        let (ok, c, err) = run(&["--backend", "c", "--script", good]);
        assert!(
            ok && c == format!("version optimized\n{reference}"),
            "{err}"
        );
    }
    let (ok, ast, err) = optimist(&["show", "ast", &path, "--script", good]);
    assert!(
        ok && ast.contains("floord") && ast.contains("S1(c4, c6, c5)"),
        "{err}\n{ast}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn show_assumptions_and_the_version_for_given_inputs() {
    let path = format!(
        "{}/../assume/tests/kernels/figure9.c",
        env!("CARGO_MANIFEST_DIR")
    );
    let (ok, out, err) = optimist(&["show", "assumptions", &path]);
    assert!(ok, "{err}");
    assert!(out.contains("EE at "), "{out}");
    assert!(out.contains("check: (n <= 127)"), "{out}");
    let (ok, out, err) = optimist(&["show", "assumptions", &path, "--set", "n=200"]);
    assert!(
        ok && out.ends_with("with these inputs: version fallback\n"),
        "{err}{out}"
    );
    let (ok, out, err) = optimist(&["show", "assumptions", &path, "--set", "n=100"]);
    assert!(
        ok && out.ends_with("with these inputs: version optimized\n"),
        "{err}{out}"
    );
    // Aliasing buffers from the command line.
    let (path, _) = corpus("alias_shift");
    let alias = ["--set", "n=20", "--len", "A=21", "--alias", "B=A+1"];
    let (ok, out, err) = optimist(&[&["show", "assumptions", &path][..], &alias].concat());
    assert!(
        ok && out.contains("`B` and `A` do not overlap"),
        "{err}{out}"
    );
    assert!(
        out.ends_with("with these inputs: version fallback\n"),
        "{out}"
    );
    // The versioned C holds both versions.
    let (ok, out, err) = optimist(&["show", "c", &path, "--opt", "default"]);
    assert!(ok, "{err}");
    for part in [
        "shift_add_fallback(",
        "shift_add_optimized(",
        "shift_add_version = 1",
        "ck_add(",
    ] {
        assert!(out.contains(part), "{part}: {out}");
    }
    // The C's own decisions head it: a product is register-blocked there, its blocks run
    // in a micro-kernel printed before the function.
    let (path, _) = corpus("gemm");
    let (ok, out, err) = optimist(&["show", "c", &path, "--opt", "default"]);
    assert!(ok, "{err}");
    assert!(out.starts_with("// automatic strategy"), "{out}");
    assert!(
        out.contains("\n// register block: S1 in blocks of 6 x 16"),
        "{out}"
    );
    assert!(
        out.contains("_optimized_block0(long kc, const double *restrict a"),
        "{out}"
    );
    assert!(out.contains("optimist_v acc[6][4], bv[4];"), "{out}");
}

/// `show assumptions` prints the check the compiled kernel evaluates, for every kernel of the
/// corpus and the paper's figures (one plan: both come from the driver).
#[test]
fn show_assumptions_prints_the_check_that_runs() {
    let root = format!("{}/..", env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<std::path::PathBuf> = ["corpus", "assume/tests/kernels"]
        .iter()
        .flat_map(|d| std::fs::read_dir(format!("{root}/{d}")).unwrap())
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "c"))
        .collect();
    files.sort();
    let mut compared = 0;
    for path in files {
        let p = path.to_str().unwrap();
        let (ok, out, err) = optimist(&["show", "assumptions", p]);
        assert!(ok, "{p}: {err}");
        let f = optimist::scop::frontend::parse_file(&path, &Default::default()).unwrap();
        let config = optimist::Config::with(optimist::Strategy::Original);
        let compiled = optimist::compile(&f, &config).unwrap();
        let printed = out
            .lines()
            .find_map(|l| l.strip_prefix("check: "))
            .map(str::to_string);
        assert_eq!(printed.as_deref(), compiled.kernel.check(), "{p}:\n{out}");
        if printed.is_some() {
            compared += 1;
        } else {
            assert!(out.contains("only the faithful code: "), "{p}:\n{out}");
        }
    }
    assert!(compared >= 20, "only {compared} checks compared");
}

#[test]
fn show_scop_after_a_pass() {
    let (path, _) = corpus("gemm");
    let (ok, built, err) = optimist(&["show", "scop", &path]);
    assert!(ok, "{err}");
    let (ok, after, err) = optimist(&["show", "scop", &path, "--after", "delin"]);
    assert!(ok, "{err}");
    // Delinearization does nothing yet: the model after it is the model as built.
    assert_eq!(built, after);
    let (ok, _, err) = optimist(&["show", "scop", &path, "--after", "nope"]);
    assert!(
        !ok && err.contains("no pass named `nope` (the passes: build, delin, delicm, propagate)"),
        "{err}"
    );
}

#[test]
fn every_subcommand_has_help() {
    for sub in ["run", "show", "verify", "demo", "compile", "c"] {
        let (ok, out, err) = optimist(&[sub, "--help"]);
        assert!(ok && out.contains("Usage: optimist"), "{sub}: {err}");
    }
    let (ok, out, _) = optimist(&["--help"]);
    assert!(
        ok && ["run", "show", "verify", "demo"]
            .iter()
            .all(|s| out.contains(s))
    );
    let (ok, out, _) = optimist(&["run", "--help"]);
    assert!(
        ok && [
            "-I <DIR>",
            "-D <NAME[=VALUE]>",
            "--cc",
            "--cflags",
            "--repeat"
        ]
        .iter()
        .all(|s| out.contains(s)),
        "{out}"
    );
}

/// `-I` and `-D` reach the preprocessor of the front end and, for the original source, the C
/// compiler; `--cflags`, `--repeat` and `--time` reach the C path.
#[test]
fn preprocessor_options_and_the_c_path() {
    let dir = std::env::temp_dir().join(format!("optimist-cli-cpp-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("inc")).unwrap();
    std::fs::write(dir.join("inc/size.h"), "#define N 40\n").unwrap();
    let src = dir.join("k.c");
    std::fs::write(
        &src,
        "#include \"size.h\"\nvoid k(double A[N]) {\n  for (int i = 0; i < N; i++)\n    A[i] = 2 * A[i] + SCALE;\n}\n",
    )
    .unwrap();
    let (src, inc) = (src.to_str().unwrap(), dir.join("inc"));
    let inc = inc.to_str().unwrap();
    let (ok, _, err) = optimist(&["run", src, "-I", inc]);
    assert!(!ok && err.contains("SCALE"), "{err}");
    let base = ["run", src, "-I", inc, "-D", "SCALE=3"];
    let (ok, reference, err) = optimist(&base);
    assert!(ok, "{err}");
    let (ok, jit, err) = optimist(&[&base[..], &["--backend", "jit", "--opt", "default"]].concat());
    assert!(
        ok && jit == format!("version optimized\n{reference}"),
        "{err}"
    );
    let has_cc = has_cc();
    if has_cc {
        for opt in ["none", "default"] {
            let extra = [
                "--backend",
                "c",
                "--opt",
                opt,
                "--cflags=-O3 -march=native",
                "--repeat",
                "3",
                "--time",
            ];
            let (ok, out, err) = optimist(&[&base[..], &extra].concat());
            assert!(ok, "{opt}: {err}");
            let version = if opt == "none" {
                "fallback"
            } else {
                "optimized"
            };
            let (head, time) = out
                .rsplit_once("time_s ")
                .unwrap_or_else(|| panic!("{out}"));
            assert_eq!(head, format!("version {version}\n{reference}"));
            assert!(time.trim().parse::<f64>().is_ok(), "{out}");
        }
        let (ok, _, err) =
            optimist(&[&base[..], &["--backend", "c", "--cc", "no-such-cc"]].concat());
        assert!(!ok && err.contains("no-such-cc"), "{err}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn show_delin_prints_shapes_accesses_and_conditions() {
    let (path, _) = corpus("linearized");
    let (ok, out, err) = optimist(&["show", "delin", &path]);
    assert!(ok, "{err}");
    for line in [
        "A: shape A[][n] (divide)",
        "  a1 read A[2*j*n + i]  ->  [n, m] -> { S0[i, j] -> A[2j, i] : 0 <= i < n and 0 <= j < m }",
        "B: shape B[][n] (divide)",
    ] {
        assert!(out.lines().any(|l| l == line), "{line}\n{out}");
    }
    // Every subscript stays inside its dimension on the domains: no condition to check.
    assert!(!out.contains("validity conditions"), "{out}");
    let (path, _) = corpus("gemm");
    let (ok, out, _) = optimist(&["show", "delin", &path]);
    assert!(ok && out == "no flat pointer\n", "{out}");
}

#[test]
fn show_timing_lists_every_stage_and_the_strategys_steps() {
    let (path, _) = corpus("gemm");
    let (ok, out, err) = optimist(&["show", "timing", "--opt", "default", &path]);
    assert!(ok, "{err}");
    let names: Vec<&str> = out
        .lines()
        .map(|l| l.trim_start().split("  ").next().unwrap_or("").trim())
        .collect();
    for stage in [
        "build",
        "correspondence",
        "delin",
        "delicm",
        "propagate",
        "assume",
        "schedule",
        "dependences",
        "strategy: isl scheduler",
        "strategy: verify",
        "strategy: verify the tilings",
        "loop AST",
        "check",
        "optimize (total)",
        "native code",
    ] {
        assert!(names.contains(&stage), "no `{stage}` in:\n{out}");
    }
    // Every line ends with its time, and the operations counted where the stage has a budget:
    // every stage, the dependences, the strategy as a whole and the loop AST.
    assert!(
        out.lines()
            .all(|l| l.ends_with(" ms") || l.ends_with(" ops")),
        "{out}"
    );
    for counted in [
        "build",
        "schedule",
        "dependences",
        "strategy (total",
        "loop AST",
        "check",
    ] {
        let line = out
            .lines()
            .find(|l| l.trim_start().starts_with(counted))
            .unwrap();
        let ops: u64 = line
            .strip_suffix(" ops")
            .and_then(|l| l.rsplit(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("no operations on `{line}`"));
        assert!(ops > 0, "{line}");
    }
    // The C plan's stages (products register-blocked), then the C text.
    let (ok, out, err) = optimist(&["show", "timing", "--opt", "default", "--target", "c", &path]);
    assert!(ok, "{err}");
    assert!(
        out.contains("strategy: register blocks") && out.lines().any(|l| l.starts_with("C text")),
        "{out}"
    );
}

#[test]
fn show_ast_prints_the_estimates_at_the_typical_sizes_given() {
    let path = format!("{}/../corpus/suite/atax.c", env!("CARGO_MANIFEST_DIR"));
    let (ok, out, err) = optimist(&["show", "ast", &path, "--opt", "default"]);
    assert!(ok, "{err}");
    assert!(
        out.contains("// estimates at m = 1024, n = 1024: "),
        "{out}"
    );
    let (ok, out, err) = optimist(&[
        "show",
        "ast",
        &path,
        "--opt",
        "default",
        "--typical",
        "n=8000",
        "--typical",
        "m=7000",
    ]);
    assert!(ok, "{err}");
    assert!(
        out.contains("// estimates at m = 7000, n = 8000: "),
        "{out}"
    );
    assert!(out.contains("the program's order "), "{out}");
    let (ok, _, err) = optimist(&["show", "ast", &path, "--opt", "default", "--typical", "n"]);
    assert!(
        !ok && err.contains("`--typical n`: expected NAME=VALUE"),
        "{err}"
    );
}

/// `optimist compile` writes an object and its header; a C `main` linked with it by `cc`
/// prints what the original kernel compiled by `cc` prints.
#[test]
fn compile_writes_an_object_that_a_c_main_links() {
    if !has_cc() {
        return;
    }
    let dir = std::env::temp_dir().join(format!("optimist-cli-compile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let kernel = dir.join("scale.c");
    std::fs::write(
        &kernel,
        "#define N 64\nvoid scale(int t, double A[N][N], double B[N][N]) {\n  for (int s = 0; s < t; s++)\n    for (int i = 1; i < N - 1; i++)\n      for (int j = 0; j < N; j++)\n        B[i][j] = 0.5 * A[i][j] + 0.25 * (A[i - 1][j] + A[i + 1][j]);\n}\n",
    )
    .unwrap();
    let main = "#include <stdio.h>\n#include <string.h>\nstatic double A[64][64], B[64][64];\nint main(void) {\n  for (int i = 0; i < 64; i++) for (int j = 0; j < 64; j++) A[i][j] = (i * 3 + j) % 7 / 3.0;\n  scale(3, A, B);\n  unsigned long long h = 0;\n  for (int i = 0; i < 64; i++) for (int j = 0; j < 64; j++) { unsigned long long b; memcpy(&b, &B[i][j], 8); h = h * 31 + b; }\n  printf(\"%016llx\\n\", h);\n  return 0;\n}\n";
    let (object, header) = (dir.join("scale.o"), dir.join("scale.h"));
    let (ok, _, err) = optimist(&[
        "compile",
        kernel.to_str().unwrap(),
        "--threads",
        "2",
        "-o",
        object.to_str().unwrap(),
        "--header",
        header.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    assert!(err.contains("link with: -lm"), "{err}");
    let h = std::fs::read_to_string(&header).unwrap();
    assert!(
        h.contains("void scale(int t, double A[64][64], double B[64][64]);"),
        "{h}"
    );
    let build = |sources: &[&std::path::Path], text: &str, exe: &str| {
        let m = dir.join(format!("{exe}.c"));
        std::fs::write(&m, text).unwrap();
        let exe = dir.join(exe);
        let out = Command::new("cc")
            .arg("-o")
            .arg(&exe)
            .arg(&m)
            .args(sources)
            .args(["-lm", "-fopenmp"])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let run = Command::new(&exe).output().unwrap();
        assert!(run.status.success());
        String::from_utf8_lossy(&run.stdout).into_owned()
    };
    let ours = build(
        &[&object],
        &format!("#include \"{}\"\n{main}", header.display()),
        "ours",
    );
    let original = build(
        &[&kernel],
        &format!("void scale(int t, double A[64][64], double B[64][64]);\n{main}"),
        "original",
    );
    assert_eq!(ours, original);
    assert_eq!(ours.len(), 17);
    std::fs::remove_dir_all(&dir).ok();
}

/// `--contract` runs the contracted program on every back end, the interpreter included (its
/// reference): the same hashes from the interpreter, the JIT, the C (calls of `fma`) and the
/// object, optimized.
#[test]
fn contract_gives_the_same_hashes_on_every_backend() {
    let has_cc = has_cc();
    for kernel in ["gemm", "fused", "three_mm"] {
        let run = |extra: &[&str]| run_corpus(kernel, &[&["--contract"], extra].concat());
        let reference = run(&["--backend", "interp"]);
        let mut backends = vec!["jit"];
        if has_cc {
            backends.extend(["c", "object"]);
        }
        for backend in backends {
            let out = run(&["--backend", backend, "--opt", "default"]);
            let (version, hashes) = out.split_once('\n').unwrap_or_default();
            assert_eq!(version, "version optimized", "{kernel} {backend}");
            assert_eq!(hashes, reference, "{kernel} {backend}");
        }
    }
    let (ok, out, _) = optimist(&["show", "ir", &corpus("gemm").0, "--contract"]);
    assert!(ok && out.contains("fma("), "{out}");
}

/// `optimist c --threads 1`: the program is built without OpenMP, so a region whose only
/// change would be a parallel loop is kept as written; without the option it is optimized.
#[test]
fn c_with_one_thread_keeps_a_region_whose_only_change_is_a_parallel_loop() {
    let dir = std::env::temp_dir().join(format!("optimist_c_threads_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("jacobi.c");
    std::fs::write(
        &path,
        "#define M 256\nstatic double aa[M][M], bb[M][M];\nvoid jacobi(void) {\n  int i, j;\n\
         #pragma scop\n  for (i = 1; i < M - 1; i++)\n    for (j = 1; j < M - 1; j++)\n      \
         aa[i][j] = 0.2 * (bb[i][j] + bb[i - 1][j] + bb[i + 1][j] + bb[i][j - 1] + bb[i][j + 1]);\n  \
         for (i = 1; i < M - 1; i++)\n    for (j = 1; j < M - 1; j++)\n      bb[i][j] = aa[i][j];\n\
         #pragma endscop\n}\n",
    )
    .unwrap();
    let path = path.display().to_string();
    let (ok, _, err) = optimist(&["c", &path]);
    assert!(ok && err.contains("region at line 5: optimized"), "{err}");
    let (ok, out, err) = optimist(&["c", &path, "--threads", "1"]);
    assert!(
        ok && err.contains("kept as written: the program's order"),
        "{err}"
    );
    assert!(!out.contains("#pragma omp parallel for private"), "{out}");
    std::fs::remove_dir_all(&dir).ok();
}

/// `optimist show` reads a region of a function that is no kernel (arrays at file scope) as
/// the kernel `optimist c` makes of it: `show ast --target c` prints that a region is kept as
/// written and why, `--region LINE` picks one of several, and a function with several regions
/// and no `--region` is an error that lists their lines.
#[test]
fn show_reads_a_region_over_arrays_at_file_scope_as_its_kernel() {
    let dir = std::env::temp_dir().join(format!("optimist-show-region-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("regions.c");
    std::fs::write(
        &path,
        "#define N 4096\nstatic float a[N], b[N], c[N];\nvoid f(void) {\n  int i;\n#pragma scop\n  for (i = 0; i < N; i++) a[i] = b[i] + c[i];\n#pragma endscop\n#pragma scop\n  for (i = 0; i < 64; i++)\n    for (int j = 0; j < 64; j++) a[j * 64 + i] = b[i * 64 + j];\n#pragma endscop\n}\n",
    )
    .unwrap();
    let path = path.display().to_string();
    let c = ["--target", "c", "--threads", "1", "--opt", "default"];
    let (ok, _, err) = optimist(&[&["show", "ast", &path][..], &c[..]].concat());
    assert!(!ok);
    assert!(
        err.contains("several regions") && err.contains("lines 5, 8"),
        "{err}"
    );
    let (ok, out, err) = optimist(&[&["show", "ast", &path, "--region", "5"][..], &c[..]].concat());
    assert!(ok, "{err}");
    assert!(
        out.contains("// kept as written: the program's order") && out.contains("adds nothing"),
        "{out}"
    );
    let (ok, out, err) = optimist(&[&["show", "ir", &path, "--region", "8"][..]].concat());
    assert!(ok, "{err}");
    assert!(out.contains("f_scop_2"), "{out}");
    let (ok, _, err) = optimist(&["show", "ast", &path, "--region", "6"]);
    assert!(!ok);
    assert!(err.contains("no region of `f` starts on line 6"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
