//! Calls of user functions declared pure (`__attribute__((const))`, [`PureFn`]): bound by an
//! embedder in Rust or defined in the C source, run by the interpreter, native code (threads 1
//! and 2) and C alike; a function without an implementation compiles to C and is refused by
//! what would have to call it; an implementation that fails stops the run with its name.
//! (`corpus/pure_calls.c` runs the differential test over every backend and configuration.)

use optimist::codegen::ArrayArg;
use optimist::scop::Type;
use optimist::scop::builder::FunctionBuilder;
use optimist::scop::frontend::{FrontendConfig, parse_source};
use optimist::scop::interp::{self, RunErrorKind, Value};
use optimist::scop::ir::{BinOp, Expr, Function, PureFn, PureImpl};
use optimist::{Config, Version};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// `smoothstep(x) = x * x * (3 - 2x)` on `[0, 1]`, clamped; an error below -1000.
fn smoothstep() -> PureImpl {
    PureImpl::new(|args| match args {
        [Value::F64(x)] if *x < -1000.0 => Err(format!("{x} is out of range")),
        [Value::F64(x)] => {
            let t = x.clamp(0.0, 1.0);
            Ok(Value::F64(t * t * (3.0 - 2.0 * t)))
        }
        _ => Err("smoothstep takes one double".into()),
    })
}

/// `void k(int n, int m, double A[n][m], double B[n][m])`: `B[i][j] = f(A[i][j]) + A[i][j-1]`
/// over the inner points, built through the API with `f` the pure function given.
fn built_kernel(f: Arc<PureFn>) -> Function {
    let mut b = FunctionBuilder::new("k");
    let n = b.scalar_param("n", Type::I32).unwrap();
    let m = b.scalar_param("m", Type::I32).unwrap();
    let a = b
        .array_param("A", Type::F64, &[b.size(n), b.size(m)], false)
        .unwrap();
    let out = b
        .array_param("B", Type::F64, &[b.size(n), b.size(m)], false)
        .unwrap();
    let i = b.local("i", Type::I32).unwrap();
    let j = b.local("j", Type::I32).unwrap();
    b.begin_for(i, Expr::int32(0), BinOp::Lt, b.var(n), 1)
        .unwrap();
    b.begin_for(j, Expr::int32(1), BinOp::Lt, b.var(m), 1)
        .unwrap();
    let here = b.read(a, vec![b.var(i), b.var(j)]).unwrap();
    let left = b
        .read(
            a,
            vec![
                b.var(i),
                Expr::binary(BinOp::Sub, b.var(j), Expr::int32(1)).unwrap(),
            ],
        )
        .unwrap();
    let value = Expr::binary(BinOp::Add, Expr::pure_call(f, vec![here]).unwrap(), left).unwrap();
    b.store(out, vec![b.var(i), b.var(j)], value).unwrap();
    b.end().unwrap();
    b.end().unwrap();
    b.finish().unwrap()
}

fn inputs(n: usize, m: usize) -> Vec<f64> {
    (0..n * m)
        .map(|k| ((k * 37) % 101) as f64 / 50.0 - 0.5)
        .collect()
}

/// The interpreter's `B` for `f` on `A`.
fn interpreted(f: &Function, a: &[f64], n: usize, m: usize) -> Result<Vec<f64>, interp::RunError> {
    let buffer = |v: &[f64]| {
        let mut b = interp::Buffer::zeroed(Type::F64, v.len());
        for (k, x) in v.iter().enumerate() {
            b.set(k, Value::F64(*x));
        }
        b
    };
    let mut args = interp::Args {
        scalars: optimist::scop::id::IdVec::filled(f.vars.len(), None),
        bindings: optimist::scop::id::IdVec::filled(f.arrays.len(), None),
        buffers: vec![buffer(a), buffer(&vec![0.0; n * m])],
        ..Default::default()
    };
    args.scalars[f.var_named("n").unwrap()] = Some(Value::Int(n as i128));
    args.scalars[f.var_named("m").unwrap()] = Some(Value::Int(m as i128));
    for (k, name) in ["A", "B"].iter().enumerate() {
        args.bindings[f.array_named(name).unwrap()] = Some(interp::Binding {
            buffer: k,
            offset: 0,
        });
    }
    interp::run(f, &mut args, &Default::default())?;
    Ok((0..n * m)
        .map(|k| match args.buffers[1].get(k) {
            Value::F64(x) => x,
            other => panic!("unexpected {other:?}"),
        })
        .collect())
}

/// Native code of `f` (optimized, with `threads`) on `A`: the version and `B`.
fn native(
    f: &Function,
    a: &[f64],
    n: usize,
    m: usize,
    threads: usize,
) -> Result<(Version, Vec<f64>), optimist::codegen::KernelError> {
    let mut config = Config::default();
    config.native.threads = threads;
    let compiled = optimist::compile(f, &config).expect("compiles");
    let (mut a, mut b) = (a.to_vec(), vec![0.0; n * m]);
    let version = compiled.kernel.call(
        &[("n", Value::Int(n as i128)), ("m", Value::Int(m as i128))],
        &mut [("A", ArrayArg::F64(&mut a)), ("B", ArrayArg::F64(&mut b))],
    )?;
    Ok((version, b))
}

fn bits(v: &[f64]) -> Vec<u64> {
    v.iter().map(|x| x.to_bits()).collect()
}

