//! Criterion benchmarks of the optimist crates, one bench target per layer:
//! `cargo bench -p optimist-benches`.
#![deny(missing_docs)]

/// The matrix product several benchmarks compile: `C = A B` with `C` zeroed in the loop.
pub const PRODUCT: &str = "void mm(int n, double C[n][n], double A[n][n], double B[n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      C[i][j] = 0;
      for (int k = 0; k < n; k++)
        C[i][j] += A[i][k] * B[k][j];
    }
}";
