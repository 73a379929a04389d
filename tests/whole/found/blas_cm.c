/* Column-major level-2 and level-3 routines with unsized array parameters and lda. */
#include <stdio.h>
#define M 36
#define N 28
#define K 32
#define LD 40
static void gemm_cm(int m, int n, int k, double alpha, double a[], int lda, double b[], int ldb, double c[], int ldc) {
  int i, j, l;
  for (j = 0; j < n; j++)
    for (l = 0; l < k; l++)
      for (i = 0; i < m; i++)
        c[i + ldc * j] += alpha * a[i + lda * l] * b[l + ldb * j];
}
static void ger_cm(int m, int n, double alpha, double x[], double y[], double a[], int lda) {
  int i, j;
  for (j = 0; j < n; j++)
    for (i = 0; i < m; i++)
      a[i + lda * j] += alpha * x[i] * y[j];
}
static double a[LD * K], b[LD * N], c[LD * N], xv[M], yv[N];
int main(void) {
  int i, j;
  for (i = 0; i < LD * K; i++)
    a[i] = (double)(i % 17) / 17.0;
  for (i = 0; i < LD * N; i++) {
    b[i] = (double)(i % 13) / 13.0;
    c[i] = 0.0;
  }
  for (i = 0; i < M; i++)
    xv[i] = 1.0 / (1 + i);
  for (j = 0; j < N; j++)
    yv[j] = (double)j;
  gemm_cm(M, N, K, 1.5, a, LD, b, LD, c, LD);
  ger_cm(M, N, 0.5, xv, yv, c, LD);
  double s = 0.0;
  for (j = 0; j < N; j++)
    for (i = 0; i < M; i++)
      s += c[i + LD * j] * (1 + (i + j) % 3);
  printf("%.10f\n", s);
  return 0;
}
