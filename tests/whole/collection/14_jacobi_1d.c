/* jacobi_1d: a whole program in the scalars style, for optimist's tests (written for them). */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#define N 60
#define TSTEPS 20
static unsigned long long hash_bytes(unsigned long long h, const void *p, size_t len) {
  const unsigned char *b = p;
  for (size_t q = 0; q < len; q++) {
    h ^= b[q];
    h *= 1099511628211ull;
  }
  return h;
}
double A[N];
double B[N];
int main(void) {
  int i, t, j, k, l;
  int n = N;
  int tsteps = TSTEPS;
  for (i = 0; i < n; i++)
    A[i] = (double)((i * 7 + 0) % 27) / 27.0 + 0.5;
  for (i = 0; i < n; i++)
    B[i] = (double)((i * 7 + 1) % 17) / 17.0 + 0.5;
#pragma scop
  for (t = 0; t < tsteps; t++) {
    for (i = 1; i < n - 1; i++)
      B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
    for (i = 1; i < n - 1; i++)
      A[i] = 0.33333 * (B[i - 1] + B[i] + B[i + 1]);
  }
#pragma endscop
  unsigned long long checksum = 14695981039346656037ull;
  checksum = hash_bytes(checksum, A, sizeof(double) * (size_t)n);
  checksum = hash_bytes(checksum, B, sizeof(double) * (size_t)n);
  printf("jacobi_1d %016llx\n", checksum);
  return 0;
}
