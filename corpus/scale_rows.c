// run: --set n=21 --set m=17
/* Each row scaled by its own factor and offset by a column bias. */
void scale_rows(int n, int m, double f[n], double bias[m], double A[n][m], double B[n][m])
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      B[i][j] = f[i] * A[i][j] + bias[j];
}
