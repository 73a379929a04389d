/* max_abs: a whole program in the globals style, for optimist's tests (written for them). */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#define N 140
static unsigned long long hash_bytes(unsigned long long h, const void *p, size_t len) {
  const unsigned char *b = p;
  for (size_t q = 0; q < len; q++) {
    h ^= b[q];
    h *= 1099511628211ull;
  }
  return h;
}
double x[N];
int n = N;
double mx = 0.0;
int main(void) {
  int i, j, k, l;
  for (i = 0; i < n; i++)
    x[i] = sin(i * 0.7) * (i % 9);
#pragma scop
  for (i = 0; i < n; i++)
    mx = fabs(x[i]) > mx ? fabs(x[i]) : mx;
#pragma endscop
  unsigned long long checksum = 14695981039346656037ull;
  checksum = hash_bytes(checksum, x, sizeof(double) * (size_t)n);
  printf("max_abs %016llx\n", checksum);
  printf("result %a\n", mx);
  return 0;
}
