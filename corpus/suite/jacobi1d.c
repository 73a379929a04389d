// run: --set tsteps=20 --set n=1100
// bench: --set tsteps=10000 --set n=40000
/* A 1-d three-point stencil with a time loop, through two arrays. */
void jacobi1d(int tsteps, int n, double A[n], double B[n])
{
  for (int t = 0; t < tsteps; t++) {
    for (int i = 1; i < n - 1; i++)
      B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
    for (int i = 1; i < n - 1; i++)
      A[i] = 0.33333 * (B[i - 1] + B[i] + B[i + 1]);
  }
}
