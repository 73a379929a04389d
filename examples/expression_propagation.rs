//! Tutorial: expression propagation, temporaries that disappear (paper 003).
//!
//! A separable blur writes its horizontal pass to a local image and reads it in the vertical
//! pass. The propagation pass computes the horizontal sums where the vertical pass reads them:
//! the temporary, its writes and its dependences are gone, and the optimized code does not even
//! allocate it. When a reader sees values of several statements (boundary cases) it is split
//! into pieces first; when an input is overwritten in between, the reload test refuses. The
//! results stay bitwise equal: each reader computes the writer's own expression.
//!
//! Run with `cargo run -p optimist-examples --example expression_propagation`.

use optimist::Config;
use optimist::scop::frontend::{self, FrontendConfig};
use optimist::scop::workload::{RunSpec, Workload};

const BLUR: &str = "void blur(int h, int w, float in[h][w], float out[h][w]) {
  float bx[512][512];
  for (int y = 0; y < h; y++)
    for (int x = 1; x < w - 1; x++)
      bx[y][x] = (in[y][x - 1] + in[y][x] + in[y][x + 1]) / 3.0f;
  for (int y = 1; y < h - 1; y++)
    for (int x = 1; x < w - 1; x++)
      out[y][x] = (bx[y - 1][x] + bx[y][x] + bx[y + 1][x]) / 3.0f;
}";

const OVERWRITTEN: &str = "void k(int n, double a[n], double b[n]) {
  double tmp[1000];
  for (int i = 0; i < n; i++)
    tmp[i] = a[i] * 2.0;
  for (int j = 0; j < n; j++) {
    a[j] = 0.0;
    b[j] = tmp[j] + 1.0;
  }
}";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let config = Config::default();
    for (what, src) in [
        ("a separable blur", BLUR),
        ("an overwritten input", OVERWRITTEN),
    ] {
        let f = frontend::parse_source("t.c", src, None, &FrontendConfig::default())?;
        let before = optimist::model_after(&f, &config, "delicm")??;
        let after = optimist::model_after(&f, &config, "propagate")??;
        println!("== {what}");
        // What `optimist show propagate` prints: each propagation or refusal, with the reason.
        print!("{}", optimist::propagate::report(&before, &after));
        for st in &after.stmts {
            println!(
                "  {}: {} = {}",
                st.name,
                after.access(st.write).relation,
                after.body_to_string(st, &st.value, &f)
            );
        }
    }
    // The blur compiled and run: the interpreter's bits, from the optimized version.
    let f = frontend::parse_source("blur.c", BLUR, None, &FrontendConfig::default())?;
    let compiled = optimist::compile(&f, &config)?;
    let spec = RunSpec::parse_args(&["--set", "h=64", "--set", "w=48"])?;
    let mut native = Workload::generate(&f, &spec)?;
    let version = compiled.kernel.run(&mut native.args)?;
    let mut reference = Workload::generate(&f, &spec)?;
    optimist::scop::interp::run(&f, &mut reference.args, &Default::default())?;
    let same = native.args.buffers == reference.args.buffers;
    println!("blur: {version:?} code, same bits as the interpreter: {same}");
    assert!(same);
    Ok(())
}
