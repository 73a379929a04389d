/* column_sums: a whole program in the params style, for optimist's tests (written for them). */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#define N 50
#define M 40
static unsigned long long hash_bytes(unsigned long long h, const void *p, size_t len) {
  const unsigned char *b = p;
  for (size_t q = 0; q < len; q++) {
    h ^= b[q];
    h *= 1099511628211ull;
  }
  return h;
}
static void kernel_column_sums(int n, int m, double A[N][M], double cs[M]) {
  int i, j, k, l;
#pragma scop
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      cs[j] += A[i][j];
#pragma endscop
}
int main(void) {
  int i, j, k, l;
  int n = N;
  int m = M;
  static double A[N][M];
  static double cs[M];
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      A[i][j] = (double)((i * 7 + j * 13 + 0) % 27) / 27.0 + 0.5;
  for (i = 0; i < m; i++)
    cs[i] = 0;
  kernel_column_sums(n, m, A, cs);
  unsigned long long checksum = 14695981039346656037ull;
  checksum = hash_bytes(checksum, A, sizeof(double) * (size_t)n * (size_t)m);
  checksum = hash_bytes(checksum, cs, sizeof(double) * (size_t)m);
  printf("column_sums %016llx\n", checksum);
  return 0;
}
