/* A norm in a file of its own, with a static helper of a name sweep.c uses too. */
#include "solver.h"

static void residual(int n, double R[n][n], double S[n]) {
#pragma scop
  for (int i = 0; i < n; i++) {
    S[i] = 0.0;
    for (int j = 0; j < n; j++)
      S[i] += R[i][j] * R[i][j];
  }
#pragma endscop
}

double norm(int n, double r[n][n]) {
  double s[N], total = 0.0;
  residual(n, r, s);
  for (int i = 0; i < n; i++)
    total += s[i];
  return total;
}
