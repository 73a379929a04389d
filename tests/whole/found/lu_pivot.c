/* LU factorization with partial pivoting and a solve: row swaps chosen by data. */
#include <stdio.h>
#include <math.h>
#define N 40
static double a[N][N], bvec[N], y[N];
static int piv[N];
int main(void) {
  int i, j, k;
  for (i = 0; i < N; i++) {
    for (j = 0; j < N; j++)
      a[i][j] = (double)((i * 13 + j * 7) % 19) - 9.0 + (i == j ? 30.0 : 0.0);
    bvec[i] = (double)(i % 4);
  }
  for (k = 0; k < N; k++) {
    int p = k;
    double best = fabs(a[k][k]);
    for (i = k + 1; i < N; i++)
      if (fabs(a[i][k]) > best) {
        best = fabs(a[i][k]);
        p = i;
      }
    piv[k] = p;
    if (p != k)
      for (j = 0; j < N; j++) {
        double t = a[k][j];
        a[k][j] = a[p][j];
        a[p][j] = t;
      }
    for (i = k + 1; i < N; i++) {
      a[i][k] /= a[k][k];
      for (j = k + 1; j < N; j++)
        a[i][j] -= a[i][k] * a[k][j];
    }
  }
  for (k = 0; k < N; k++) {
    double t = bvec[k];
    bvec[k] = bvec[piv[k]];
    bvec[piv[k]] = t;
  }
  for (i = 0; i < N; i++) {
    y[i] = bvec[i];
    for (j = 0; j < i; j++)
      y[i] -= a[i][j] * y[j];
  }
  for (i = N - 1; i >= 0; i--) {
    for (j = i + 1; j < N; j++)
      y[i] -= a[i][j] * y[j];
    y[i] /= a[i][i];
  }
  double s = 0.0;
  for (i = 0; i < N; i++)
    s += y[i] * (i + 1);
  printf("%.12f\n", s);
  return 0;
}
