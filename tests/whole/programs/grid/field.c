/* One file of a program of four: a static kernel named as grid.c's, and an external one. */
#include "program.h"

static void smooth(int n, float F[n], float G[n]) {
#pragma scop
  for (int i = 1; i < n - 1; i++)
    G[i] = (F[i - 1] + 2.0f * F[i] + F[i + 1]) / 4.0f;
#pragma endscop
}

void field_scale(int n, float a, float X[n], float Y[n]) {
#pragma scop
  for (int i = 0; i < n; i++)
    Y[i] = a * X[i] + Y[i];
#pragma endscop
  smooth(n, Y, X);
}
