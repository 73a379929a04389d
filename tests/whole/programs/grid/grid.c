/* One file of a program of four: a static smoothing kernel (the same name as in field.c),
   and a region among statements on global arrays. */
#include <stdio.h>
#include "program.h"

double grid[N][N], next[N][N];

static void smooth(int n, double A[N][N], double B[N][N]) {
#pragma scop
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      B[i][j] = 0.2 * (A[i][j] + A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]);
#pragma endscop
}

void grid_init(void) {
  int i, j;
#pragma scop
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      grid[i][j] = (double)((i * 7 + j * 3) % 11) / 10.0;
#pragma endscop
}

void grid_step(int steps) {
  for (int t = 0; t < steps; t++) {
    smooth(N, grid, next);
    smooth(N, next, grid);
  }
}

double grid_sum(void) {
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      s += grid[i][j];
  return s;
}
