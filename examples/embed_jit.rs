//! Tutorial: optimist inside your own compiler's code generator.
//!
//! A compiler that already has a Cranelift JIT (or writes object files) wants optimist's
//! kernels in *its* module, next to its own functions, rather than in a `Kernel` of optimist's.
//! This tutorial:
//!
//! 1. optimizes a product (`optimist::optimize`: the plan and its run-time check);
//! 2. defines it in a JIT module of our own (`codegen::jit_builder` sets the ISA flags the
//!    code expects; `codegen::define_kernel` with `Runtime::Process` defines optimist's run
//!    time in the module, so nothing needs binding),
//!    finalizes it, and calls the C entry through a Rust function type that
//!    `codegen::check_entry_type` checked against the kernel's C signature;
//! 3. defines it in an object module of our own (`codegen::host_isa(true)`,
//!    `Runtime::Libgomp`: the object needs only the C library, libm and libgomp);
//! 4. calls optimist's own `Kernel` through the typed surface (`Kernel::signature`): names
//!    resolved once, arguments by position, buffer lengths checked before anything runs.
//!
//! Cranelift is named through optimist's re-exports (`optimist::cranelift_jit`, ...): no
//! Cranelift version to pin in your Cargo.toml.
//!
//! Run it with `cargo run -p optimist-examples --example embed_jit`.

use optimist::codegen::{self, KernelError, Runtime};
use optimist::cranelift_jit::JITModule;
use optimist::cranelift_module::default_libcall_names;
use optimist::cranelift_object::{ObjectBuilder, ObjectModule};
use optimist::scop::frontend::{self, FrontendConfig};
use optimist::{Config, NativeOptions, Version};

const PRODUCT: &str = "void mm(int n, double C[n][n], double A[n][n], double B[n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        C[i][j] += A[i][k] * B[k][j];
}";

/// The product as Rust computes it, for comparison.
fn reference(n: usize, c: &mut [f64], a: &[f64], b: &[f64]) {
    for i in 0..n {
        for j in 0..n {
            for k in 0..n {
                c[i * n + j] += a[i * n + k] * b[k * n + j];
            }
        }
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let f = frontend::parse_source("mm.c", PRODUCT, None, &FrontendConfig::default())?;
    let config = Config::default();
    let outcome = optimist::optimize(&f, &config)?;
    println!(
        "plan: {}",
        match outcome.plan() {
            Some(plan) => format!("optimized, run when {}", plan.check_c()),
            None => "faithful only".into(),
        }
    );

    // 2. Our own JIT module. `jit_builder` is the host ISA with the flags the code expects
    //    (and the math functions bound); add your own symbols to it as usual.
    let mut jit = JITModule::new(codegen::jit_builder()?);
    let options = NativeOptions::default();
    let symbols = codegen::define_kernel(&mut jit, &f, outcome.plan(), &options, Runtime::Process)?;
    // The same kernel twice in one module is refused with a typed error, not a Cranelift one.
    let again = codegen::define_kernel(&mut jit, &f, outcome.plan(), &options, Runtime::Process);
    assert!(matches!(again, Err(codegen::CodegenError::Unsupported(_))));
    jit.finalize_definitions()?;
    // The C entry has the source's C signature; its Rust type is checked before use.
    type Mm = unsafe extern "C" fn(i32, *mut f64, *const f64, *const f64);
    codegen::check_entry_type::<Mm>(&f)?;
    let wrong = codegen::check_entry_type::<unsafe extern "C" fn(i64, *mut f64)>(&f);
    assert!(matches!(wrong, Err(KernelError::BadArguments(_))));
    // SAFETY: the address is the C entry of `mm`, whose type `check_entry_type` confirmed.
    let mm: Mm = unsafe { std::mem::transmute(jit.get_finalized_function(symbols.c_entry)) };
    let n = 24;
    let a: Vec<f64> = (0..n * n).map(|x| (x % 7) as f64 - 3.0).collect();
    let b: Vec<f64> = (0..n * n).map(|x| (x % 5) as f64 * 0.5).collect();
    let (mut c, mut want) = (vec![1.0; n * n], vec![1.0; n * n]);
    // SAFETY: every buffer holds the n * n elements its declaration says; the JIT module lives.
    unsafe { mm(n as i32, c.as_mut_ptr(), a.as_ptr(), b.as_ptr()) };
    reference(n, &mut want, &a, &b);
    assert_eq!(c, want);
    println!("own JIT: C[0][0] = {}", c[0]);

    // 3. Our own object module: a position-independent ISA, and the run time of an object
    //    (threads from libgomp, buffers from the C library).
    let builder = ObjectBuilder::new(codegen::host_isa(true)?, "kernels", default_libcall_names())?;
    let mut object = ObjectModule::new(builder);
    codegen::define_kernel(&mut object, &f, outcome.plan(), &options, Runtime::Libgomp)?;
    let bytes = object.finish().emit()?;
    println!(
        "own object: {} bytes defining `mm` and `mm_status`",
        bytes.len()
    );

    // 4. optimist's own kernel through the typed surface.
    let kernel = optimist::compile(&f, &config)?.kernel;
    let mut call = kernel.signature();
    println!("typed surface: mm({})", call.names().join(", "));
    let mut c2 = vec![1.0; n * n];
    let version = call.call(&mut [
        (n as i32).into(),
        c2.as_mut_slice().into(),
        a.as_slice().into(),
        b.as_slice().into(),
    ])?;
    assert_eq!(version, Version::Optimized);
    assert_eq!(c2, want);
    // A buffer too small for `C[n][n]` is refused before anything is written.
    let mut small = vec![0.0; n * n - 1];
    let refused = call.call(&mut [
        (n as i32).into(),
        small.as_mut_slice().into(),
        a.as_slice().into(),
        b.as_slice().into(),
    ]);
    assert!(matches!(refused, Err(KernelError::TooSmall { .. })));
    assert!(small.iter().all(|&x| x == 0.0));
    println!(
        "typed surface: {version:?}; a short buffer: {}",
        refused.unwrap_err()
    );
    Ok(())
}
