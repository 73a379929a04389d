/* saxpy: a whole program in the scalars style, for optimist's tests (written for them). */
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
float x[N];
float y[N];
int main(void) {
  int i, j, k, l;
  int n = N;
  float a = 2.5f;
  for (i = 0; i < n; i++)
    x[i] = (float)((i * 7 + 0) % 27) / 27.0f + 0.5f;
  for (i = 0; i < n; i++)
    y[i] = (float)((i * 7 + 1) % 17) / 17.0f + 0.5f;
#pragma scop
  for (i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
#pragma endscop
  unsigned long long checksum = 14695981039346656037ull;
  checksum = hash_bytes(checksum, x, sizeof(float) * (size_t)n);
  checksum = hash_bytes(checksum, y, sizeof(float) * (size_t)n);
  printf("saxpy %016llx\n", checksum);
  return 0;
}
