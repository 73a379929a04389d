//! Calls refused with wrong buffers leave every buffer as it was, for every way arguments
//! reach a kernel: typed slices (`Kernel::call`), the interpreter's `Args` with aliased
//! bindings (`Kernel::run`), `optimist run`'s inputs with `--len`, and the raw C entries of the
//! JIT and of an object file. A buffer shorter than its declared shape is refused before any
//! code runs; a stop part way (an access past a buffer without a declared size, or past an
//! array's declared size in the raw entries, a division by zero) puts back what was written.
//! Each case asserts which code ran or was refused, and compares every buffer bit for bit.

use optimist::codegen::{ArrayArg, Kernel, KernelError, Status, Version};
use optimist::{Config, NativeOptions};
use optimist_scop::frontend::{self, FrontendConfig};
use optimist_scop::interp::{self, Value};
use optimist_scop::workload::{RunSpec, Workload};
use std::process::Command;

mod common;

fn parse(src: &str, function: &str) -> optimist_scop::ir::Function {
    let fc = FrontendConfig {
        function: Some(function.to_string()),
        ..Default::default()
    };
    frontend::parse_source("refused.c", src, None, &fc).unwrap()
}

/// The faithful kernel and the optimized one (asserted optimized).
fn kernels(f: &optimist_scop::ir::Function) -> [(Kernel, &'static str); 2] {
    let optimized = optimist::compile(f, &Config::default()).unwrap().kernel;
    assert!(optimized.is_optimized(), "{}", f.name);
    [
        (Kernel::faithful(f).unwrap(), "faithful"),
        (optimized, "optimized"),
    ]
}

const PRODUCT: &str = "void mm(int n, double C[n][n], double A[n][n], double B[n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        C[i][j] += A[i][k] * B[k][j];
}
void flat(int n, double *C, double *A, double *B) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        C[i * n + j] += A[i * n + k] * B[k * n + j];
}
void steps(int n, int d, int A[n], int Q[n]) {
  for (int i = 0; i < n; i++)
    A[i] = A[i] * 2 + Q[i] / (d - i);
}
void past(int n, double A[8]) {
  for (int i = 0; i < n; i++)
    A[i] = A[i] + 1.0;
}
";

/// `C += A * B` through typed slices: C one element short, then A one short, refused before
/// any code ran with every slice unchanged; the right lengths run.
#[test]
fn short_slices_are_refused_before_anything_is_written() {
    let f = parse(PRODUCT, "mm");
    let n = 64usize;
    let init = |len: usize, salt: usize| -> Vec<f64> {
        (0..len)
            .map(|k| ((k * 7 + salt) % 17) as f64 / 8.0)
            .collect()
    };
    for (kernel, what) in kernels(&f) {
        for (c_len, a_len, short) in [(n * n - 1, n * n, "C"), (n * n, n * n - 1, "A")] {
            let (mut c, mut a, mut b) = (init(c_len, 1), init(a_len, 2), init(n * n, 3));
            let before = (c.clone(), a.clone(), b.clone());
            let r = kernel.call(
                &[("n", Value::Int(n as i128))],
                &mut [
                    ("C", ArrayArg::F64(&mut c)),
                    ("A", ArrayArg::F64(&mut a)),
                    ("B", ArrayArg::F64(&mut b)),
                ],
            );
            assert_eq!(
                r,
                Err(KernelError::TooSmall {
                    array: short.into(),
                    need: (n * n) as u128,
                    have: (n * n - 1) as u64
                }),
                "{what}"
            );
            assert!(
                bits(&c) == bits(&before.0) && bits(&a) == bits(&before.1),
                "{what}"
            );
            assert!(bits(&b) == bits(&before.2), "{what}");
        }
        let (mut c, mut a, mut b) = (init(n * n, 1), init(n * n, 2), init(n * n, 3));
        let v = kernel
            .call(
                &[("n", Value::Int(n as i128))],
                &mut [
                    ("C", ArrayArg::F64(&mut c)),
                    ("A", ArrayArg::F64(&mut a)),
                    ("B", ArrayArg::F64(&mut b)),
                ],
            )
            .unwrap();
        let expect = if what == "optimized" {
            Version::Optimized
        } else {
            Version::Fallback
        };
        assert_eq!(v, expect, "{what}");
    }
}

fn bits(v: &[f64]) -> Vec<u64> {
    v.iter().map(|x| x.to_bits()).collect()
}

