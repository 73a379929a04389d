// run: --set n=15 --set m=12 --len A=180 --len B=180
/* shift2d.c with flat pointers: offsets written as A[(i + 1) * m + j - 1]. */
void shift2d(int n, int m, double *A, double *B)
{
  for (int i = 0; i < n - 1; i++)
    for (int j = 1; j < m; j++)
      B[i * m + j] = A[(i + 1) * m + j - 1] * 0.5 + B[i * m + j - 1];
}
