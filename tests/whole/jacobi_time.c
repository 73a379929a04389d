/* A stencil with a time loop: the kernel takes its arrays, sizes are macros. */
#include <stdio.h>
#include <string.h>
#define N 300
#define TSTEPS 20
static double A[N][N], B[N][N];
static void kernel_jacobi(int tsteps, int n, double A[N][N], double B[N][N]) {
  int t, i, j;
#pragma scop
  for (t = 0; t < tsteps; t++) {
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][j + 1] + A[i + 1][j] + A[i - 1][j]);
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        A[i][j] = 0.2 * (B[i][j] + B[i][j - 1] + B[i][j + 1] + B[i + 1][j] + B[i - 1][j]);
  }
#pragma endscop
}
int main() {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = ((double)i * (j + 2) + 2) / N;
  kernel_jacobi(TSTEPS, N, A, B);
  unsigned long long h = 14695981039346656037ull;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      unsigned long long b;
      memcpy(&b, &A[i][j], 8);
      h = (h ^ b) * 1099511628211ull;
    }
  printf("%016llx\n", h);
  return 0;
}
