// run: --set n=20
// bench: --set n=8000
/* Two matrix-vector products, one with the transpose: x1 += A y1, x2 += A^T y2. */
void mvt(int n, double x1[n], double x2[n], double y1[n], double y2[n], double A[n][n])
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      x1[i] = x1[i] + A[i][j] * y1[j];
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      x2[i] = x2[i] + A[j][i] * y2[j];
}
