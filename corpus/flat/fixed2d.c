// run: --len A=10000 --len B=10000
/* fixed2d.c with flat pointers and constant strides, the case a user meets first. */
void fixed2d(double *A, double *B)
{
  for (int i = 1; i < 99; i++)
    for (int j = 1; j < 99; j++)
      B[i * 100 + j] = 0.2 * (A[i * 100 + j] + A[(i - 1) * 100 + j] + A[(i + 1) * 100 + j] + A[i * 100 + j - 1] + A[i * 100 + j + 1]);
}
