//! Tutorial: delinearization, multi-dimensional arrays behind flat pointers (paper 001).
//!
//! C code that gets its arrays from the caller often indexes a flat pointer by hand:
//! `A[i * m + j]`. For the model such a subscript is a polynomial in the iterators and the
//! parameter `m`, not an affine function, so every access to `A` could touch any element and
//! the dependences serialize everything. The delinearization pass (Grosser et al., ICS 2015)
//! recovers the shape `A[][m]` and the affine accesses `A[i][j]`. They are only right while
//! `0 <= j < m`: such conditions become DL assumptions, part of the run-time check, so when
//! the caller breaks them the faithful code runs.
//!
//! Run with `cargo run -p optimist-examples --example delinearization`.

use optimist::codegen::ArrayArg;
use optimist::scop::frontend::{self, FrontendConfig};
use optimist::scop::interp::Value;
use optimist::{Config, Outcome, Version};

/// A matrix-vector product over a flat pointer with a parametric row length `m`, and a shift
/// that reads one column to the left.
const SRC: &str = "void rows(int n, int m, int s, double *A, double *x, double *y) {
  for (int i = 0; i < n; i++) {
    y[i] = 0.0;
    for (int j = 0; j < m; j++)
      y[i] += A[i * m + j] * x[j];
  }
  for (int i = 0; i < n; i++)
    for (int j = 1; j < s; j++)
      A[i * m + j] = A[i * m + j - 1];
}";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let f = frontend::parse_source("rows.c", SRC, None, &FrontendConfig::default())?;
    let config = Config::default();
    let before = optimist::model_after(&f, &config, "build")??;
    let after = optimist::model_after(&f, &config, "delin")??;
    // What `optimist show delin` prints: each flat array, its shape, the rewritten accesses,
    // the conditions.
    println!("== the pass\n{}", optimist::delin::report(&before, &after));
    println!("== the accesses to A, before and after");
    for (name, scop) in [("before", &before), ("after", &after)] {
        for a in &scop.accesses {
            if scop.array(a.array).name == "A" {
                println!("  {name}: {} (exact: {})", a.relation, a.exact);
            }
        }
    }

    // The conditions are assumptions of the run-time check (the `s <= m` of the second nest:
    // `A[i * m + j]` with `j` up to `s - 1` is row `i` only while `s <= m`).
    let Outcome::Optimized(plan) = optimist::optimize(&f, &config)? else {
        panic!("the kernel should be optimized");
    };
    println!("\n== the run-time check\n  {}", plan.check_c());

    // Both sides of the check, on native code: in bounds the optimized code runs, with
    // s > m the faithful one, and both give the program's results.
    let compiled = optimist::compile(&f, &config)?;
    let (n, m) = (4usize, 5usize);
    for s in [3, 7] {
        let mut a: Vec<f64> = (0..n * m + 8).map(|k| k as f64).collect();
        let mut x = vec![1.0; m];
        let mut y = vec![0.0; n];
        let version = compiled.kernel.call(
            &[
                ("n", Value::Int(n as i128)),
                ("m", Value::Int(m as i128)),
                ("s", Value::Int(s)),
            ],
            &mut [
                ("A", ArrayArg::F64(&mut a)),
                ("x", ArrayArg::F64(&mut x)),
                ("y", ArrayArg::F64(&mut y)),
            ],
        )?;
        println!("  s = {s}: {version:?} code ran, y = {y:?}");
        let expected = if s <= m as i128 {
            Version::Optimized
        } else {
            Version::Fallback
        };
        assert_eq!(version, expected);
        // Row sums of the original A: row i holds i*m .. i*m + m - 1.
        let sums: Vec<f64> = (0..n)
            .map(|i| (0..m).map(|j| (i * m + j) as f64).sum())
            .collect();
        assert_eq!(y, sums);
    }
    Ok(())
}
