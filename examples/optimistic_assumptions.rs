//! Tutorial: optimistic assumptions and versioned code.
//!
//! A C kernel whose subscript is computed in `unsigned char`: the polyhedral model computes in
//! ℤ, so it is only right while the subscript does not wrap. `optimist::assume` finds that
//! condition (`n <= 127`), the driver (`optimist::optimize`) plans the optimized code with a
//! run-time check of it, and the kernel compiled from that plan runs optimized code where it
//! holds, the faithful translation of the program elsewhere.
//!
//! Run with `cargo run -p optimist-examples --example optimistic_assumptions`.

use optimist::codegen::ArrayArg;
use optimist::scop::{frontend, interp::Value};
use optimist::{Config, Kernel, Outcome, Version};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let src = "void wrap_index(int n, double A[256]) {
  for (int i = 0; i < n; i++)
    A[(unsigned char)(i + 129)] = A[i] + 1.0;
}";
    let f = frontend::parse_source("wrap.c", src, None, &Default::default())?;

    // The driver: model, passes, assumptions, schedule, run-time check.
    let Outcome::Optimized(plan) = optimist::optimize(&f, &Config::default())? else {
        return Err("the kernel should be optimizable".into());
    };
    for a in &plan.assumptions.taken {
        println!("{} {}: {}", a.kind, a.what, a.valid);
    }
    println!("simplified precondition: {}", plan.assumptions.valid);
    println!("run-time check: {}", plan.check_c());
    for report in &plan.reports {
        println!("  {report}");
    }

    // Versioned native code: the check runs first, with overflow detection.
    let kernel = Kernel::compile(&f, Some(&plan))?;
    for n in [100, 200] {
        let mut a: Vec<f64> = (0..256).map(f64::from).collect();
        let version = kernel.call(&[("n", Value::Int(n))], &mut [("A", ArrayArg::F64(&mut a))])?;
        println!("n = {n}: {version:?} code ran, A[0] = {}", a[0]);
        assert_eq!(
            version,
            if n <= 127 {
                Version::Optimized
            } else {
                Version::Fallback
            }
        );
    }
    Ok(())
}
