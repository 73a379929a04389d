// run: --set n=40
/* A wavefront: each element from its left and lower neighbours. Both loops carry a
   dependence; skewed, the band is permutable and tiles (see docs/wavefront.loopy and the
   picture in README.md). */
void wavefront(int n, double A[n][n])
{
Sweep:
  for (int i = 1; i < n; i++)
    for (int j = 1; j < n; j++)
      A[i][j] = 0.5 * (A[i - 1][j] + A[i][j - 1]);
}
