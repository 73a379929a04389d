// run: --set n=30 --len L=900
/* trisolv.c with a flat pointer for the matrix. */
void kernel_trisolv(int n, double *L, double x[n], double b[n])
{
  for (int i = 0; i < n; i++) {
    x[i] = b[i];
    for (int j = 0; j < i; j++)
      x[i] -= L[i * n + j] * x[j];
    x[i] = x[i] / L[i * n + i];
  }
}
