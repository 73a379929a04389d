/* stencil_9pt: a whole program in the repeat style, for optimist's tests (written for them). */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#define N 36
static unsigned long long hash_bytes(unsigned long long h, const void *p, size_t len) {
  const unsigned char *b = p;
  for (size_t q = 0; q < len; q++) {
    h ^= b[q];
    h *= 1099511628211ull;
  }
  return h;
}
int main(void) {
  int rep, i, j, k, l;
  int n = N;
  static double A[N][N];
  static double B[N][N];
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      A[i][j] = (double)((i * 7 + j * 13 + 0) % 27) / 27.0 + 0.5;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      B[i][j] = (double)((i * 7 + j * 13 + 1) % 17) / 17.0 + 0.5;
  for (rep = 0; rep < 2; rep++) {
#pragma scop
    for (i = 2; i < n - 2; i++)
      for (j = 2; j < n - 2; j++)
        B[i][j] = (16.0 * A[i][j] - A[i - 2][j] - A[i + 2][j] - A[i][j - 2] - A[i][j + 2]
                  + 2.0 * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1])) / 24.0;
#pragma endscop
  }
  unsigned long long checksum = 14695981039346656037ull;
  checksum = hash_bytes(checksum, A, sizeof(double) * (size_t)n * (size_t)n);
  checksum = hash_bytes(checksum, B, sizeof(double) * (size_t)n * (size_t)n);
  printf("stencil_9pt %016llx\n", checksum);
  return 0;
}
