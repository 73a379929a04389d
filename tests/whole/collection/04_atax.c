/* atax: a whole program in the malloc style, for optimist's tests (written for them). */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#define M 38
#define N 42
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
  int m = M;
  int n = N;
  double (*A)[N] = malloc(sizeof(double) * (size_t)M * (size_t)N);
  double *x = malloc(sizeof(double) * (size_t)N);
  double *y = malloc(sizeof(double) * (size_t)N);
  double *tmp = malloc(sizeof(double) * (size_t)M);
  for (i = 0; i < m; i++)
    for (j = 0; j < n; j++)
      A[i][j] = (double)((i * 7 + j * 13 + 0) % 27) / 27.0 + 0.5;
  for (i = 0; i < n; i++)
    x[i] = (double)((i * 7 + 0) % 27) / 27.0 + 0.5;
  for (i = 0; i < n; i++)
    y[i] = (double)((i * 7 + 1) % 17) / 17.0 + 0.5;
  for (i = 0; i < m; i++)
    tmp[i] = (double)((i * 7 + 2) % 24) / 24.0 + 0.5;
#pragma scop
  for (i = 0; i < n; i++)
    y[i] = 0;
  for (i = 0; i < m; i++) {
    tmp[i] = 0.0;
    for (j = 0; j < n; j++)
      tmp[i] = tmp[i] + A[i][j] * x[j];
    for (j = 0; j < n; j++)
      y[j] = y[j] + A[i][j] * tmp[i];
  }
#pragma endscop
  unsigned long long checksum = 14695981039346656037ull;
  checksum = hash_bytes(checksum, A, sizeof(double) * (size_t)m * (size_t)n);
  checksum = hash_bytes(checksum, x, sizeof(double) * (size_t)n);
  checksum = hash_bytes(checksum, y, sizeof(double) * (size_t)n);
  checksum = hash_bytes(checksum, tmp, sizeof(double) * (size_t)m);
  printf("atax %016llx\n", checksum);
  free(A);
  free(x);
  free(y);
  free(tmp);
  return 0;
}
