// run: --set n=24
/* The array twin of scalar/local_tmp.c: the first stage writes B[i][j] directly. */
void local_tmp(int n, double A[n][32], double B[n][32])
{
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < 32; j++)
      B[i][j] = A[i][j] * 2.0;
    for (int j = 0; j < 32; j++)
      B[i][j] = B[i][j] + A[i][31 - j];
  }
}
