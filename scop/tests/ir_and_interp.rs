//! The program IR as the front end builds it (snapshots of its C-like printing), the builder
//! API, and the interpreter's C semantics: undefined behaviour, out-of-bounds accesses, the
//! step limit and uninitialized locals are errors that name the place.

use expect_test::{Expect, expect};
use optimist_scop::frontend::{FrontendConfig, parse_source};
use optimist_scop::interp::{self, Args, Binding, Buffer, Limits, RunErrorKind, Value};
use optimist_scop::ir::*;
use optimist_scop::types::Type;
use optimist_scop::workload::{RunSpec, Workload};

fn lower(src: &str) -> Function {
    parse_source("t.c", src, None, &FrontendConfig::default()).unwrap_or_else(|e| panic!("{e}"))
}

fn check_ir(src: &str, expect: Expect) {
    expect.assert_eq(&lower(src).to_string());
}

/// Runs `src` with `args` (as on the command line) and returns the hashes or the error.
fn run(
    src: &str,
    args: &[&str],
    max_steps: u64,
) -> Result<Vec<(String, u64)>, (RunErrorKind, String)> {
    let f = lower(src);
    let mut w = Workload::generate(&f, &RunSpec::parse_args(args).unwrap()).unwrap();
    interp::run(&f, &mut w.args, &Limits { max_steps }).map_err(|e| (e.kind, e.to_string()))?;
    Ok(w.hashes(&f))
}

fn run_err(src: &str, args: &[&str], expect: Expect) -> RunErrorKind {
    let (kind, msg) = run(src, args, 1_000_000).expect_err("the run should fail");
    expect.assert_eq(&msg);
    kind
}

