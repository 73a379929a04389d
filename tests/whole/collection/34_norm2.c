/* norm2: a whole program in the repeat style, for optimist's tests (written for them). */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#define N 90
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
  double s = 0.0;
  static double x[N];
  for (i = 0; i < n; i++)
    x[i] = (double)((i * 7 + 0) % 27) / 27.0 + 0.5;
  for (rep = 0; rep < 2; rep++) {
#pragma scop
    s = 0.0;
    for (i = 0; i < n; i++)
      s += x[i] * x[i];
    s = sqrt(s);
#pragma endscop
  }
  unsigned long long checksum = 14695981039346656037ull;
  checksum = hash_bytes(checksum, x, sizeof(double) * (size_t)n);
  printf("norm2 %016llx\n", checksum);
  printf("result %a\n", s);
  return 0;
}
