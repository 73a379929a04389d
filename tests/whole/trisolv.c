/* A triangular solver: a reduction whose bound is the outer loop's iterator. */
#include <stdio.h>
#include <string.h>
#define N 400
double L[N][N], x[N], b[N];
void kernel_trisolv(int n, double L[N][N], double x[N], double b[N]) {
  int i, j;
#pragma scop
  for (i = 0; i < n; i++) {
    x[i] = b[i];
    for (j = 0; j < i; j++)
      x[i] -= L[i][j] * x[j];
    x[i] = x[i] / L[i][i];
  }
#pragma endscop
}
int main(void) {
  for (int i = 0; i < N; i++) {
    x[i] = -999;
    b[i] = i;
    for (int j = 0; j <= i; j++)
      L[i][j] = (double)(i + N - j + 1) * 2 / N;
  }
  kernel_trisolv(N, L, x, b);
  unsigned long long h = 14695981039346656037ull;
  for (int i = 0; i < N; i++) {
    unsigned long long v;
    memcpy(&v, &x[i], 8);
    h = (h ^ v) * 1099511628211ull;
  }
  printf("%016llx\n", h);
  return 0;
}
