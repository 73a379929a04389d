//! The typed call surface (`Kernel::signature`, `Signature::call`, `CEntry::typed`): names
//! resolved once, arguments refused before any code runs, a buffer shared between two
//! parameters run as C runs it, and the C entry's Rust type checked.

use optimist::codegen::{Arg, KernelError, Version};
use optimist::scop::frontend::{self, FrontendConfig};
use optimist::scop::id::IdVec;
use optimist::scop::interp::{self, Args, Binding, Buffer, Value};
use optimist::scop::ir::Function;
use optimist::{Config, Kernel};
use std::cell::Cell;

fn parse(src: &str) -> Function {
    frontend::parse_source("k.c", src, None, &FrontendConfig::default()).unwrap()
}

/// The interpreter's run of `add` at `n` on `buffers` (of doubles), `A` and `B` bound to
/// (buffer, offset): the buffers afterwards, as bits.
fn reference(
    f: &Function,
    n: usize,
    buffers: &[&[f64]],
    a: (usize, usize),
    b: (usize, usize),
) -> Vec<Vec<u64>> {
    let mut args = Args {
        scalars: IdVec::filled(f.vars.len(), None),
        buffers: Vec::new(),
        bindings: IdVec::filled(f.arrays.len(), None),
        returned: None,
    };
    for data in buffers {
        let mut buf = Buffer::zeroed(optimist::scop::Type::F64, data.len());
        for (i, x) in data.iter().enumerate() {
            buf.set(i, Value::F64(*x));
        }
        args.buffers.push(buf);
    }
    let var = f.vars.iter().position(|v| v.name == "n").unwrap();
    args.scalars[optimist::scop::ir::VarId(var as u32)] = Some(Value::Int(n as i128));
    for (name, (buffer, offset)) in [("A", a), ("B", b)] {
        let id = f.arrays.iter().position(|x| x.name == name).unwrap();
        args.bindings[optimist::scop::ir::ArrayId(id as u32)] = Some(Binding { buffer, offset });
    }
    interp::run(f, &mut args, &interp::Limits::default()).unwrap();
    args.buffers
        .iter()
        .map(|b| {
            (0..b.len())
                .map(|i| match b.get(i) {
                    Value::F64(x) => x.to_bits(),
                    other => panic!("{other:?}"),
                })
                .collect()
        })
        .collect()
}

fn bits(xs: &[f64]) -> Vec<u64> {
    xs.iter().map(|x| x.to_bits()).collect()
}

const ADD: &str = "void add(int n, double A[n], double B[n]) {\n  for (int i = 0; i < n; i++)\n    A[i] = A[i] + 2.0 * B[i];\n}";

/// `add` with a plan: versioned by its run-time check.
fn versioned_add() -> (Function, Kernel) {
    let f = parse(ADD);
    let compiled = optimist::compile(&f, &Config::default()).unwrap();
    assert!(
        compiled.outcome.plan().is_some(),
        "the test needs the optimized version"
    );
    (f, compiled.kernel)
}

#[test]
fn names_are_resolved_once_and_refused_there() {
    let (_, kernel) = versioned_add();
    let err = |r: Result<_, KernelError>| match r {
        Err(KernelError::BadArguments(m)) => m,
        Err(other) => panic!("another error: {other}"),
        Ok(_) => panic!("accepted"),
    };
    assert!(err(kernel.signature_of(&["n", "A", "A"])).contains("`A` is given twice"));
    assert!(err(kernel.signature_of(&["n", "A", "C"])).contains("`C` is not a parameter"));
    assert!(err(kernel.signature_of(&["n", "A"])).contains("no argument for `B`"));
    let sig = kernel.signature_of(&["B", "n", "A"]).unwrap();
    assert_eq!(sig.names(), ["B", "n", "A"]);
    assert_eq!(kernel.signature().names(), ["n", "A", "B"]);
}

#[test]
fn a_call_by_position_runs_the_optimized_code_and_matches_the_interpreter() {
    let (f, kernel) = versioned_add();
    let n = 37;
    let a0: Vec<f64> = (0..n).map(|i| i as f64 * 0.5).collect();
    let b: Vec<f64> = (0..n).map(|i| 1.0 - i as f64 * 0.25).collect();
    let mut a = a0.clone();
    let mut add = kernel.signature_of(&["B", "n", "A"]).unwrap();
    let version = add
        .call(&mut [
            b.as_slice().into(),
            (n as i32).into(),
            a.as_mut_slice().into(),
        ])
        .unwrap();
    assert_eq!(version, Version::Optimized);
    let want = reference(&f, n, &[&a0, &b], (0, 0), (1, 0));
    assert_eq!(bits(&a), want[0]);
}

