/* Sparse matrix-vector products over compressed sparse rows, with dense helpers (no pragmas). */
#include <stdio.h>
#include <stdlib.h>
#define N (1 << 7)
#define NNZ_ROW 5
static int rowptr[N + 1], col[N * NNZ_ROW];
static double val[N * NNZ_ROW], x[N], y[N], r[N];
static void build(void) {
  int i, k;
  rowptr[0] = 0;
  for (i = 0; i < N; i++) {
    for (k = 0; k < NNZ_ROW; k++) {
      col[i * NNZ_ROW + k] = (i + k * 7) % N;
      val[i * NNZ_ROW + k] = 1.0 / (1 + i + k);
    }
    rowptr[i + 1] = rowptr[i] + NNZ_ROW;
  }
}
static void spmv(void) {
  int i, k;
  for (i = 0; i < N; i++) {
    double s = 0.0;
    for (k = rowptr[i]; k < rowptr[i + 1]; k++)
      s += val[k] * x[col[k]];
    y[i] = s;
  }
}
static double dot(const double *a, const double *b, int n) {
  double s = 0.0;
  int i;
  for (i = 0; i < n; i++)
    s += a[i] * b[i];
  return s;
}
static void axpy(double *out, double a, const double *p, const double *q, int n) {
  int i;
  for (i = 0; i < n; i++)
    out[i] = a * p[i] + q[i];
}
int main(void) {
  int i, it;
  build();
  for (i = 0; i < N; i++)
    x[i] = (double)(i % 9) / 9.0;
  for (it = 0; it < 4; it++) {
    spmv();
    axpy(r, -0.5, y, x, N);
    double d = dot(r, r, N);
    printf("iteration %d residual %.12e\n", it, d);
    for (i = 0; i < N; i++)
      x[i] = x[i] + 0.25 * r[i];
  }
  return 0;
}
