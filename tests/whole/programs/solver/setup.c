/* The solver's data: global grids, filled by a region among statements. */
#include "solver.h"

double u[N][N], f[N][N];

void setup(void) {
  int i, j;
  for (i = 0; i < N; i++)
    u[i][0] = 0.0;
#pragma scop
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      u[i][j] = 0.0;
      f[i][j] = (double)((i * 5 + j * 3) % 13) / 13.0 - 0.5;
    }
#pragma endscop
}
