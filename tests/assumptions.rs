//! Versioning by the run-time check (paper 000): for each kind of assumption, a kernel and
//! inputs where the check holds (the optimized code runs) and inputs where it fails (the
//! faithful fallback runs), both bitwise equal to the interpreter, through Cranelift and
//! through versioned C compiled by `cc`.

use optimist::{Config, Version};
use optimist_scop::frontend::{self, FrontendConfig};
use optimist_scop::workload::{RunSpec, Workload};
use std::path::Path;

mod common;

use common::{cc, interpreter_hashes, versioned_c_run};

/// Kernel (from the workspace root), inputs, and the version the check must choose.
const CASES: &[(&str, &str, Version)] = &[
    // RT, IB and AA together (Figure 1 and 2): bounds loaded from grid[0] and grid[1].
    (
        "assume/tests/kernels/figure1.c",
        "--set k=3 --array grid=3,4,7,9",
        Version::Optimized,
    ),
    // RT: grid[1] is written in the region.
    (
        "assume/tests/kernels/figure1.c",
        "--set k=1 --array grid=3,4,7,9",
        Version::Fallback,
    ),
    // IB: i runs to 9 in rhs[j][i][m] with rhs[8][8][5] (still inside the buffer).
    (
        "assume/tests/kernels/figure1.c",
        "--set k=3 --array grid=3,9,7,9",
        Version::Fallback,
    ),
    // AA: grid lies inside rhs's buffer and rhs's writes reach it (changing the bounds).
    (
        "assume/tests/kernels/figure1.c",
        "--set k=3 --array grid=7,6,-1,9 --len rhs=320 --alias grid=rhs+300",
        Version::Fallback,
    ),
    // AA: grid inside rhs's buffer but beyond what rhs's writes reach.
    (
        "assume/tests/kernels/figure1.c",
        "--set k=3 --array grid=6,6,-1,9 --len rhs=320 --alias grid=rhs+300",
        Version::Optimized,
    ),
    // EE (Figure 9): (unsigned char)(i + 129) wraps from n = 128 on.
    (
        "assume/tests/kernels/figure9.c",
        "--set n=127",
        Version::Optimized,
    ),
    (
        "assume/tests/kernels/figure9.c",
        "--set n=200",
        Version::Fallback,
    ),
    // BL (Figure 11): the `!=` exit is reached only for lb <= ub; otherwise the counter wraps.
    (
        "assume/tests/kernels/figure11.c",
        "--set lb=3 --set ub=50",
        Version::Optimized,
    ),
    (
        "assume/tests/kernels/figure11.c",
        "--set lb=250 --set ub=5",
        Version::Fallback,
    ),
    // IB (Figure 13): fixed-size arrays indexed from start to start + num.
    (
        "assume/tests/kernels/figure13.c",
        "--set start=4 --set num=20",
        Version::Optimized,
    ),
    (
        "assume/tests/kernels/figure13.c",
        "--set start=2 --set num=66 --len A=4600 --len B=4600",
        Version::Fallback,
    ),
    // AA: two pointers into one buffer.
    (
        "corpus/alias_shift.c",
        "--set n=20 --len A=21 --len B=21",
        Version::Optimized,
    ),
    (
        "corpus/alias_shift.c",
        "--set n=20 --len A=21 --alias B=A+1",
        Version::Fallback,
    ),
    (
        "corpus/alias_shift.c",
        "--set n=20 --len A=60 --alias B=A+20",
        Version::Optimized,
    ),
];

