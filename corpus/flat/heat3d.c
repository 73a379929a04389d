// run: --set tsteps=3 --set n=9 --len A=729 --len B=729
/* heat3d.c with flat pointers: a 3-D shape with offsets in every subscript. */
void kernel_heat_3d(int tsteps, int n, double *A, double *B)
{
  for (int t = 1; t <= tsteps; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int k = 1; k < n - 1; k++)
          B[(i * n + j) * n + k] = 0.125 * (A[((i + 1) * n + j) * n + k] - 2.0 * A[(i * n + j) * n + k] + A[((i - 1) * n + j) * n + k])
                     + 0.125 * (A[(i * n + j + 1) * n + k] - 2.0 * A[(i * n + j) * n + k] + A[(i * n + j - 1) * n + k])
                     + 0.125 * (A[(i * n + j) * n + k + 1] - 2.0 * A[(i * n + j) * n + k] + A[(i * n + j) * n + k - 1])
                     + A[(i * n + j) * n + k];
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int k = 1; k < n - 1; k++)
          A[(i * n + j) * n + k] = 0.125 * (B[((i + 1) * n + j) * n + k] - 2.0 * B[(i * n + j) * n + k] + B[((i - 1) * n + j) * n + k])
                     + 0.125 * (B[(i * n + j + 1) * n + k] - 2.0 * B[(i * n + j) * n + k] + B[(i * n + j - 1) * n + k])
                     + 0.125 * (B[(i * n + j) * n + k + 1] - 2.0 * B[(i * n + j) * n + k] + B[(i * n + j) * n + k - 1])
                     + B[(i * n + j) * n + k];
  }
}