#[test]
fn conversions_are_explicit() {
    check_ir(
        "void k(int n, unsigned char c[n], float F[n], double D[n], long L[n]) {\n\
           for (int i = 0; i < n; i++) {\n\
             c[i] = c[i] * 3 + 1;\n\
             F[i] += D[i] * 2;\n\
             L[i] = i * 2u - (i > 3 ? 1 : 2.5);\n\
             D[i] = sqrtf(F[i]) + -1;\n\
           }\n\
         }",
        expect![[r#"
            void k(int n, unsigned char c[n], float F[n], double D[n], long L[n]) {
              int i;
              for (i = 0; i < n; i++) {
                c[i] = (unsigned char)((int)c[i] * 3 + 1);
                F[i] = (float)((double)F[i] + D[i] * (double)2);
                L[i] = (long)((double)((unsigned int)i * 2u) - (i > 3 ? (double)1 : 2.5));
                D[i] = (double)(sqrtf(F[i]) + (float)-1);
              }
            }
        "#]],
    );
}

#[test]
fn loops_labels_locals_and_pointers() {
    check_ir(
        "void k(int n, long m, double *restrict P, double A[][8]) {\n\
           double t[8];\n\
           double s = 0;\n\
         Outer: for (int i = n - 1; i >= 0; i -= 2)\n\
           L2: for (int j = 0; m > j; j++) {\n\
             t[j % 8] = P[i * m + j];\n\
             if (t[j % 8] > 0.5) s += t[j % 8]; else { A[i][j % 8] = s; }\n\
           }\n\
         }",
        expect![[r#"
            void k(int n, long m, double *restrict P, double A[][8]) {
              double s;
              int i;
              int j;
              double t[8];
              s = (double)0;
              Outer: for (i = n - 1; i >= 0; i -= 2) {
                L2: for (j = 0; j < m; j++) {
                  t[j % 8] = P[(long)i * m + (long)j];
                  if (t[j % 8] > 0.5) {
                    s = s + t[j % 8];
                  } else {
                    A[i][j % 8] = s;
                  }
                }
              }
            }
        "#]],
    );
}

#[test]
fn literals_get_their_c_types() {
    check_ir(
        "void k(double A[1], long L[1], unsigned long U[1], float F[1]) {\n\
           L[0] = 2147483647 + 2147483648;\n\
           U[0] = 0xffffffff + 0x100000000 + 18446744073709551615u;\n\
           F[0] = 0.1f + 1e-3f;\n\
           A[0] = 0.1 + 017 + 0x1F;\n\
         }",
        expect![[r#"
            void k(double A[1], long L[1], unsigned long U[1], float F[1]) {
              L[0] = (long)2147483647 + 2147483648l;
              U[0] = (unsigned long)((long)4294967295u + 4294967296l) + 18446744073709551615ul;
              F[0] = 0.1f + 0.001f;
              A[0] = 0.1 + (double)15 + (double)31;
            }
        "#]],
    );
}

#[test]
fn signed_overflow_is_an_error() {
    let src = "void k(int n, int A[1]) {\n  A[0] = n * 1000;\n}";
    assert_eq!(
        run_err(
            src,
            &["--set", "n=3000000"],
            expect!["t.c:2:3: signed overflow in `*`: 3000000000 does not fit int"]
        ),
        RunErrorKind::Undefined
    );
    assert!(run(src, &["--set", "n=3000"], 1000).is_ok());
    // Incrementing a loop counter past INT_MAX, too.
    let src =
        "void k(int n, int A[1]) {\n  for (int i = 2147483640; i <= n; i++)\n    A[0] = i;\n}";
    run_err(
        src,
        &["--set", "n=2147483647"],
        expect!["t.c:2:3: signed overflow incrementing `i` past 2147483647"],
    );
}

#[test]
fn unsigned_arithmetic_wraps() {
    let src = "void k(unsigned int U[2], unsigned char C[1]) {\n  U[0] = U[0] - 1u;\n  U[1] = 4000000000u * 3u;\n  C[0] = 250;\n  C[0] += 10;\n}";
    let f = lower(src);
    let mut w =
        Workload::generate(&f, &RunSpec::parse_args(&["--array", "U=0,0"]).unwrap()).unwrap();
    interp::run(&f, &mut w.args, &Limits::default()).unwrap();
    assert_eq!(w.args.buffers[0].get(0), Value::Int(4294967295));
    assert_eq!(
        w.args.buffers[0].get(1),
        Value::Int((4_000_000_000u64 * 3 % (1 << 32)) as i128)
    );
    assert_eq!(w.args.buffers[1].get(0), Value::Int(4));
}

#[test]
fn division_by_zero_shifts_and_conversions_are_errors() {
    run_err(
        "void k(int n, int A[1]) {\n  A[0] = 7 / n;\n}",
        &["--set", "n=0"],
        expect!["t.c:2:3: integer division by zero"],
    );
    run_err(
        "void k(int n, int A[1]) {\n  A[0] = -2147483647 - 1;\n  A[0] = A[0] % n;\n}",
        &["--set", "n=-1"],
        expect!["t.c:3:3: signed overflow in -2147483648 % -1"],
    );
    run_err(
        "void k(int n, int A[1]) {\n  A[0] = 1 << n;\n}",
        &["--set", "n=32"],
        expect!["t.c:2:3: shift by 32 of a 32-bit value"],
    );
    run_err(
        "void k(double x, int A[1]) {\n  A[0] = x;\n}",
        &["--set", "x=3e10"],
        expect!["t.c:2:3: conversion of 30000000000 to int is out of range (undefined in C)"],
    );
    // Narrowing integer conversions are defined (they wrap), not errors.
    assert!(
        run(
            "void k(int n, signed char A[1]) {\n  A[0] = n;\n}",
            &["--set", "n=300"],
            100
        )
        .is_ok()
    );
}

#[test]
fn out_of_bounds_accesses_name_the_array_and_indices() {
    let src =
        "void k(int n, double A[4][5]) {\n  for (int i = 0; i < n; i++)\n    A[i][0] = A[i][1];\n}";
    assert_eq!(
        run_err(
            src,
            &["--set", "n=5"],
            expect!["t.c:3:5: read of A[4][1] is out of bounds: element 21 of a buffer of 20"]
        ),
        RunErrorKind::OutOfBounds
    );
    // An inner index beyond its dimension but inside the buffer is what C's flat memory does.
    assert!(run("void k(double A[4][5]) {\n  A[0][7] = 1;\n}", &[], 10).is_ok());
    // Before the buffer.
    run_err(
        "void k(double *P) {\n  P[-1] = 0;\n}",
        &["--len", "P=3"],
        expect!["t.c:2:3: write of P[-1] is out of bounds: element -1 of a buffer of 3"],
    );
    // An alias may reach back into the buffer it points into.
    assert!(
        run(
            "void k(double *A, double *B) {\n  B[-1] = 2;\n}",
            &["--len", "A=4", "--alias", "B=A+1"],
            10
        )
        .is_ok()
    );
}

#[test]
fn endless_loops_stop_at_the_step_limit() {
    // An unsigned char counter never reaches 300: it wraps (defined), so the loop is endless.
    let src =
        "void k(int n, int A[256]) {\n  for (unsigned char c = 0; c < n; c++)\n    A[c] = c;\n}";
    let (kind, msg) = run(src, &["--set", "n=300"], 10_000).unwrap_err();
    assert_eq!(kind, RunErrorKind::StepLimit);
    expect!["t.c:2:3: stopped after 10000 steps (assignments and loop tests)"].assert_eq(&msg);
    assert!(run(src, &["--set", "n=200"], 10_000).is_ok());
}

#[test]
fn uninitialized_locals_are_errors() {
    run_err(
        "void k(double A[2]) {\n  double s;\n  A[0] = s;\n}",
        &[],
        expect!["t.c:3:3: read of local `s` before it is written"],
    );
    run_err(
        "void k(double A[2]) {\n  double t[4];\n  t[0] = 1;\n  A[0] = t[1];\n}",
        &[],
        expect!["t.c:4:3: read of local array `t` at element 1 before it is written"],
    );
}

#[test]
fn workload_errors_say_what_to_give() {
    let f = lower("void k(int n, long m, double *P, double A[n]) {\n  P[0] = A[0];\n}");
    let e = Workload::generate(&f, &RunSpec::default()).unwrap_err();
    expect!["missing parameter values: n, m (give each with --set NAME=VALUE)"]
        .assert_eq(&e.to_string());
    let e = Workload::generate(
        &f,
        &RunSpec::parse_args(&["--set", "n=2", "--set", "m=1"]).unwrap(),
    )
    .unwrap_err();
    expect!["`P` has no size in its declaration: give its length with --len P=N"]
        .assert_eq(&e.to_string());
    let e = Workload::generate(&f, &RunSpec::parse_args(&["--set", "n=x"]).unwrap()).unwrap_err();
    expect!["--set n: `x` is not a value of type int"].assert_eq(&e.to_string());
    let e = RunSpec::parse_args(&["--frobnicate", "1"]).unwrap_err();
    expect!["unknown option `--frobnicate`"].assert_eq(&e.to_string());
}

#[test]
fn generated_inputs_follow_the_contract() {
    let f = lower("void k(int n, double A[n], int B[n], float *C) {\n  A[0] = A[0];\n}");
    let spec = RunSpec::parse_args(&["--set", "n=3", "--len", "C=2", "--array", "B=-5,6"]).unwrap();
    let w = Workload::generate(&f, &spec).unwrap();
    // A is array parameter 0, B is 1, C is 2: ((k*7 + a*3) % 17 + 1) / 16 and (k*7 + a*3) % 17.
    let a: Vec<Value> = (0..3).map(|k| w.args.buffers[0].get(k)).collect();
    assert_eq!(
        a,
        vec![
            Value::F64(1.0 / 16.0),
            Value::F64(8.0 / 16.0),
            Value::F64(15.0 / 16.0)
        ]
    );
    let b: Vec<Value> = (0..3).map(|k| w.args.buffers[1].get(k)).collect();
    assert_eq!(b, vec![Value::Int(-5), Value::Int(6), Value::Int(17 % 17)]);
    let c: Vec<Value> = (0..2).map(|k| w.args.buffers[2].get(k)).collect();
    assert_eq!(c, vec![Value::F32(7.0 / 16.0), Value::F32(14.0 / 16.0)]);
    // FNV-1a of the empty input is the offset basis.
    assert_eq!(interp::fnv1a(&[]), 0xcbf29ce484222325);
    assert_eq!(interp::fnv1a(b"a"), 0xaf63dc4c8601ec8c);
}

/// A compiler that is not C builds the IR directly: `for (i = 0; i < n; i++) A[i] = A[i] * 2 + i`.
#[test]
fn builder_api() {
    let n = VarId(0);
    let i = VarId(1);
    let a = ArrayId(0);
    let read = Expr::read(a, Type::F64, vec![Expr::var(i, Type::I32)]).unwrap();
    let value = Expr::binary(
        BinOp::Add,
        Expr::binary(BinOp::Mul, read, Expr::int32(2)).unwrap(),
        Expr::var(i, Type::I32),
    )
    .unwrap();
    let store = Stmt::new(StmtKind::Assign(
        LValue::Elem(a, vec![Expr::var(i, Type::I32).convert(Type::I64).unwrap()]),
        value,
    ));
    let body = vec![Stmt::new(StmtKind::For(For {
        var: i,
        init: Expr::int32(0),
        cond: LoopCond {
            op: BinOp::Lt,
            bound: Expr::var(n, Type::I32),
            ty: Type::I32,
        },
        step: 1,
        body: vec![store],
    }))];
    let f = Function {
        name: "twice".into(),
        params: vec![Param::Scalar(n), Param::Array(a)],
        vars: vec![
            Var {
                name: "n".into(),
                ty: Type::I32,
                kind: VarKind::Param,
            },
            Var {
                name: "i".into(),
                ty: Type::I32,
                kind: VarKind::Local,
            },
        ]
        .into(),
        arrays: vec![Array {
            name: "A".into(),
            elem: Type::F64,
            dims: vec![Dim::Expr(
                Expr::var(n, Type::I32).convert(Type::I64).unwrap(),
            )],
            kind: ArrayKind::Param { restrict: false },
        }]
        .into(),
        body,
        ret: None,
        is_static: false,
        file_scope: Vec::new(),
        peeled: Vec::new(),
        counted: Vec::new(),
    };
    f.validate().unwrap();
    expect![[r#"
        void twice(int n, double A[n]) {
          int i;
          for (i = 0; i < n; i++) {
            A[i] = A[i] * (double)2 + (double)i;
          }
        }
    "#]]
    .assert_eq(&f.to_string());
    let mut args = Args {
        scalars: vec![Some(Value::Int(3)), None].into(),
        buffers: vec![Buffer::zeroed(Type::F64, 3)],
        bindings: vec![Some(Binding {
            buffer: 0,
            offset: 0,
        })]
        .into(),
        returned: None,
    };
    args.buffers[0].set(1, Value::F64(1.5));
    interp::run(&f, &mut args, &Limits::default()).unwrap();
    assert_eq!(args.buffers[0].get(1), Value::F64(4.0));
    assert_eq!(args.buffers[0].get(2), Value::F64(2.0));

    // Hand-built IR with a type error is refused, not run.
    let mut bad = f.clone();
    if let StmtKind::For(l) = &mut bad.body[0].kind {
        l.init = Expr::float(0.0, Type::F64).unwrap();
    }
    assert!(bad.validate().is_err());
    assert_eq!(
        interp::run(&bad, &mut args, &Limits::default())
            .unwrap_err()
            .kind,
        RunErrorKind::BadArguments
    );
    // Constructors refuse what C refuses.
    assert!(
        Expr::binary(
            BinOp::Rem,
            Expr::float(1.0, Type::F64).unwrap(),
            Expr::int32(2)
        )
        .is_err()
    );
    assert!(Expr::int(300, Type::U8).is_err());
    let mut deep = Expr::int32(1);
    for _ in 0..MAX_DEPTH {
        match Expr::unary(UnOp::Neg, deep.clone()) {
            Ok(e) => deep = e,
            Err(e) => {
                assert!(e.to_string().contains("nested deeper"));
                return;
            }
        }
    }
    panic!("depth was not bounded");
}

/// The builder gives the IR the front end gives for the same C: the same conversions, labels
/// and nesting (compared as printed IR, every conversion explicit).
#[test]
fn the_function_builder_matches_the_front_end() {
    use optimist_scop::builder::FunctionBuilder;
    let src = "void k(int n, unsigned char m, float alpha, float C[n][n], short A[n][n]) {
  for (long i = 0; i < n; i++)
Inner:
    for (int j = n - 1; j >= m; j -= 2) {
      if (i < j)
        C[i][j] = alpha * A[j][i] + i;
      else
        C[i][j] = sqrtf(C[i][j]);
    }
}
";
    let parsed =
        optimist_scop::frontend::parse_source("k.c", src, None, &Default::default()).unwrap();
    let mut b = FunctionBuilder::new("k");
    let n = b.scalar_param("n", Type::I32).unwrap();
    let m = b.scalar_param("m", Type::U8).unwrap();
    let alpha = b.scalar_param("alpha", Type::F32).unwrap();
    let c = b
        .array_param("C", Type::F32, &[b.size(n), b.size(n)], false)
        .unwrap();
    let a = b
        .array_param("A", Type::I16, &[b.size(n), b.size(n)], false)
        .unwrap();
    let i = b.local("i", Type::I64).unwrap();
    let j = b.local("j", Type::I32).unwrap();
    b.begin_for(i, Expr::int32(0), BinOp::Lt, b.var(n), 1)
        .unwrap();
    b.label("Inner").unwrap();
    let start = Expr::binary(BinOp::Sub, b.var(n), Expr::int32(1)).unwrap();
    b.begin_for(j, start, BinOp::Ge, b.var(m), -2).unwrap();
    b.begin_if(Expr::binary(BinOp::Lt, b.var(i), b.var(j)).unwrap())
        .unwrap();
    let product = Expr::binary(
        BinOp::Mul,
        b.var(alpha),
        b.read(a, vec![b.var(j), b.var(i)]).unwrap(),
    )
    .unwrap();
    let value = Expr::binary(BinOp::Add, product, b.var(i)).unwrap();
    b.store(c, vec![b.var(i), b.var(j)], value).unwrap();
    b.begin_else().unwrap();
    let root = Expr::call(
        optimist_scop::ir::MathFn::Sqrt,
        Type::F32,
        vec![b.read(c, vec![b.var(i), b.var(j)]).unwrap()],
    )
    .unwrap();
    b.store(c, vec![b.var(i), b.var(j)], root).unwrap();
    b.end().unwrap();
    b.end().unwrap();
    b.end().unwrap();
    let built = b.finish().unwrap();
    assert_eq!(built.to_string(), parsed.to_string());
    assert_eq!(built, parsed_without_positions(parsed));
}

/// `f` with the source positions dropped (the builder has none).
fn parsed_without_positions(mut f: optimist_scop::ir::Function) -> optimist_scop::ir::Function {
    fn strip(stmts: &mut [Stmt]) {
        for s in stmts {
            s.loc = None;
            match &mut s.kind {
                StmtKind::For(l) => strip(&mut l.body),
                StmtKind::If(_, t, e) => {
                    strip(t);
                    strip(e);
                }
                StmtKind::Block(b) => strip(b),
                StmtKind::Assign(..) => {}
            }
        }
    }
    strip(&mut f.body);
    f
}

#[test]
fn the_function_builder_refuses_what_is_not_a_function() {
    use optimist_scop::builder::FunctionBuilder;
    let mut b = FunctionBuilder::new("k");
    let n = b.scalar_param("n", Type::I32).unwrap();
    assert!(b.scalar_param("n", Type::I32).is_err(), "declared twice");
    assert!(
        b.scalar_param("2x", Type::I32).is_err(),
        "not an identifier"
    );
    let a = b.array_param("A", Type::F64, &[b.size(n)], false).unwrap();
    assert!(
        b.array_param(
            "B",
            Type::F64,
            &[b.size(n), optimist_scop::ir::Dim::Unknown],
            false
        )
        .is_err()
    );
    assert!(
        b.read(a, vec![])
            .unwrap_err()
            .0
            .contains("1 dimensions, not 0")
    );
    let i = b.local("i", Type::I32).unwrap();
    assert!(
        b.begin_for(i, Expr::int32(0), BinOp::Add, b.var(n), 1)
            .is_err()
    );
    assert!(
        b.begin_for(i, Expr::int32(0), BinOp::Lt, b.var(n), 0)
            .is_err()
    );
    assert!(b.begin_else().is_err());
    assert!(b.end().is_err());
    b.begin_for(i, Expr::int32(0), BinOp::Lt, b.var(n), 1)
        .unwrap();
    let open = b.clone().finish().unwrap_err();
    assert!(open.0.contains("not closed"), "{open}");
    b.end().unwrap();
    b.label("L").unwrap();
    assert!(b.label("M").is_err());
    assert!(
        b.finish()
            .unwrap_err()
            .0
            .contains("label `L` on no statement")
    );
}

/// A negation of a negation prints as `-(-x)`: `--x` would be a decrement in C (found by the
/// random programs of `optimist-testkit`).
#[test]
fn double_negation_prints_as_c() {
    check_ir(
        "void f(double a, double A[2]) { A[0] = -(-a); A[1] = -(-1.5); }",
        expect![[r#"
            void f(double a, double A[2]) {
              A[0] = -(-a);
              A[1] = 1.5;
            }
        "#]],
    );
}

/// `i < a && i < b` is one bound, the smaller (`?:`); `>`/`>=` take the larger. Mixed operators
/// are refused with what to write.
#[test]
fn loop_conditions_joined_by_and() {
    check_ir(
        "void f(int n, int m, double A[10]) { for (int i = 0; i < n && i < m + 1; i++) A[i] = 1.0; for (int j = 9; j >= n && j >= 2; j--) A[j] = 2.0; }",
        expect![[r#"
            void f(int n, int m, double A[10]) {
              int i;
              int j;
              for (i = 0; i < (n < m + 1 ? n : m + 1); i++) {
                A[i] = 1.0;
              }
              for (j = 9; j >= (n > 2 ? n : 2); j--) {
                A[j] = 2.0;
              }
            }
        "#]],
    );
    let src = "void f(int n, double A[10]) { for (int i = 0; i < n && i <= 9; i++) A[i] = 1.0; }";
    let e = parse_source("t.c", src, None, &FrontendConfig::default()).unwrap_err();
    assert!(e.message.contains("the same way on both sides"), "{e}");
    assert_eq!(
        run(
            "void f(int n, int m, double A[10]) { for (int i = 0; i < n && i < m; i++) A[i] = 1.0; }",
            &["--set", "n=7", "--set", "m=3"],
            1000
        ),
        run(
            "void f(int n, int m, double A[10]) { for (int i = 0; i < 3; i++) A[i] = 1.0; }",
            &["--set", "n=7", "--set", "m=3"],
            1000
        ),
    );
}

/// A function that returns a value: `return e;` as its last statement becomes a store into a
/// one-element local (the return slot, `Function::ret`), read back after the run; the builder
/// gives the same IR; `return` elsewhere is refused with what to write.
#[test]
fn returning_functions() {
    let src = "long sum(int n, int A[n]) { long s = 0; for (int i = 0; i < n; i++) s += A[i]; return s * 2; }";
    check_ir(
        src,
        expect![[r#"
            long sum(int n, int A[n]) {
              long s;
              int i;
              long optimist_return[1];
              s = (long)0;
              for (i = 0; i < n; i++) {
                s = s + (long)A[i];
              }
              optimist_return[0l] = s * (long)2;
              return optimist_return[0];
            }
        "#]],
    );
    let f = lower(src);
    let mut w = Workload::generate(&f, &RunSpec::parse_args(&["--set", "n=5"]).unwrap()).unwrap();
    interp::run(&f, &mut w.args, &Limits::default()).unwrap();
    // A[k] = (k * 7) % 17 for k < 5: 0 + 7 + 14 + 4 + 11 = 36.
    assert_eq!(w.args.returned, Some(Value::Int(72)));
    assert_eq!(w.hashes(&f).last().unwrap().0, "return");

    let mut b = optimist_scop::builder::FunctionBuilder::new("sum");
    let n = b.scalar_param("n", Type::I32).unwrap();
    let a = b.array_param("A", Type::I32, &[b.size(n)], false).unwrap();
    let s = b.local("s", Type::I64).unwrap();
    let i = b.local("i", Type::I32).unwrap();
    b.assign(s, Expr::int(0, Type::I32).unwrap()).unwrap();
    b.begin_for(i, Expr::int(0, Type::I32).unwrap(), BinOp::Lt, b.var(n), 1)
        .unwrap();
    let ai = b.read(a, vec![b.var(i)]).unwrap();
    b.assign(s, Expr::binary(BinOp::Add, b.var(s), ai).unwrap())
        .unwrap();
    b.end().unwrap();
    let twice = Expr::binary(BinOp::Mul, b.var(s), Expr::int(2, Type::I32).unwrap()).unwrap();
    b.return_value(Type::I64, twice).unwrap();
    assert_eq!(b.finish().unwrap().to_string(), f.to_string());

    for (src, message) in [
        (
            "double f(int n) { return 1.0; n = 2; }",
            "only as the function's last statement",
        ),
        (
            "double f(int n, double A[2]) { A[0] = n; }",
            "it must end with `return VALUE;`",
        ),
        (
            "void f(int n, double A[2]) { A[0] = n; return 1; }",
            "is `void` but returns a value",
        ),
    ] {
        let e = parse_source("t.c", src, None, &FrontendConfig::default()).unwrap_err();
        assert!(e.message.contains(message), "{src}: {e}");
    }
    // A `void` function may end with `return;`.
    lower("void f(int n, double A[2]) { A[0] = n; return; }");
}

/// `Function::contracted`: each floating `x * y + z` and `z + x * y` becomes `fma(x, y, z)`
/// (the left product when both operands are products, inner sums first); differences,
/// integers, conditions and a product converted before the sum stay; the contracted function
/// contracts to itself; and the interpreter computes `fma` rounded once (C's `fma`).
#[test]
fn contraction_rewrites_products_added_and_nothing_else() {
    let f = lower(
        "void k(int n, double A[n], float B[n], int C[n], double s) {\n  for (int i = 0; i < n; i++) {\n    A[i] = A[i] * s + 1.0;\n    A[i] += s * A[i];\n    A[i] = A[i] * s + B[i] * s;\n    A[i] = A[i] * s - 1.0;\n    B[i] = B[i] * B[i] + (float)(A[i] * s) + 2.0f;\n    C[i] = C[i] * 3 + 1;\n    if (A[i] * s + 1.0 > 0.0)\n      A[i] = 0.0;\n  }\n}\n",
    );
    let g = f.contracted().unwrap();
    expect![[r#"
        void k(int n, double A[n], float B[n], int C[n], double s) {
          int i;
          for (i = 0; i < n; i++) {
            A[i] = fma(A[i], s, 1.0);
            A[i] = fma(s, A[i], A[i]);
            A[i] = fma(A[i], s, (double)B[i] * s);
            A[i] = A[i] * s - 1.0;
            B[i] = fmaf(B[i], B[i], (float)(A[i] * s)) + 2.0f;
            C[i] = C[i] * 3 + 1;
            if (fma(A[i], s, 1.0) > 0.0) {
              A[i] = 0.0;
            }
          }
        }
    "#]]
    .assert_eq(&g.to_string());
    assert_eq!(g.contracted().unwrap(), g);
    // (1 + e)^2 - (1 + 2e) is e^2 exactly; rounded twice, 0.
    let (x, z) = (1.0 + f64::EPSILON, -(1.0 + 2.0 * f64::EPSILON));
    assert_eq!(
        MathFn::Fma.eval_f64(&[x, x, z]),
        f64::EPSILON * f64::EPSILON
    );
    assert_eq!(x * x + z, 0.0);
}
