// run: --set n=13 --set m=7 --len A=182 --len B=91
/* Flat pointers indexed by linearized (polynomial) subscripts, as delinearization sees them. */
void transpose_scale(int n, int m, float *A, float *B)
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      B[j * n + i] = 3.0f * A[(2 * j) * n + i];
      A[(2 * j + 1) * n + i] = B[j * n + i] - 1.0f;
    }
}
