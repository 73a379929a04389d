//! Tutorial: DeLICM, scalars that stop blocking loop transformations (paper 002).
//!
//! A matrix product written the way compilers and people write it keeps the accumulator in a
//! scalar: `acc = C[i][j]; for k: acc += ...; C[i][j] = acc;`. In the model every such scalar is
//! a 0-d array written in every iteration, so its dependences serialize the loops. The DeLICM
//! pass keeps the accumulator in `C[i][j]` itself, the element its value is stored to, when the
//! zones of §2 show that the element is free while the scalar lives, and forwards hoisted loads
//! (`a = A[i]`) to where they are read. Every decision, or the conflict that prevented it, is
//! reported; the model after the pass is the one the array version of the kernel has.
//!
//! Run with `cargo run -p optimist-examples --example delicm_scalars`.

use optimist::scop::frontend::{self, FrontendConfig};
use optimist::{Config, Outcome};

const SCALAR: &str = "void gemm(int n, double A[n][n], double B[n][n], double C[n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      double acc = C[i][j];
      for (int k = 0; k < n; k++)
        acc += A[i][k] * B[k][j];
      C[i][j] = acc;
    }
}";

const RUNNING_SUM: &str = "void prefix(int n, double A[n], double B[n]) {
  double s = 0.0;
  for (int i = 0; i < n; i++) {
    s = s + A[i];
    B[i] = s;
  }
}";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let config = Config::default();
    for (what, src) in [
        ("a promoted accumulator", SCALAR),
        ("a running sum", RUNNING_SUM),
    ] {
        let f = frontend::parse_source("t.c", src, None, &FrontendConfig::default())?;
        // The model before and after the pass: `model_after` runs the driver's pipeline up to a
        // stage (here the pass before DeLICM, then DeLICM).
        let before = optimist::model_after(&f, &config, "delin")??;
        let after = optimist::model_after(&f, &config, "delicm")??;
        println!("== {what}");
        // What `optimist show delicm` prints: each scalar with where it went, or why not.
        print!("{}", optimist::delicm::report(&before, &after));
        for st in &after.stmts {
            println!(
                "  {}: {} = {}",
                st.name,
                after.access(st.write).relation,
                after.body_to_string(st, &st.value, &f)
            );
        }
        // The automatic strategy now sees the product's dependences only: it may tile and
        // interchange the three loops.
        if let Outcome::Optimized(plan) = optimist::optimize(&f, &config)? {
            println!("  loops after the automatic strategy:");
            for line in plan.ast.display(&plan.scop).lines() {
                println!("    {line}");
            }
        }
    }
    Ok(())
}
