//! Tutorial: emitting C for another compiler (optimist-codegen `c`).
//!
//! `optimist::compile_c` runs the same pipeline as native code and prints the result as one C
//! file: the function with the program's own signature, which evaluates the run-time check
//! and calls the optimized loops or the faithful translation of the program. A C compiler
//! compiles it like any other file, and `smooth_version` (`NAME_version`) says which side ran (1 optimized,
//! 0 faithful). The code is plain C99 with GCC's overflow builtins in the check; nothing is
//! contracted or reassociated by the printer, so with `-ffp-contract=off` results are the
//! program's bits.
//!
//! Run with `cargo run -p optimist-examples --example emit_c`. It compiles the C with `cc`
//! (or `$CC`) when there is one.

use optimist::Config;
use optimist::scop::frontend::{self, FrontendConfig};
use std::process::Command;

const SRC: &str = "void smooth(int n, int m, float In[n][m], float Out[n][m]) {
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < m - 1; j++)
      Out[i][j] = 0.25f * (In[i - 1][j] + In[i + 1][j] + In[i][j - 1] + In[i][j + 1]);
}";

/// A caller: fills `In`, calls the kernel, prints which version ran and a checksum.
const MAIN: &str = r#"#include <stdio.h>
extern int smooth_version;
void smooth(int n, int m, float In[n][m], float Out[n][m]);
int main(void) {
  enum { N = 300, M = 200 };
  static float In[N][M], Out[N][M];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      In[i][j] = (float)((i * 7 + j * 3) % 17) / 16.0f;
  smooth(N, M, In, Out);
  double sum = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      sum += Out[i][j];
  printf("version %d checksum %.6f\n", smooth_version, sum);
  /* In and Out overlap here: the check fails and the faithful code runs. */
  smooth(N - 1, M, In, (float (*)[M])&In[1][0]);
  printf("version %d\n", smooth_version);
  return 0;
}
"#;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let f = frontend::parse_source("smooth.c", SRC, None, &FrontendConfig::default())?;
    let (program, outcome) = optimist::compile_c(&f, &Config::default(), "smooth")?;
    println!(
        "outcome: {}",
        match outcome.plan() {
            Some(plan) => plan.transformation.clone(),
            None => format!("faithful only: {:?}", outcome.why()),
        }
    );
    if let Some(check) = &program.check {
        println!("run-time check: {check}");
    }
    println!(
        "\n== the C file ({} lines)\n{}",
        program.code.lines().count(),
        program.code
    );

    // What the Rust side expects: the same sum computed here, in the same order.
    let (n, m) = (300usize, 200usize);
    let input = |i: usize, j: usize| ((i * 7 + j * 3) % 17) as f32 / 16.0;
    let mut sum = 0.0f64;
    for i in 0..n {
        for j in 0..m {
            let v = if i > 0 && i < n - 1 && j > 0 && j < m - 1 {
                0.25f32 * (input(i - 1, j) + input(i + 1, j) + input(i, j - 1) + input(i, j + 1))
            } else {
                0.0
            };
            sum += f64::from(v);
        }
    }
    let expected = format!("version 1 checksum {sum:.6}\nversion 0\n");

    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
    let dir = std::env::temp_dir().join(format!("optimist-emit-c-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    std::fs::write(dir.join("smooth.c"), &program.code)?;
    std::fs::write(dir.join("main.c"), MAIN)?;
    let exe = dir.join("smooth");
    let built = Command::new(&cc)
        .args(["-O2", "-ffp-contract=off", "-o"])
        .arg(&exe)
        .arg(dir.join("main.c"))
        .arg(dir.join("smooth.c"))
        .arg("-lm")
        .output();
    match built {
        Ok(out) if out.status.success() => {
            let run = Command::new(&exe).output()?;
            let printed = String::from_utf8_lossy(&run.stdout);
            println!("== compiled by {cc} and run\n{printed}");
            assert_eq!(printed, expected);
        }
        Ok(out) => panic!(
            "{cc} refused the C:\n{}",
            String::from_utf8_lossy(&out.stderr)
        ),
        Err(_) => println!("no C compiler `{cc}`: the file is not compiled"),
    }
    std::fs::remove_dir_all(&dir).ok();
    Ok(())
}