/// The same product on flat pointers, lengths from `--len`: C one element short makes the
/// optimized code refuse by its footprint and the faithful code stop part way; either way
/// every buffer is as generated. A `--len` shorter than a declared shape is refused when the
/// inputs are made, naming the length to give.
#[test]
fn short_flat_buffers_from_len_leave_every_buffer_as_it_was() {
    let f = parse(PRODUCT, "flat");
    let n = 40;
    for (kernel, what) in kernels(&f) {
        for (c, a) in [(n * n - 1, n * n), (n * n, n * n - 1), (n * n, n * n)] {
            let args = [
                "--set".to_string(),
                format!("n={n}"),
                "--len".into(),
                format!("C={c}"),
                "--len".into(),
                format!("A={a}"),
                "--len".into(),
                format!("B={}", n * n),
            ];
            let spec = RunSpec::parse_args(&args).unwrap();
            let mut w = Workload::generate(&f, &spec).unwrap();
            let before = w.args.buffers.clone();
            let r = kernel.run(&mut w.args);
            if c == n * n && a == n * n {
                let mut reference = Workload::generate(&f, &spec).unwrap();
                interp::run(&f, &mut reference.args, &Default::default()).unwrap();
                assert!(r.is_ok(), "{what}: {r:?}");
                assert_eq!(w.args.buffers, reference.args.buffers, "{what}");
                continue;
            }
            assert!(
                matches!(
                    r,
                    Err(KernelError::OutOfBounds | KernelError::Footprint { .. })
                ),
                "{what} {args:?}: {r:?}"
            );
            assert_eq!(w.args.buffers, before, "{what} {args:?}");
        }
    }
    // A declared shape and a shorter --len: refused before anything runs, by every back end.
    let f = parse(PRODUCT, "mm");
    let spec = RunSpec::parse_args(&["--set", "n=8", "--len", "C=63"]).unwrap();
    let e = Workload::generate(&f, &spec).unwrap_err().to_string();
    assert!(e.contains("--len C=63") && e.contains("64"), "{e}");
}

/// `Args` bindings: B aliased into A's buffer near its end (`B = A + 60` of 64 elements) has
/// fewer elements than its declared shape: refused, both buffers' bytes unchanged; the
/// interpreter refuses it too. An alias made by `--alias` gets a buffer long enough.
#[test]
fn aliased_bindings_too_short_for_their_shape_are_refused() {
    let src = "void shift(int n, double A[n], double B[n]) {\n  for (int i = 0; i < n; i++)\n    B[i] = A[i] * 0.5 + B[i];\n}\n";
    let f = parse(src, "shift");
    for (kernel, what) in kernels(&f) {
        let spec = RunSpec::parse_args(&["--set", "n=64", "--alias", "B=A+60"]).unwrap();
        let mut w = Workload::generate(&f, &spec).unwrap();
        // `--alias` made A's buffer long enough for B.
        assert_eq!(w.args.buffers[0].len(), 124, "{what}");
        let mut reference = w.clone();
        interp::run(&f, &mut reference.args, &Default::default()).unwrap();
        assert!(kernel.run(&mut w.args).is_ok(), "{what}");
        assert_eq!(w.args.buffers, reference.args.buffers, "{what}");
        // A buffer of A's own shape only: B's view is 4 elements.
        let mut w = Workload::generate(&f, &spec).unwrap();
        w.args.buffers[0].bytes.truncate(64 * 8);
        let before = w.args.buffers.clone();
        assert_eq!(
            kernel.run(&mut w.args),
            Err(KernelError::TooSmall {
                array: "B".into(),
                need: 64,
                have: 4
            }),
            "{what}"
        );
        assert_eq!(w.args.buffers, before, "{what}");
        let e = interp::run(&f, &mut w.args, &Default::default()).unwrap_err();
        assert_eq!(e.kind, interp::RunErrorKind::BadArguments, "{e}");
        assert_eq!(w.args.buffers, before, "{what}");
    }
}

/// A division by zero part way (`Q[i] / (d - i)` at `i = d`) through `Kernel::call`, in the
/// faithful and in the optimized code (a program that may fail on its data runs its
/// optimized code with copies too): `Division`, and A as it was. Without undo
/// (`NativeOptions::undo` off) the faithful code leaves what it wrote before the stop, as the
/// interpreter does.
#[test]
fn a_division_by_zero_part_way_changes_nothing() {
    let f = parse(PRODUCT, "steps");
    let n = 32usize;
    let q: Vec<i32> = (0..n as i32).map(|k| k * 3 + 1).collect();
    for (kernel, what) in kernels(&f) {
        let (mut a, mut q) = ((0..n as i32).collect::<Vec<i32>>(), q.clone());
        let before = a.clone();
        let r = kernel.call(
            &[("n", Value::Int(n as i128)), ("d", Value::Int(20))],
            &mut [("A", ArrayArg::I32(&mut a)), ("Q", ArrayArg::I32(&mut q))],
        );
        assert_eq!(r, Err(KernelError::Division), "{what}");
        assert_eq!(a, before, "{what}");
    }
    let in_place = NativeOptions {
        undo: false,
        ..Default::default()
    };
    let kernel = Kernel::compile_with(&f, None, &in_place).unwrap();
    let (mut a, mut q) = ((0..n as i32).collect::<Vec<i32>>(), q.clone());
    let r = kernel.call(
        &[("n", Value::Int(n as i128)), ("d", Value::Int(20))],
        &mut [("A", ArrayArg::I32(&mut a)), ("Q", ArrayArg::I32(&mut q))],
    );
    assert_eq!(r, Err(KernelError::Division));
    // A[1] = 1 * 2 + 4 / 19.
    assert_eq!(a[1], 2, "written before the stop");
    assert_eq!(&a[20..], &(20..n as i32).collect::<Vec<_>>()[..]);
}

