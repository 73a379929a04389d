// run: --set m=15 --set n=20
// bench: --set m=7000 --set n=8000
/* Matrix transpose and vector multiplication: y = A^T (A x). */
void atax(int m, int n, double A[m][n], double x[n], double y[n], double tmp[m])
{
  for (int i = 0; i < n; i++)
    y[i] = 0;
  for (int i = 0; i < m; i++) {
    tmp[i] = 0.0;
    for (int j = 0; j < n; j++)
      tmp[i] = tmp[i] + A[i][j] * x[j];
    for (int j = 0; j < n; j++)
      y[j] = y[j] + A[i][j] * tmp[i];
  }
}
