// run: --set n=16 --len C=256 --len A=256 --len B=256
/* tagged.c with flat pointers: a product and its diagonal. */
void tagged(int n, double *C, double *A, double *B)
{
Outer:
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
Init: C[i * n + j] = 0.0;
Mult: for (int k = 0; k < n; k++)
        C[i * n + j] += A[i * n + k] * B[k * n + j];
    }
Post: {
    for (int i = 0; i < n; i++)
      C[i * n + i] = C[i * n + i] + 1.0;
  }
}
