/* dot: a whole program in the argv style, for optimist's tests (written for them). */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#define N 120
static unsigned long long hash_bytes(unsigned long long h, const void *p, size_t len) {
  const unsigned char *b = p;
  for (size_t q = 0; q < len; q++) {
    h ^= b[q];
    h *= 1099511628211ull;
  }
  return h;
}
int main(int argc, char **argv) {
  int i, j, k, l;
  int n = argc > 1 ? atoi(argv[1]) : N;
  double s = 0.0;
  double *x = malloc(sizeof(double) * (size_t)n);
  double *y = malloc(sizeof(double) * (size_t)n);
  for (i = 0; i < n; i++)
    x[i] = (double)((i * 7 + 0) % 27) / 27.0 + 0.5;
  for (i = 0; i < n; i++)
    y[i] = (double)((i * 7 + 1) % 17) / 17.0 + 0.5;
#pragma scop
  for (i = 0; i < n; i++)
    s += x[i] * y[i];
#pragma endscop
  unsigned long long checksum = 14695981039346656037ull;
  checksum = hash_bytes(checksum, x, sizeof(double) * (size_t)n);
  checksum = hash_bytes(checksum, y, sizeof(double) * (size_t)n);
  printf("dot %016llx\n", checksum);
  printf("result %a\n", s);
  free(x);
  free(y);
  return 0;
}
