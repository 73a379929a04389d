// run: --set tsteps=4 --set n=15
// bench: --set tsteps=40 --set n=1500
/* A 2-d nine-point Gauss-Seidel stencil with a time loop, in place. */
void seidel2d(int tsteps, int n, double A[n][n])
{
  for (int t = 0; t <= tsteps - 1; t++)
    for (int i = 1; i <= n - 2; i++)
      for (int j = 1; j <= n - 2; j++)
        A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1]
                   + A[i][j - 1] + A[i][j] + A[i][j + 1]
                   + A[i + 1][j - 1] + A[i + 1][j] + A[i + 1][j + 1]) / 9.0;
}
