//! Kernels in an embedder's own Cranelift modules (`codegen::define_kernel`): a JIT module
//! made with no symbol of optimist's bound finalizes and runs them (the run time is defined in
//! the module), a kernel defined twice is a typed error, and the C entry's Rust type is
//! checked.

use optimist::codegen::{self, CodegenError, Runtime};
use optimist::cranelift_jit::{JITBuilder, JITModule};
use optimist::cranelift_module::default_libcall_names;
use optimist::scop::frontend::{self, FrontendConfig};
use optimist::scop::ir::Function;
use optimist::{Config, NativeOptions};

fn parse(src: &str) -> Function {
    frontend::parse_source("k.c", src, None, &FrontendConfig::default()).unwrap()
}

/// A JIT module as an embedder makes one without reading optimist's documentation: the host
/// ISA, Cranelift's libcall names, no symbol bound.
fn bare_jit() -> JITModule {
    JITModule::new(JITBuilder::with_isa(
        codegen::host_isa(false).unwrap(),
        default_libcall_names(),
    ))
}

const PRODUCT: &str = "void mm(int n, double C[n][n], double A[n][n], double B[n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        C[i][j] += A[i][k] * B[k][j];
}";

const SOFTEN: &str = "void soften(int n, double X[n], double Y[n]) {
  for (int i = 0; i < n; i++)
    Y[i] = exp(-X[i] * X[i]) + log(1.0 + X[i] * X[i]);
}";

#[test]
fn a_jit_module_with_nothing_bound_runs_a_threaded_packed_kernel() {
    let f = parse(PRODUCT);
    let options = NativeOptions {
        threads: 2,
        ..NativeOptions::default()
    };
    let config = Config {
        native: options.clone(),
        ..Config::default()
    };
    let outcome = optimist::optimize(&f, &config).unwrap();
    let plan = outcome
        .plan()
        .expect("the test needs the optimized version");
    let mut jit = bare_jit();
    let symbols =
        codegen::define_kernel(&mut jit, &f, Some(plan), &options, Runtime::Process).unwrap();
    // The code starts threads and packs an operand: it calls optimist's run time, which the
    // module defines itself (nothing was bound).
    use optimist::cranelift_module::{Linkage, Module};
    for name in ["optimist_parallel_for", "optimist_buffer_acquire"] {
        let Some(optimist::cranelift_module::FuncOrDataId::Func(id)) =
            jit.declarations().get_name(name)
        else {
            panic!("the product does not call `{name}`");
        };
        assert_eq!(
            jit.declarations().get_function_decl(id).linkage,
            Linkage::Local
        );
    }
    jit.finalize_definitions().unwrap();
    type Mm = unsafe extern "C" fn(i32, *mut f64, *const f64, *const f64);
    codegen::check_entry_type::<Mm>(&f).unwrap();
    // SAFETY: the C entry of `mm`, of the type just checked; the module lives.
    let mm: Mm = unsafe { std::mem::transmute(jit.get_finalized_function(symbols.c_entry)) };
    let n = 96;
    let a: Vec<f64> = (0..n * n).map(|x| (x % 11) as f64 - 5.0).collect();
    let b: Vec<f64> = (0..n * n).map(|x| (x % 7) as f64 * 0.25).collect();
    let mut c = vec![0.5; n * n];
    // SAFETY: every buffer holds the n * n elements its declaration says.
    unsafe { mm(n as i32, c.as_mut_ptr(), a.as_ptr(), b.as_ptr()) };
    // The same through optimist's own kernel, and the interpreter's order of operations.
    let kernel = optimist::compile(&f, &config).unwrap().kernel;
    let mut want = vec![0.5; n * n];
    let version = kernel
        .signature()
        .call(&mut [
            (n as i32).into(),
            want.as_mut_slice().into(),
            a.as_slice().into(),
            b.as_slice().into(),
        ])
        .unwrap();
    assert_eq!(version, optimist::Version::Optimized);
    let bits = |x: &[f64]| x.iter().map(|v| v.to_bits()).collect::<Vec<_>>();
    assert_eq!(bits(&c), bits(&want));
    assert_eq!(optimist::codegen::take_entry_error(), None);
}

#[test]
fn math_functions_resolve_without_binding_and_a_second_definition_is_refused() {
    let f = parse(SOFTEN);
    let mut jit = bare_jit();
    let plan = optimist::optimize(&f, &Config::default()).unwrap();
    let options = NativeOptions::default();
    let symbols =
        codegen::define_kernel(&mut jit, &f, plan.plan(), &options, Runtime::Process).unwrap();
    let again = codegen::define_kernel(&mut jit, &f, plan.plan(), &options, Runtime::Process);
    match again {
        Err(CodegenError::Unsupported(m)) => assert!(m.contains("`soften`"), "{m}"),
        other => panic!("{other:?}"),
    }
    jit.finalize_definitions().unwrap();
    type Soften = unsafe extern "C" fn(i32, *const f64, *mut f64);
    codegen::check_entry_type::<Soften>(&f).unwrap();
    // SAFETY: the C entry of `soften`, of the type just checked.
    let soften: Soften =
        unsafe { std::mem::transmute(jit.get_finalized_function(symbols.c_entry)) };
    let x: Vec<f64> = (0..40).map(|i| i as f64 * 0.1 - 2.0).collect();
    let mut y = vec![0.0; 40];
    // SAFETY: both buffers hold n = 40 elements.
    unsafe { soften(40, x.as_ptr(), y.as_mut_ptr()) };
    for (xi, yi) in x.iter().zip(&y) {
        assert_eq!(
            yi.to_bits(),
            ((-xi * xi).exp() + (1.0 + xi * xi).ln()).to_bits()
        );
    }
}