#[test]
fn bad_arguments_are_refused_before_anything_is_written() {
    let (_, kernel) = versioned_add();
    let mut add = kernel.signature();
    let b = vec![1.0f64; 8];
    let mut a = vec![5.0f64; 8];
    let message = |r: Result<Version, KernelError>| r.unwrap_err().to_string();
    // `n` is an `int`: an `i64` is refused.
    assert!(
        message(add.call(&mut [8i64.into(), a.as_mut_slice().into(), b.as_slice().into()]))
            .contains("`n` is int")
    );
    // `A` is written: a shared borrow is refused.
    assert!(
        message(add.call(&mut [8i32.into(), b.as_slice().into(), b.as_slice().into()]))
            .contains("`A` is written by `add`")
    );
    // Wrong element type, wrong count, a scalar for an array.
    let mut floats = vec![0f32; 8];
    assert!(
        message(add.call(&mut [
            8i32.into(),
            floats.as_mut_slice().into(),
            b.as_slice().into()
        ]))
        .contains("does not hold double elements")
    );
    assert!(message(add.call(&mut [8i32.into()])).contains("takes 3 arguments"));
    assert!(
        message(add.call(&mut [8i32.into(), 1.0f64.into(), b.as_slice().into()]))
            .contains("`A` is an array")
    );
    // Too small for `A[n]` at n = 9: refused whole, nothing written.
    match add.call(&mut [9i32.into(), a.as_mut_slice().into(), b.as_slice().into()]) {
        Err(KernelError::TooSmall { array, need, have }) => {
            assert_eq!((array.as_str(), need, have), ("A", 9, 8));
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(a, vec![5.0; 8]);
}

#[test]
fn one_buffer_may_be_passed_for_two_parameters_and_the_check_decides() {
    let (f, kernel) = versioned_add();
    let n = 16usize;
    let start: Vec<f64> = (0..n + 1).map(|i| i as f64).collect();
    for shift in [0usize, 1] {
        let mut data = start.clone();
        let cells = Cell::from_mut(data.as_mut_slice()).as_slice_of_cells();
        let mut add = kernel.signature();
        // A and B overlap: B is A shifted by `shift` elements.
        add.call(&mut [
            (n as i32).into(),
            Arg::from(&cells[..n]),
            Arg::from(&cells[shift..shift + n]),
        ])
        .unwrap();
        // The interpreter with the same aliasing.
        let want = reference(&f, n, &[&start], (0, 0), (0, shift));
        assert_eq!(bits(&data), want[0], "B = A + {shift}");
    }
}

#[test]
fn the_c_entry_is_typed_only_as_its_c_signature() {
    let (_, kernel) = versioned_add();
    type Add = unsafe extern "C" fn(i32, *mut f64, *const f64);
    let add = kernel.entry().typed::<Add>().unwrap();
    let (mut a, b) = (vec![1.0f64; 4], vec![2.0f64; 4]);
    // SAFETY: both buffers hold the n = 4 elements `A[n]` and `B[n]` declare.
    unsafe { add(4, a.as_mut_ptr(), b.as_ptr()) };
    assert_eq!(a, [5.0; 4]);
    fn refused<F>(m: Result<F, KernelError>) -> String {
        m.map(|_| ()).unwrap_err().to_string()
    }
    assert!(
        refused(
            kernel
                .entry()
                .typed::<unsafe extern "C" fn(i64, *mut f64, *mut f64)>()
        )
        .contains("argument 1 (`n`)")
    );
    assert!(
        refused(
            kernel
                .entry()
                .typed::<unsafe extern "C" fn(i32, *mut f32, *mut f64)>()
        )
        .contains("argument 2 (`A`)")
    );
    assert!(
        refused(
            kernel
                .entry()
                .typed::<unsafe extern "C" fn(i32, *mut f64)>()
        )
        .contains("takes 3 arguments")
    );
    assert!(
        refused(
            kernel
                .entry()
                .typed::<unsafe extern "C" fn(i32, *mut f64, *mut f64) -> f64>()
        )
        .contains("returns")
    );
}

/// Lengths the signature cannot count itself (`n + 1`, evaluated as the interpreter does) and
/// arrays without a declared size (checked by the code, access by access).
#[test]
fn evaluated_and_undeclared_lengths_are_checked_too() {
    let f = parse(
        "void shift(int n, double A[n + 1], double *X) {\n  for (int i = 0; i <= n; i++)\n    A[i] = X[i] + 1.0;\n}",
    );
    let kernel = optimist::compile(&f, &Config::default()).unwrap().kernel;
    let mut shift = kernel.signature();
    let x = vec![1.0f64; 6];
    let mut a = vec![0.0f64; 6];
    shift
        .call(&mut [5i32.into(), a.as_mut_slice().into(), x.as_slice().into()])
        .unwrap();
    assert_eq!(a, [2.0; 6]);
    // `A[n + 1]` at n = 6 needs 7 elements.
    match shift.call(&mut [6i32.into(), a.as_mut_slice().into(), x.as_slice().into()]) {
        Err(KernelError::TooSmall { array, need, have }) => {
            assert_eq!((array.as_str(), need, have), ("A", 7, 6));
        }
        other => panic!("{other:?}"),
    }
    // `X` has no declared size: 4 elements where the loop reads 6 is found by the code, and
    // `A` is as it was.
    let short = vec![1.0f64; 4];
    let mut a = vec![9.0f64; 6];
    let r = shift.call(&mut [
        5i32.into(),
        a.as_mut_slice().into(),
        short.as_slice().into(),
    ]);
    assert!(
        matches!(
            r,
            Err(KernelError::OutOfBounds | KernelError::Footprint { .. })
        ),
        "{r:?}"
    );
    assert_eq!(a, [9.0; 6]);
}
