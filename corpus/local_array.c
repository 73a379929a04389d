// run: --set n=20
/* A local temporary array: not live-out. */
void blur_rows(int n, double A[n][16])
{
  double tmp[16];
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < 16; j++)
      tmp[j] = A[i][j];
    for (int j = 1; j < 15; j++)
      A[i][j] = (tmp[j - 1] + 2.0 * tmp[j] + tmp[j + 1]) * 0.25;
  }
}
