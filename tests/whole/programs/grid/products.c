/* One file of a program of four: a product, and a region in a function that is no kernel. */
#include <stdlib.h>
#include "program.h"

void products_mm(int n, double C[n][n], double A[n][n], double B[n][n]) {
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      C[i][j] = 0.0;
      for (int k = 0; k < n; k++)
        C[i][j] += A[i][k] * B[k][j];
    }
#pragma endscop
}

double products_trace(int n) {
  double (*A)[n] = malloc(sizeof(double) * n * n);
  double (*C)[n] = malloc(sizeof(double) * n * n);
  double t = 0;
  int i, j;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      A[i][j] = (double)(i + 2 * j) / n;
#pragma scop
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      C[i][j] = A[i][j] * A[j][i];
#pragma endscop
  for (i = 0; i < n; i++)
    t += C[i][i];
  free(A);
  free(C);
  return t;
}
