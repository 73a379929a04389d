/* Jacobi sweeps: a static kernel whose time loop declares a block-local copy of the grid,
   and a residual with a block-local row of differences. */
#include "solver.h"

static void sweep(int steps, int n, double U[n][n], double F[n][n]) {
#pragma scop
  for (int t = 0; t < steps; t++) {
    double old[N][N];
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        old[i][j] = U[i][j];
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        U[i][j] = 0.25 * (old[i - 1][j] + old[i + 1][j] + old[i][j - 1] + old[i][j + 1] - F[i][j]);
  }
#pragma endscop
}

static void residual(int n, double U[n][n], double F[n][n], double R[n][n]) {
#pragma scop
  for (int i = 1; i < n - 1; i++) {
    double d[N];
    for (int j = 1; j < n - 1; j++)
      d[j] = 4.0 * U[i][j] - U[i - 1][j] - U[i + 1][j];
    for (int j = 1; j < n - 1; j++)
      R[i][j] = F[i][j] - d[j] + U[i][j - 1] + U[i][j + 1];
  }
#pragma endscop
}

double solve(int steps) {
  static double r[N][N];
  sweep(steps, N, u, f);
  residual(N, u, f, r);
  return norm(N, r);
}
