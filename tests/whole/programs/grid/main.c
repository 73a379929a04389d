/* The program's main: not rewritten, it calls the kernels of the three other files. */
#include <stdio.h>
#include "program.h"

int main(void) {
  static float X[100], Y[100];
  static double A[20][20], B[20][20], C[20][20];
  for (int i = 0; i < 100; i++) {
    X[i] = (float)(i % 13) / 4.0f;
    Y[i] = (float)(i % 7);
  }
  for (int i = 0; i < 20; i++)
    for (int j = 0; j < 20; j++) {
      A[i][j] = (double)(i - j) / 8.0;
      B[i][j] = (double)(i * j % 5);
    }
  grid_init();
  grid_step(3);
  field_scale(100, 1.5f, X, Y);
  products_mm(20, C, A, B);
  double fx = 0, c = 0;
  for (int i = 0; i < 100; i++)
    fx += X[i] + Y[i];
  for (int i = 0; i < 20; i++)
    for (int j = 0; j < 20; j++)
      c += C[i][j] * (i + 1);
  printf("grid %.12f\nfield %.8f\nproduct %.12f\ntrace %.12f\n", grid_sum(), fx, c, products_trace(30));
  return 0;
}
