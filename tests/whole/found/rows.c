/* Rows of arrays given to helpers: a dot product of a row, updates of one row from another, the 2-D slices of a 3-D array. */
#include <stdio.h>
#define N 40
static double A[N][N], B[N][N][4], x[N], y[N];
static double dot(const double r[N], const double v[N]) { double s = 0; int j; for (j = 0; j < N; j++) s += r[j] * v[j]; return s; }
static void axpy(double *r, double a, const double *v) { int j; for (j = 0; j < N; j++) r[j] += a * v[j]; }
static void fill4(double c[N][4], int k) { int i, q; for (i = 0; i < N; i++) for (q = 0; q < 4; q++) c[i][q] = k + i * 0.25 + q; }
int main(void) {
  int i, j, k;
  for (i = 0; i < N; i++) { x[i] = i % 7; for (j = 0; j < N; j++) A[i][j] = (i + 2 * j) % 5; }
  for (i = 0; i < N; i++)
    y[i] = dot(A[i], x);
  for (i = 0; i < N; i++)
    axpy(A[i], 0.5, A[(i + 1) % N]);
  for (k = 0; k < N; k++)
    fill4(B[k], k);
  for (i = 1; i < N; i++)
    axpy(A[i], -0.25, A[i - 1]);
  double s = 0;
  for (i = 0; i < N; i++) for (j = 0; j < N; j++) s += A[i][j] + B[i][j][i % 4];
  printf("%.6f %.6f\n", s, y[5]);
  return 0;
}
