// run: --set nr=6 --set nq=5 --set np=7 --len A=210 --len C4=49
/* doitgen.c with flat pointers: a three-dimensional shape to recover. */
void kernel_doitgen(int nr, int nq, int np, double *A, double *C4, double sum[np])
{
  for (int r = 0; r < nr; r++)
    for (int q = 0; q < nq; q++) {
      for (int p = 0; p < np; p++) {
        sum[p] = 0.0;
        for (int s = 0; s < np; s++)
          sum[p] += A[(r * nq + q) * np + s] * C4[s * np + p];
      }
      for (int p = 0; p < np; p++)
        A[(r * nq + q) * np + p] = sum[p];
    }
}
