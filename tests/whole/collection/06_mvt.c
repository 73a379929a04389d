/* mvt: a whole program in the repeat style, for optimist's tests (written for them). */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#define N 50
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
  static double x1[N];
  static double x2[N];
  static double y1[N];
  static double y2[N];
  static double A[N][N];
  for (i = 0; i < n; i++)
    x1[i] = (double)((i * 7 + 4) % 21) / 21.0 + 0.5;
  for (i = 0; i < n; i++)
    x2[i] = (double)((i * 7 + 0) % 22) / 22.0 + 0.5;
  for (i = 0; i < n; i++)
    y1[i] = (double)((i * 7 + 0) % 22) / 22.0 + 0.5;
  for (i = 0; i < n; i++)
    y2[i] = (double)((i * 7 + 1) % 23) / 23.0 + 0.5;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      A[i][j] = (double)((i * 7 + j * 13 + 0) % 27) / 27.0 + 0.5;
  for (rep = 0; rep < 2; rep++) {
#pragma scop
    for (i = 0; i < n; i++)
      for (j = 0; j < n; j++)
        x1[i] = x1[i] + A[i][j] * y1[j];
    for (i = 0; i < n; i++)
      for (j = 0; j < n; j++)
        x2[i] = x2[i] + A[j][i] * y2[j];
#pragma endscop
  }
  unsigned long long checksum = 14695981039346656037ull;
  checksum = hash_bytes(checksum, x1, sizeof(double) * (size_t)n);
  checksum = hash_bytes(checksum, x2, sizeof(double) * (size_t)n);
  checksum = hash_bytes(checksum, y1, sizeof(double) * (size_t)n);
  checksum = hash_bytes(checksum, y2, sizeof(double) * (size_t)n);
  checksum = hash_bytes(checksum, A, sizeof(double) * (size_t)n * (size_t)n);
  printf("mvt %016llx\n", checksum);
  return 0;
}
