/* count_positive: a whole program in the scalars style, for optimist's tests (written for them). */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#define N 150
static unsigned long long hash_bytes(unsigned long long h, const void *p, size_t len) {
  const unsigned char *b = p;
  for (size_t q = 0; q < len; q++) {
    h ^= b[q];
    h *= 1099511628211ull;
  }
  return h;
}
int x[N];
int main(void) {
  int i, j, k, l;
  int n = N;
  int c = 0;
  for (i = 0; i < n; i++)
    x[i] = (i * 37) % 11 - 5;
#pragma scop
  for (i = 0; i < n; i++)
    if (x[i] > 0)
      c += 1;
#pragma endscop
  unsigned long long checksum = 14695981039346656037ull;
  checksum = hash_bytes(checksum, x, sizeof(int) * (size_t)n);
  printf("count_positive %016llx\n", checksum);
  printf("result %d\n", c);
  return 0;
}