#[test]
fn a_function_bound_in_rust_runs_in_every_backend() {
    let calls = Arc::new(AtomicUsize::new(0));
    let counter = calls.clone();
    let inner = smoothstep();
    let counted = PureImpl::new(move |args| {
        counter.fetch_add(1, Ordering::Relaxed);
        (inner.0)(args)
    });
    let pure = PureFn::new("smoothstep", vec![Type::F64], Type::F64, Some(counted)).unwrap();
    let f = built_kernel(Arc::new(pure));
    let (n, m) = (70, 90);
    let a = inputs(n, m);
    let want = interpreted(&f, &a, n, m).unwrap();
    let after_interpreter = calls.load(Ordering::Relaxed);
    assert_eq!(
        after_interpreter,
        n * (m - 1),
        "one call per statement instance"
    );
    for threads in [1, 2] {
        let (version, got) = native(&f, &a, n, m, threads).unwrap();
        assert_eq!(version, Version::Optimized);
        assert_eq!(bits(&got), bits(&want), "threads {threads}");
    }
    assert!(calls.load(Ordering::Relaxed) >= after_interpreter + 2 * n * (m - 1));
    // C calls it by name: a prototype, for the program's linker to resolve.
    let (c, _) = optimist::compile_c(&f, &Config::default(), "k").unwrap();
    assert!(
        c.code.contains("double smoothstep(double);\n"),
        "{}",
        c.code
    );
    assert!(c.code.contains("smoothstep("), "{}", c.code);
}

#[test]
fn a_failing_implementation_stops_the_run_and_names_the_function() {
    let pure = PureFn::new("smoothstep", vec![Type::F64], Type::F64, Some(smoothstep())).unwrap();
    let f = built_kernel(Arc::new(pure));
    let (n, m) = (8, 9);
    let mut a = inputs(n, m);
    a[3 * m + 4] = -5000.0;
    let e = interpreted(&f, &a, n, m).unwrap_err();
    assert_eq!(e.kind, RunErrorKind::Call);
    assert!(
        e.message
            .contains("`smoothstep` failed: -5000 is out of range"),
        "{e}"
    );
    for threads in [1, 2] {
        let e = native(&f, &a, n, m, threads).unwrap_err();
        assert_eq!(e.to_string(), "the pure function `smoothstep` failed");
    }
}

/// A declaration without definition: C text calls it by name; the interpreter and native code
/// refuse, naming it and what to do, unless the embedder binds it.
#[test]
fn a_declared_function_is_bound_by_the_embedder() {
    let src = "__attribute__((const)) double smoothstep(double x);\n\
               void k(int n, int m, double A[n][m], double B[n][m]) {\n\
                 for (int i = 0; i < n; i++)\n\
                   for (int j = 1; j < m; j++)\n\
                     B[i][j] = smoothstep(A[i][j]) + A[i][j - 1];\n\
               }\n";
    let unbound = parse_source("k.c", src, None, &FrontendConfig::default()).unwrap();
    let (n, m) = (20, 30);
    let a = inputs(n, m);
    let e = interpreted(&unbound, &a, n, m).unwrap_err();
    assert_eq!(e.kind, RunErrorKind::Call);
    assert!(
        e.message.contains("`smoothstep` has no implementation"),
        "{e}"
    );
    let e = optimist::compile(&unbound, &Config::default()).unwrap_err();
    assert!(
        e.to_string().contains("`smoothstep` has no implementation"),
        "{e}"
    );
    let (c, _) = optimist::compile_c(&unbound, &Config::default(), "k").unwrap();
    assert!(
        c.code.contains("double smoothstep(double);\n"),
        "{}",
        c.code
    );

    let config = FrontendConfig {
        pures: vec![("smoothstep".into(), smoothstep())],
        ..Default::default()
    };
    let bound = parse_source("k.c", src, None, &config).unwrap();
    let want = interpreted(&bound, &a, n, m).unwrap();
    let expected: Vec<f64> = (0..n * m)
        .map(|k| {
            if k % m == 0 {
                0.0
            } else {
                let t = a[k].clamp(0.0, 1.0);
                t * t * (3.0 - 2.0 * t) + a[k - 1]
            }
        })
        .collect();
    assert_eq!(bits(&want), bits(&expected));
    let (version, got) = native(&bound, &a, n, m, 2).unwrap();
    assert_eq!(version, Version::Optimized);
    assert_eq!(bits(&got), bits(&want));
}

/// A definition in the source is the implementation, and C text carries it (`static`), so the
/// C is complete; a kernel is found among the `const` definitions without a pragma.
#[test]
fn a_function_defined_in_the_source_travels_with_the_kernel() {
    let src = "static double square(double x) __attribute__((const));\n\
               static double square(double x) { return x * x; }\n\
               __attribute__((const)) int parity(int i) { return i % 2; }\n\
               void k(int n, int m, double A[n][m], double B[n][m]) {\n\
                 for (int i = 0; i < n; i++)\n\
                   for (int j = 1; j < m; j++)\n\
                     B[i][j] = parity(i + j) ? square(A[i][j]) : A[i][j - 1];\n\
               }\n";
    let f = parse_source("k.c", src, None, &FrontendConfig::default()).unwrap();
    assert_eq!(f.name, "k");
    let names: Vec<String> = f.pure_fns(true).iter().map(|p| p.name.clone()).collect();
    assert_eq!(names, ["parity", "square"]);
    let (n, m) = (11, 13);
    let a = inputs(n, m);
    let want = interpreted(&f, &a, n, m).unwrap();
    let (_, got) = native(&f, &a, n, m, 1).unwrap();
    assert_eq!(bits(&got), bits(&want));
    let (c, _) = optimist::compile_c(&f, &Config::default(), "k").unwrap();
    assert!(
        c.code.contains("static double square(double);\n"),
        "{}",
        c.code
    );
    assert!(
        c.code.contains("static double square(double x) {"),
        "{}",
        c.code
    );
    assert!(c.code.contains("static int parity(int i) {"), "{}", c.code);
}
