//! Tutorial: a Loopy script, and the verifier refusing one (paper 004).
//!
//! Loops are named by C labels. A script transforms the schedule operation by operation
//! (`realign`, `lift`, `affine`, `isplit`, `tile`, `interchange`, `reverse`, `shift`,
//! `parallel`, `vectorize`), and the verifier checks the result once, at the end (§4.1): the
//! schedule must still run every instance exactly once and keep every dependence in order, and
//! loops marked parallel must carry none. A refusal names the dependence and an example of
//! instances that would run in the wrong order.
//!
//! Run with `cargo run -p optimist-examples --example loopy_script`.

use optimist::codegen::ArrayArg;
use optimist::loopy::{LoopyError, Script};
use optimist::scop::frontend::{self, FrontendConfig};
use optimist::scop::interp::Value;
use optimist::{Config, Error, Outcome, Strategy, Version};

const SRC: &str = "void product(int n, double C[n][n], double A[n][n], double B[n][n]) {
Outer:
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
Init: C[i][j] = 0.0;
Mult: for (int k = 0; k < n; k++)
        C[i][j] += A[i][k] * B[k][j];
    }
}";

/// `Init` into a nest of its own, then the product's loops in i-k-j order (unit stride on `B`
/// and `C` innermost), tiled by 32, the outer tile loop parallel.
const GOOD: &str = "realign(Init, Mult, 0)
affine(Mult, { [i, j, k] -> [i, k, j] })
M = lift(Mult, 1)
tile(M, 32, 32, 32)
parallel(M, 0)";

/// Reversing `k` changes the order in which `C[i][j]` sums its terms (floating-point addition
/// is not associative): the verifier refuses.
const BAD: &str = "reverse(Mult, 2)";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let f = frontend::parse_source("product.c", SRC, None, &FrontendConfig::default())?;
    let with = |script: &str| -> Result<Config, Box<dyn std::error::Error>> {
        Ok(Config {
            strategy: Strategy::Script(Script::parse(script)?),
            ..Config::default()
        })
    };

    println!("== the script\n{GOOD}\n");
    let Outcome::Optimized(plan) = optimist::optimize(&f, &with(GOOD)?)? else {
        panic!("the script should apply");
    };
    // The loops it produced: what `optimist show ast --script S.loopy` prints.
    println!("== the loops\n{}", plan.ast.display(&plan.scop));

    // Native code of the transformed program gives the original's results, bit for bit.
    let compiled = optimist::compile(&f, &with(GOOD)?)?;
    let n = 50usize;
    let a: Vec<f64> = (0..n * n).map(|k| (k % 7) as f64 * 0.25).collect();
    let b: Vec<f64> = (0..n * n).map(|k| (k % 5) as f64 - 1.5).collect();
    let (mut aa, mut bb, mut c) = (a.clone(), b.clone(), vec![0.0; n * n]);
    let version = compiled.kernel.call(
        &[("n", Value::Int(n as i128))],
        &mut [
            ("C", ArrayArg::F64(&mut c)),
            ("A", ArrayArg::F64(&mut aa)),
            ("B", ArrayArg::F64(&mut bb)),
        ],
    )?;
    assert_eq!(version, Version::Optimized);
    for i in 0..n {
        for j in 0..n {
            let mut sum = 0.0;
            for k in 0..n {
                sum += a[i * n + k] * b[k * n + j];
            }
            assert_eq!(c[i * n + j].to_bits(), sum.to_bits());
        }
    }
    println!("{version:?} code ran: every C[i][j] equals the sum in the program's order\n");

    println!("== a script the verifier refuses: {BAD}");
    match optimist::optimize(&f, &with(BAD)?) {
        Err(Error::Script(e @ LoopyError::Refused(_))) => println!("{e}"),
        other => panic!("expected a refusal, got {other:?}"),
    }
    Ok(())
}
