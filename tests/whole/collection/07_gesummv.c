/* gesummv: a whole program in the scalars style, for optimist's tests (written for them). */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#define N 45
static unsigned long long hash_bytes(unsigned long long h, const void *p, size_t len) {
  const unsigned char *b = p;
  for (size_t q = 0; q < len; q++) {
    h ^= b[q];
    h *= 1099511628211ull;
  }
  return h;
}
double A[N][N];
double B[N][N];
double tmp[N];
double x[N];
double y[N];
int main(void) {
  int i, j, k, l;
  int n = N;
  double alpha = 1.5;
  double beta = 1.2;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      A[i][j] = (double)((i * 7 + j * 13 + 0) % 27) / 27.0 + 0.5;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      B[i][j] = (double)((i * 7 + j * 13 + 1) % 17) / 17.0 + 0.5;
  for (i = 0; i < n; i++)
    tmp[i] = (double)((i * 7 + 2) % 24) / 24.0 + 0.5;
  for (i = 0; i < n; i++)
    x[i] = (double)((i * 7 + 0) % 27) / 27.0 + 0.5;
  for (i = 0; i < n; i++)
    y[i] = (double)((i * 7 + 1) % 17) / 17.0 + 0.5;
#pragma scop
  for (i = 0; i < n; i++) {
    tmp[i] = 0.0;
    y[i] = 0.0;
    for (j = 0; j < n; j++) {
      tmp[i] = A[i][j] * x[j] + tmp[i];
      y[i] = B[i][j] * x[j] + y[i];
    }
    y[i] = alpha * tmp[i] + beta * y[i];
  }
#pragma endscop
  unsigned long long checksum = 14695981039346656037ull;
  checksum = hash_bytes(checksum, A, sizeof(double) * (size_t)n * (size_t)n);
  checksum = hash_bytes(checksum, B, sizeof(double) * (size_t)n * (size_t)n);
  checksum = hash_bytes(checksum, tmp, sizeof(double) * (size_t)n);
  checksum = hash_bytes(checksum, x, sizeof(double) * (size_t)n);
  checksum = hash_bytes(checksum, y, sizeof(double) * (size_t)n);
  printf("gesummv %016llx\n", checksum);
  return 0;
}