/// The JIT's raw status entry: a program that runs past its array's declared size
/// (`A[8]`, n = 12) stops with `OutOfBounds` after writing eight elements, and a division by
/// zero part way stops with `Division`: both leave the buffers as they were, optimized
/// kernel or faithful.
#[test]
fn the_raw_status_entry_puts_back_what_a_stopped_call_wrote() {
    type Past = unsafe extern "C" fn(i32, *mut f64) -> i32;
    type Steps = unsafe extern "C" fn(i32, i32, *mut i32, *mut i32) -> i32;
    let past = parse(PRODUCT, "past");
    let steps = parse(PRODUCT, "steps");
    for ((pk, what), (sk, _)) in kernels(&past).into_iter().zip(kernels(&steps)) {
        let mut a: Vec<f64> = (0..8).map(|k| k as f64 * 0.25).collect();
        let before = bits(&a);
        // SAFETY: the prototype is `int past_status(int n, double A[8])`; A holds its 8.
        let status = unsafe {
            let f = std::mem::transmute::<*const u8, Past>(pk.entry().status_address());
            f(12, a.as_mut_ptr())
        };
        assert_eq!(Status::decode(status).0, Status::OutOfBounds, "{what}");
        assert_eq!(bits(&a), before, "{what}");
        // SAFETY: as above, sizes 8 and 8 for n = 8.
        let ok = unsafe {
            let f = std::mem::transmute::<*const u8, Past>(pk.entry().status_address());
            f(8, a.as_mut_ptr())
        };
        assert_eq!(ok & !0x100, 0, "{what}");
        assert_eq!(a[7], 1.75 + 1.0, "{what}");
        let (mut a, mut q): (Vec<i32>, Vec<i32>) = ((0..16).collect(), (1..17).collect());
        let before = a.clone();
        // SAFETY: `int steps_status(int n, int d, int A[n], int Q[n])`, 16 elements each.
        let status = unsafe {
            let f = std::mem::transmute::<*const u8, Steps>(sk.entry().status_address());
            f(16, 9, a.as_mut_ptr(), q.as_mut_ptr())
        };
        assert_eq!(Status::decode(status).0, Status::Division, "{what}");
        assert_eq!(a, before, "{what}");
    }
}

/// The same raw entries in an object file linked into a C program by every C compiler at
/// hand: the error statuses, and every element as it was.
#[test]
fn object_code_puts_back_what_a_stopped_call_wrote() {
    let compilers = common::c_compilers();
    if compilers.is_empty() {
        eprintln!("no C compiler: object code is not checked");
        return;
    }
    let dir = std::env::temp_dir().join(format!("optimist-refused-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut sources = Vec::new();
    let mut header = String::new();
    for name in ["past", "steps"] {
        let f = parse(PRODUCT, name);
        // One thread: the objects link without OpenMP's run time.
        let config = Config {
            native: NativeOptions {
                threads: 1,
                ..Default::default()
            },
            ..Default::default()
        };
        let (object, outcome) = optimist::compile_object(&f, &config).unwrap();
        assert!(
            object.links.iter().all(|l| *l == "-lm"),
            "{:?}",
            object.links
        );
        assert!(outcome.plan().is_some(), "{name}");
        let obj = dir.join(format!("{name}.o"));
        std::fs::write(&obj, &object.bytes).unwrap();
        header.push_str(&object.header);
        sources.push(obj);
    }
    std::fs::write(dir.join("kernels.h"), header).unwrap();
    let main = dir.join("main.c");
    std::fs::write(
        &main,
        "#include <stdio.h>\n#include \"kernels.h\"\nint main(void) {\n  double A[8];\n  int B[16], Q[16], same = 1;\n  for (int i = 0; i < 8; i++) A[i] = i * 0.25;\n  for (int i = 0; i < 16; i++) { B[i] = i; Q[i] = i + 1; }\n  int s = past_status(12, A);\n  for (int i = 0; i < 8; i++) same &= A[i] == i * 0.25;\n  int t = steps_status(16, 9, B, Q);\n  for (int i = 0; i < 16; i++) same &= B[i] == i;\n  int u = past_status(8, A);\n  printf(\"%#x %#x %d %#x %.2f\\n\", s & 0xff, t & 0xff, same, u & 0xff, A[7]);\n  return 0;\n}\n",
    )
    .unwrap();
    for cc in &compilers {
        let exe = dir.join(format!("main-{cc}"));
        let out = Command::new(cc)
            .current_dir(&dir)
            .arg(&main)
            .args(&sources)
            .arg("-o")
            .arg(&exe)
            .arg("-lm")
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{cc}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let run = Command::new(&exe).output().unwrap();
        assert_eq!(
            String::from_utf8_lossy(&run.stdout),
            "0x1 0x2 1 0 2.75\n",
            "{cc}"
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}