#[test]
fn each_kind_runs_the_optimized_code_where_it_holds_and_the_fallback_elsewhere() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf();
    let cc = cc();
    let mut failures = Vec::new();
    for (file, args, expected) in CASES {
        let name = format!("{file} {args}");
        let f = frontend::parse_file(&root.join(file), &FrontendConfig::default()).unwrap();
        let spec = RunSpec::parse_args(&args.split_whitespace().collect::<Vec<_>>()).unwrap();
        let reference = interpreter_hashes(&f, &spec);
        // Native code, with the automatic strategy.
        let outcome = optimist::optimize(&f, &Config::default()).unwrap();
        assert!(outcome.plan().is_some(), "{name}: {:?}", outcome.why());
        let kernel = optimist::Kernel::compile(&f, outcome.plan()).unwrap();
        let mut w = Workload::generate(&f, &spec).unwrap();
        let version = kernel
            .run(&mut w.args)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        if version != *expected {
            failures.push(format!("{name}: native code ran {version:?}"));
        }
        let hashes: Vec<String> = w
            .hashes(&f)
            .iter()
            .map(|(a, h)| format!("{a} {h:016x}"))
            .collect();
        if hashes != reference {
            failures.push(format!(
                "{name}: native {hashes:?}, interpreter {reference:?}"
            ));
        }
        // Versioned C.
        if let Some(cc) = &cc {
            let p = common::versioned_c_optimized(&f, outcome.plan(), "optimist_generated");
            let (hashes, version) = versioned_c_run(cc, &name, &f, &spec, &p.code);
            let want = if *expected == Version::Optimized {
                "optimized"
            } else {
                "fallback"
            };
            if version != want {
                failures.push(format!("{name}: C ran {version}"));
            }
            if hashes != reference {
                failures.push(format!("{name}: C {hashes:?}, interpreter {reference:?}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Many inputs on each side of every check (a fixed pseudo-random sequence): the versioned
/// native code agrees with the interpreter on the hashes, or both report an error (the
/// interpreter's out-of-bounds access is the kernel's).
#[test]
fn random_inputs_agree_with_the_interpreter() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf();
    let mut lcg = common::Lcg(0x9e37_79b9_7f4a_7c15);
    let mut next = |lo: i64, hi: i64| lcg.range(lo, hi);
    let mut failures = Vec::new();
    let mut versions = [0usize; 2];
    type Gen<'a> = &'a mut dyn FnMut(&mut dyn FnMut(i64, i64) -> i64) -> String;
    let mut figure1 = |r: &mut dyn FnMut(i64, i64) -> i64| {
        let alias = if r(0, 1) == 1 {
            format!(" --len rhs=320 --alias grid=rhs+{}", r(240, 316))
        } else {
            String::new()
        };
        format!(
            "--set k={} --array grid={},{},{},{}{alias}",
            r(-1, 4),
            r(-2, 7),
            r(-2, 8),
            r(-3, 3),
            r(0, 9)
        )
    };
    let mut figure9 = |r: &mut dyn FnMut(i64, i64) -> i64| format!("--set n={}", r(-5, 256));
    let mut figure11 = |r: &mut dyn FnMut(i64, i64) -> i64| {
        format!("--set lb={} --set ub={}", r(0, 255), r(0, 255))
    };
    let mut figure13 = |r: &mut dyn FnMut(i64, i64) -> i64| {
        format!(
            "--set start={} --set num={} --len A=6000 --len B=6000",
            r(-3, 70),
            r(-2, 70)
        )
    };
    let mut shift = |r: &mut dyn FnMut(i64, i64) -> i64| {
        format!("--set n={} --len A=80 --alias B=A+{}", r(0, 40), r(0, 40))
    };
    let kernels: Vec<(&str, Gen<'_>)> = vec![
        ("assume/tests/kernels/figure1.c", &mut figure1),
        ("assume/tests/kernels/figure9.c", &mut figure9),
        ("assume/tests/kernels/figure11.c", &mut figure11),
        ("assume/tests/kernels/figure13.c", &mut figure13),
        ("corpus/alias_shift.c", &mut shift),
    ];
    for (file, inputs) in kernels {
        let f = frontend::parse_file(&root.join(file), &FrontendConfig::default()).unwrap();
        let compiled = optimist::compile(&f, &Config::default()).unwrap();
        assert!(
            compiled.outcome.plan().is_some(),
            "{file}: {:?}",
            compiled.outcome.why()
        );
        let kernel = compiled.kernel;
        for _ in 0..40 {
            let args = inputs(&mut next);
            let spec = RunSpec::parse_args(&args.split_whitespace().collect::<Vec<_>>()).unwrap();
            let mut reference = Workload::generate(&f, &spec).unwrap();
            let expected = optimist_scop::interp::run(&f, &mut reference.args, &Default::default())
                .map(|_| reference.hashes(&f));
            let mut w = Workload::generate(&f, &spec).unwrap();
            let got = kernel.run(&mut w.args).map(|v| (v, w.hashes(&f)));
            match (&expected, &got) {
                (Ok(a), Ok((v, b))) if a == b => {
                    versions[usize::from(*v == Version::Optimized)] += 1
                }
                (Err(_), Err(_)) => {}
                _ => failures.push(format!(
                    "{file} {args}: interpreter {expected:?}, kernel {got:?}"
                )),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // Both sides of the checks were exercised.
    eprintln!("fallback/optimized runs: {versions:?}");
    assert!(
        versions[0] >= 20 && versions[1] >= 20,
        "fallback/optimized runs: {versions:?}"
    );
}
