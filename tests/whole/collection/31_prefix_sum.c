/* prefix_sum: a whole program in the params style, for optimist's tests (written for them). */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#define N 100
static unsigned long long hash_bytes(unsigned long long h, const void *p, size_t len) {
  const unsigned char *b = p;
  for (size_t q = 0; q < len; q++) {
    h ^= b[q];
    h *= 1099511628211ull;
  }
  return h;
}
static void kernel_prefix_sum(int n, double a[N], double b[N]) {
  int i, j, k, l;
#pragma scop
  b[0] = a[0];
  for (i = 1; i < n; i++)
    b[i] = b[i - 1] + a[i];
#pragma endscop
}
int main(void) {
  int i, j, k, l;
  int n = N;
  static double a[N];
  static double b[N];
  for (i = 0; i < n; i++)
    a[i] = (double)((i * 7 + 2) % 26) / 26.0 + 0.5;
  for (i = 0; i < n; i++)
    b[i] = (double)((i * 7 + 3) % 27) / 27.0 + 0.5;
  kernel_prefix_sum(n, a, b);
  unsigned long long checksum = 14695981039346656037ull;
  checksum = hash_bytes(checksum, a, sizeof(double) * (size_t)n);
  checksum = hash_bytes(checksum, b, sizeof(double) * (size_t)n);
  printf("prefix_sum %016llx\n", checksum);
  return 0;
}
