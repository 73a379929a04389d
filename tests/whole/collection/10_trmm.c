/* trmm: a whole program in the params style, for optimist's tests (written for them). */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#define M 30
#define N 26
static unsigned long long hash_bytes(unsigned long long h, const void *p, size_t len) {
  const unsigned char *b = p;
  for (size_t q = 0; q < len; q++) {
    h ^= b[q];
    h *= 1099511628211ull;
  }
  return h;
}
static void kernel_trmm(int m, int n, double alpha, double A[M][M], double B[M][N]) {
  int i, j, k, l;
#pragma scop
  for (i = 0; i < m; i++)
    for (j = 0; j < n; j++) {
      for (k = i + 1; k < m; k++)
        B[i][j] += A[k][i] * B[k][j];
      B[i][j] = alpha * B[i][j];
    }
#pragma endscop
}
int main(void) {
  int i, j, k, l;
  int m = M;
  int n = N;
  double alpha = 1.5;
  static double A[M][M];
  static double B[M][N];
  for (i = 0; i < m; i++)
    for (j = 0; j < m; j++)
      A[i][j] = (double)((i * 7 + j * 13 + 0) % 27) / 27.0 + 0.5;
  for (i = 0; i < m; i++)
    for (j = 0; j < n; j++)
      B[i][j] = (double)((i * 7 + j * 13 + 1) % 17) / 17.0 + 0.5;
  kernel_trmm(m, n, alpha, A, B);
  unsigned long long checksum = 14695981039346656037ull;
  checksum = hash_bytes(checksum, A, sizeof(double) * (size_t)m * (size_t)m);
  checksum = hash_bytes(checksum, B, sizeof(double) * (size_t)m * (size_t)n);
  printf("trmm %016llx\n", checksum);
  return 0;
}
