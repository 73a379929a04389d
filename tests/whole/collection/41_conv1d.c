/* conv1d: a whole program in the repeat style, for optimist's tests (written for them). */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#define N 200
#define TAPS 7
static unsigned long long hash_bytes(unsigned long long h, const void *p, size_t len) {
  const unsigned char *b = p;
  for (size_t q = 0; q < len; q++) {
    h ^= b[q];
    h *= 1099511628211ull;
  }
  return h;
}
int main(void) {
  int rep, i, k, j, l;
  int n = N;
  int taps = TAPS;
  static double x[N];
  static double h[TAPS];
  static double y[N];
  for (i = 0; i < n; i++)
    x[i] = (double)((i * 7 + 0) % 27) / 27.0 + 0.5;
  for (i = 0; i < taps; i++)
    h[i] = (double)((i * 7 + 4) % 22) / 22.0 + 0.5;
  for (i = 0; i < n; i++)
    y[i] = (double)((i * 7 + 1) % 17) / 17.0 + 0.5;
  for (rep = 0; rep < 2; rep++) {
#pragma scop
    for (i = taps - 1; i < n; i++) {
      y[i] = 0.0;
      for (k = 0; k < taps; k++)
        y[i] += h[k] * x[i - k];
    }
#pragma endscop
  }
  unsigned long long checksum = 14695981039346656037ull;
  checksum = hash_bytes(checksum, x, sizeof(double) * (size_t)n);
  checksum = hash_bytes(checksum, h, sizeof(double) * (size_t)taps);
  checksum = hash_bytes(checksum, y, sizeof(double) * (size_t)n);
  printf("conv1d %016llx\n", checksum);
  return 0;
}
