// run: --set n=30 --set m=33
/* Two five-point stencils in a row, the first into a local grid. */
void two_stage(int n, int m, double a[n][m], double b[n][m])
{
  double t[600][600];
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < m - 1; j++)
      t[i][j] = 0.2 * (a[i][j] + a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]);
  for (int i = 2; i < n - 2; i++)
    for (int j = 2; j < m - 2; j++)
      b[i][j] = 0.2 * (t[i][j] + t[i - 1][j] + t[i + 1][j] + t[i][j - 1] + t[i][j + 1]);
}
