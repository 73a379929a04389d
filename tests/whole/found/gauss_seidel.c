/* Gauss-Seidel sweeps until a residual is small: a while loop around modelable sweeps. */
#include <stdio.h>
#include <math.h>
#define N 48
static double u[N][N], f[N][N];
static double residual(void) {
  int i, j;
  double r = 0.0;
  for (i = 1; i < N - 1; i++)
    for (j = 1; j < N - 1; j++) {
      double d = 4.0 * u[i][j] - u[i - 1][j] - u[i + 1][j] - u[i][j - 1] - u[i][j + 1] - f[i][j];
      r += d * d;
    }
  return sqrt(r);
}
int main(void) {
  int i, j, sweeps = 0;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      u[i][j] = 0.0;
      f[i][j] = ((i * j) % 5) * 0.01;
    }
  double r = residual();
  while (r > 1e-3 && sweeps < 30) {
    for (i = 1; i < N - 1; i++)
      for (j = 1; j < N - 1; j++)
        u[i][j] = 0.25 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1] + f[i][j]);
    sweeps++;
    r = residual();
  }
  printf("%d sweeps, residual %.10f, centre %.10f\n", sweeps, r, u[N / 2][N / 2]);
  return 0;
}
