//! Tutorial: the automatic strategy, and what it tells you (optimist-loopy `auto`).
//!
//! With `Strategy::Auto` (the default) the driver schedules the model with isl's scheduler,
//! chooses fusion and distribution, tiles the permutable bands, marks the loops that may run
//! on threads (`parallel`), in vector lanes (`vector`) or as register tiles (`jam`), and
//! compares the result with the program's own order; when the transformed loops are not
//! clearly better it keeps the original order and says why. Every schedule goes through the
//! Loopy verifier. The plan says what was done in words (`transformation`, `schedule_note`),
//! and the loop AST carries the marks as comments (`optimist show ast --opt default`).
//!
//! Run with `cargo run -p optimist-examples --example automatic_strategy`.

use optimist::scop::frontend::{self, FrontendConfig};
use optimist::{Config, Outcome, Version};

/// What, the C, and the sizes the check runs it with.
const KERNELS: &[(&str, &str, &[&str])] = &[
    (
        "two chained products",
        "void mm2(int n, double A[n][n], double B[n][n], double C[n][n], double T[n][n], double D[n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      T[i][j] = 0.0;
      for (int k = 0; k < n; k++)
        T[i][j] += A[i][k] * B[k][j];
    }
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      D[i][j] = 0.0;
      for (int k = 0; k < n; k++)
        D[i][j] += T[i][k] * C[k][j];
    }
}",
        &["--set", "n=40"],
    ),
    (
        "a Jacobi stencil with a time loop",
        "void jacobi(int tsteps, int n, double A[n][n], double B[n][n]) {
  for (int t = 0; t < tsteps; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][j + 1] + A[i + 1][j] + A[i - 1][j]);
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[i][j] = 0.2 * (B[i][j] + B[i][j - 1] + B[i][j + 1] + B[i + 1][j] + B[i - 1][j]);
  }
}",
        &["--set", "n=40", "--set", "tsteps=3"],
    ),
];

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let config = Config::default();
    for (what, src, sizes) in KERNELS {
        let f = frontend::parse_source("k.c", src, None, &FrontendConfig::default())?;
        println!("== {what}");
        let Outcome::Optimized(plan) = optimist::optimize(&f, &config)? else {
            panic!("{what} should be optimized");
        };
        println!("transformation: {}", plan.transformation);
        if let Some(note) = &plan.schedule_note {
            println!("note: {note}");
        }
        println!("{}", plan.ast.display(&plan.scop));

        // The transformed code computes the program's results, bit for bit: compare native
        // code with the reference interpreter on the same inputs.
        let spec = optimist::scop::workload::RunSpec::parse_args(sizes)?;
        let mut w = optimist::scop::workload::Workload::generate(&f, &spec)?;
        let mut reference = w.args.clone();
        optimist::scop::interp::run(&f, &mut reference, &Default::default())?;
        let compiled = optimist::compile(&f, &config)?;
        let version = compiled.kernel.run(&mut w.args)?;
        assert_eq!(version, Version::Optimized);
        assert_eq!(w.args.buffers, reference.buffers);
        println!("{version:?} code ran; every array equals the interpreter's, bit for bit\n");
    }
    Ok(())
}
