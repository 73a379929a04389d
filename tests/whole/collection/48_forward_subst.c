/* forward_subst: a whole program in the repeat style, for optimist's tests (written for them). */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#define N 40
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
  double w = 0.0;
  static double A[N][N];
  static double b[N];
  static double y[N];
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      A[i][j] = (i == j ? n + 1.0 : 1.0 / (1.0 + (i > j ? i - j : j - i)));
  for (i = 0; i < n; i++)
    b[i] = (double)((i * 7 + 3) % 27) / 27.0 + 0.5;
  for (i = 0; i < n; i++)
    y[i] = (double)((i * 7 + 1) % 17) / 17.0 + 0.5;
  for (rep = 0; rep < 2; rep++) {
#pragma scop
    for (i = 0; i < n; i++) {
      w = b[i];
      for (j = 0; j < i; j++)
        w = w - A[i][j] * y[j];
      y[i] = w;
    }
#pragma endscop
  }
  unsigned long long checksum = 14695981039346656037ull;
  checksum = hash_bytes(checksum, A, sizeof(double) * (size_t)n * (size_t)n);
  checksum = hash_bytes(checksum, b, sizeof(double) * (size_t)n);
  checksum = hash_bytes(checksum, y, sizeof(double) * (size_t)n);
  printf("forward_subst %016llx\n", checksum);
  return 0;
}
