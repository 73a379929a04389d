/* horner: a whole program in the scalars style, for optimist's tests (written for them). */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#define N 80
#define DEG 6
static unsigned long long hash_bytes(unsigned long long h, const void *p, size_t len) {
  const unsigned char *b = p;
  for (size_t q = 0; q < len; q++) {
    h ^= b[q];
    h *= 1099511628211ull;
  }
  return h;
}
double x[N];
double c[DEG];
double y[N];
int main(void) {
  int i, k, j, l;
  int n = N;
  int deg = DEG;
  double v = 0.0;
  for (i = 0; i < n; i++)
    x[i] = (double)((i * 7 + 0) % 27) / 27.0 + 0.5;
  for (i = 0; i < deg; i++)
    c[i] = (double)((i * 7 + 4) % 17) / 17.0 + 0.5;
  for (i = 0; i < n; i++)
    y[i] = (double)((i * 7 + 1) % 17) / 17.0 + 0.5;
#pragma scop
  for (i = 0; i < n; i++) {
    v = c[deg - 1];
    for (k = deg - 2; k >= 0; k--)
      v = v * x[i] + c[k];
    y[i] = v;
  }
#pragma endscop
  unsigned long long checksum = 14695981039346656037ull;
  checksum = hash_bytes(checksum, x, sizeof(double) * (size_t)n);
  checksum = hash_bytes(checksum, c, sizeof(double) * (size_t)deg);
  checksum = hash_bytes(checksum, y, sizeof(double) * (size_t)n);
  printf("horner %016llx\n", checksum);
  return 0;
}
