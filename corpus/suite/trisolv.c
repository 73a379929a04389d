// run: --set n=30
// bench: --set n=2000
/* Triangular solve: forward substitution on a lower-triangular matrix, each unknown a reduction
   over the ones before it. */
void trisolv(int n, double L[n][n], double x[n], double b[n])
{
  for (int i = 0; i < n; i++) {
    x[i] = b[i];
    for (int j = 0; j < i; j++)
      x[i] -= L[i][j] * x[j];
    x[i] = x[i] / L[i][i];
  }
}
