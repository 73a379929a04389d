/* A 3-D heat stencil on flat arrays through index macros, with a time loop and a norm. */
#include <stdio.h>
#include <math.h>
#define NX 20
#define NY 18
#define NZ 16
#define IDX(i, j, k) (((i) * NY + (j)) * NZ + (k))
static double u[NX * NY * NZ], un[NX * NY * NZ];
int main(void) {
  int i, j, k, t;
  for (i = 0; i < NX; i++)
    for (j = 0; j < NY; j++)
      for (k = 0; k < NZ; k++)
        u[IDX(i, j, k)] = (double)((i + 2 * j + 3 * k) % 10) / 10.0;
  for (t = 0; t < 5; t++) {
    for (i = 1; i < NX - 1; i++)
      for (j = 1; j < NY - 1; j++)
        for (k = 1; k < NZ - 1; k++)
          un[IDX(i, j, k)] = u[IDX(i, j, k)] + 0.1 * (u[IDX(i - 1, j, k)] + u[IDX(i + 1, j, k)] + u[IDX(i, j - 1, k)] + u[IDX(i, j + 1, k)] + u[IDX(i, j, k - 1)] + u[IDX(i, j, k + 1)] - 6.0 * u[IDX(i, j, k)]);
    for (i = 1; i < NX - 1; i++)
      for (j = 1; j < NY - 1; j++)
        for (k = 1; k < NZ - 1; k++)
          u[IDX(i, j, k)] = un[IDX(i, j, k)];
    double norm = 0.0;
    for (i = 0; i < NX * NY * NZ; i++)
      norm += u[i] * u[i];
    printf("t %d norm %.12f\n", t, sqrt(norm));
  }
  return 0;
}
