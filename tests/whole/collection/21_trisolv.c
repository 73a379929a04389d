/* trisolv: a whole program in the scalars style, for optimist's tests (written for them). */
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
double L[N][N];
double x[N];
double b[N];
int main(void) {
  int i, j, k, l;
  int n = N;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      L[i][j] = (i == j ? n + 1.0 : 1.0 / (1.0 + (i > j ? i - j : j - i)));
  for (i = 0; i < n; i++)
    x[i] = (double)((i * 7 + 0) % 27) / 27.0 + 0.5;
  for (i = 0; i < n; i++)
    b[i] = (double)((i * 7 + 3) % 27) / 27.0 + 0.5;
#pragma scop
  for (i = 0; i < n; i++) {
    x[i] = b[i];
    for (j = 0; j < i; j++)
      x[i] -= L[i][j] * x[j];
    x[i] = x[i] / L[i][i];
  }
#pragma endscop
  unsigned long long checksum = 14695981039346656037ull;
  checksum = hash_bytes(checksum, L, sizeof(double) * (size_t)n * (size_t)n);
  checksum = hash_bytes(checksum, x, sizeof(double) * (size_t)n);
  checksum = hash_bytes(checksum, b, sizeof(double) * (size_t)n);
  printf("trisolv %016llx\n", checksum);
  return 0;
}
