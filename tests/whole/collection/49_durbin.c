/* durbin: a whole program in the scalars style, for optimist's tests (written for them). */
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
double r[N];
double y[N];
double z[N];
int main(void) {
  int i, k, j, l;
  int n = N;
  double alpha = 0.0;
  double beta = 0.0;
  double sum = 0.0;
  for (i = 0; i < n; i++)
    r[i] = 1.0 / (i + 2.0);
  for (i = 0; i < n; i++)
    y[i] = (double)((i * 7 + 1) % 17) / 17.0 + 0.5;
  for (i = 0; i < n; i++)
    z[i] = (double)((i * 7 + 2) % 18) / 18.0 + 0.5;
#pragma scop
  y[0] = -r[0];
  beta = 1.0;
  alpha = -r[0];
  for (k = 1; k < n; k++) {
    beta = (1 - alpha * alpha) * beta;
    sum = 0.0;
    for (i = 0; i < k; i++)
      sum += r[k - i - 1] * y[i];
    alpha = -(r[k] + sum) / beta;
    for (i = 0; i < k; i++)
      z[i] = y[i] + alpha * y[k - i - 1];
    for (i = 0; i < k; i++)
      y[i] = z[i];
    y[k] = alpha;
  }
#pragma endscop
  unsigned long long checksum = 14695981039346656037ull;
  checksum = hash_bytes(checksum, r, sizeof(double) * (size_t)n);
  checksum = hash_bytes(checksum, y, sizeof(double) * (size_t)n);
  checksum = hash_bytes(checksum, z, sizeof(double) * (size_t)n);
  printf("durbin %016llx\n", checksum);
  return 0;
}
