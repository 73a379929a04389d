/* Column-major BLAS-style routines with a leading dimension, called from main (no pragmas). */
#include <stdio.h>
#define M 48
#define K 40
#define LDA 50
static double a[LDA * K], b[LDA * K], c[LDA * K];
static void gemv_t(int m, int n, const double *A, int lda, const double *xv, double *yv) {
  int i, j;
  for (j = 0; j < n; j++) {
    double s = 0.0;
    for (i = 0; i < m; i++)
      s += A[i + lda * j] * xv[i];
    yv[j] = s;
  }
}
static void scale_cols(int m, int n, double *A, int lda, double alpha) {
  int i, j;
  for (j = 0; j < n; j++)
    for (i = 0; i < m; i++)
      A[i + lda * j] *= alpha;
}
static void add_mat(int m, int n, const double *A, const double *B, double *C, int lda) {
  int i, j;
  for (j = 0; j < n; j++)
    for (i = 0; i < m; i++)
      C[i + lda * j] = A[i + lda * j] + B[i + lda * j];
}
int main(void) {
  static double xv[M], yv[K];
  int i, j;
  for (j = 0; j < K; j++)
    for (i = 0; i < LDA; i++) {
      a[i + LDA * j] = (double)((i * 3 + j) % 13) / 13.0;
      b[i + LDA * j] = (double)((i + j * 5) % 7) / 7.0;
    }
  for (i = 0; i < M; i++)
    xv[i] = 1.0 + i % 4;
  scale_cols(M, K, a, LDA, 0.5);
  add_mat(M, K, a, b, c, LDA);
  gemv_t(M, K, c, LDA, xv, yv);
  double s = 0;
  for (j = 0; j < K; j++)
    s += yv[j] * (j + 1);
  printf("%.12f\n", s);
  return 0;
}
