/* Conjugate gradients on a dense symmetric matrix, with helper routines (no pragmas). */
#include <stdio.h>
#include <math.h>
#define N 64
static double A[N][N], x[N], b[N], r[N], p[N], q[N];
static void matvec(double out[N], double in[N]) {
  int i, j;
  for (i = 0; i < N; i++) {
    double s = 0.0;
    for (j = 0; j < N; j++)
      s += A[i][j] * in[j];
    out[i] = s;
  }
}
static double dot(double u[N], double v[N]) {
  int i;
  double s = 0.0;
  for (i = 0; i < N; i++)
    s += u[i] * v[i];
  return s;
}
int main(void) {
  int i, j, it;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      A[i][j] = (i == j) ? N + 1.0 : 1.0 / (1.0 + (i > j ? i - j : j - i));
  for (i = 0; i < N; i++) {
    b[i] = 1.0 + i % 3;
    x[i] = 0.0;
    r[i] = b[i];
    p[i] = r[i];
  }
  double rr = dot(r, r);
  for (it = 0; it < 12 && rr > 1e-20; it++) {
    matvec(q, p);
    double alpha = rr / dot(p, q);
    for (i = 0; i < N; i++) {
      x[i] += alpha * p[i];
      r[i] -= alpha * q[i];
    }
    double rr2 = dot(r, r);
    double beta = rr2 / rr;
    for (i = 0; i < N; i++)
      p[i] = r[i] + beta * p[i];
    rr = rr2;
    printf("it %d residual %.6e\n", it, sqrt(rr));
  }
  printf("x0 %.12f\n", x[0]);
  return 0;
}
