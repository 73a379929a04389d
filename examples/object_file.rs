//! Tutorial: native code in a relocatable object, linked into a C program (optimist-codegen
//! `object_code`, `optimist compile`).
//!
//! `optimist::compile_object` runs the same pipeline as the JIT and lowers the versioned kernel
//! (the run-time check, the optimized code, the faithful fallback) through `cranelift-object`.
//! The object exports the kernel under its C name with the C signature of its declaration, so a
//! C program calls it like any function: `void smooth(int n, int m, float In[n][m], float
//! Out[n][m])` is a symbol `smooth` taking `(int, int, float *, float *)`. A second symbol,
//! `smooth_status`, returns a status instead (0, or an error code; bit 8 set when the faithful
//! code ran because the check failed); `smooth` calls the hook `optimist_error(int)` on an
//! error, a weak symbol whose default aborts. Parallel loops call libgomp's `GOMP_parallel`:
//! link with `-fopenmp` when `ObjectCode::links` says so, and with `-lm` always.
//!
//! The command line does the same: `optimist compile smooth.c -o smooth.o --header smooth.h`.
//!
//! Run with `cargo run -p optimist-examples --example object_file`. It links with `cc` (or
//! `$CC`) when there is one.

use optimist::scop::frontend::{self, FrontendConfig};
use optimist::{Config, NativeOptions};
use std::process::Command;

const SRC: &str = "void smooth(int n, int m, float In[n][m], float Out[n][m]) {
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < m - 1; j++)
      Out[i][j] = 0.25f * (In[i - 1][j] + In[i + 1][j] + In[i][j - 1] + In[i][j + 1]);
}";

/// A caller: fills `In`, calls the kernel through both entries, prints a checksum and which
/// version ran.
const MAIN: &str = r#"#include <stdio.h>
#include "smooth.h"
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
  printf("checksum %.6f\n", sum);
  /* In and Out overlap here: the check fails and the faithful code runs (bit 8). */
  int status = smooth_status(N - 1, M, In, (float (*)[M])&In[1][0]);
  printf("status %#x\n", status);
  return 0;
}
"#;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let f = frontend::parse_source("smooth.c", SRC, None, &FrontendConfig::default())?;
    let config = Config {
        native: NativeOptions {
            threads: 2,
            ..NativeOptions::default()
        },
        ..Config::default()
    };
    let (object, outcome) = optimist::compile_object(&f, &config)?;
    println!(
        "outcome: {}",
        match outcome.plan() {
            Some(plan) => plan.transformation.clone(),
            None => format!("faithful only: {:?}", outcome.why()),
        }
    );
    println!(
        "object: {} bytes; link with: {}",
        object.bytes.len(),
        object.links.join(" ")
    );
    println!("\n== the header\n{}", object.header);

    let dir = std::env::temp_dir().join(format!("optimist-object-file-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    std::fs::write(dir.join("smooth.o"), &object.bytes)?;
    std::fs::write(dir.join("smooth.h"), &object.header)?;
    std::fs::write(dir.join("main.c"), MAIN)?;
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
    let exe = dir.join("main");
    let built = Command::new(&cc)
        .current_dir(&dir)
        .args(["-O2", "main.c", "smooth.o", "-o"])
        .arg(&exe)
        .args(&object.links)
        .output();
    match built {
        Ok(out) if out.status.success() => {
            let run = Command::new(&exe).output()?;
            let printed = String::from_utf8_lossy(&run.stdout);
            println!("== the program says\n{printed}");
            // What the Rust side expects: the same sum computed here, in the same order.
            let (n, m) = (300usize, 200usize);
            let input = |i: usize, j: usize| ((i * 7 + j * 3) % 17) as f32 / 16.0;
            let mut sum = 0.0f64;
            for i in 1..n - 1 {
                for j in 1..m - 1 {
                    sum += f64::from(
                        0.25f32
                            * (input(i - 1, j)
                                + input(i + 1, j)
                                + input(i, j - 1)
                                + input(i, j + 1)),
                    );
                }
            }
            let expected = format!("checksum {sum:.6}\nstatus 0x100\n");
            assert_eq!(printed, expected, "the linked program disagrees");
        }
        Ok(out) => {
            return Err(format!("`{cc}` failed:\n{}", String::from_utf8_lossy(&out.stderr)).into());
        }
        Err(_) => println!("(no C compiler `{cc}`: the object is not linked)"),
    }
    std::fs::remove_dir_all(&dir).ok();
    Ok(())
}
