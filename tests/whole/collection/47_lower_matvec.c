/* lower_matvec: a whole program in the argv style, for optimist's tests (written for them). */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#define N 56
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
  double (*L)[n] = malloc(sizeof(double) * (size_t)n * (size_t)n);
  double *x = malloc(sizeof(double) * (size_t)n);
  double *y = malloc(sizeof(double) * (size_t)n);
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      L[i][j] = (double)((i * 7 + j * 13 + 1) % 27) / 27.0 + 0.5;
  for (i = 0; i < n; i++)
    x[i] = (double)((i * 7 + 0) % 27) / 27.0 + 0.5;
  for (i = 0; i < n; i++)
    y[i] = (double)((i * 7 + 1) % 17) / 17.0 + 0.5;
#pragma scop
  for (i = 0; i < n; i++) {
    y[i] = 0.0;
    for (j = 0; j <= i; j++)
      y[i] += L[i][j] * x[j];
  }
#pragma endscop
  unsigned long long checksum = 14695981039346656037ull;
  checksum = hash_bytes(checksum, L, sizeof(double) * (size_t)n * (size_t)n);
  checksum = hash_bytes(checksum, x, sizeof(double) * (size_t)n);
  checksum = hash_bytes(checksum, y, sizeof(double) * (size_t)n);
  printf("lower_matvec %016llx\n", checksum);
  free(L);
  free(x);
  free(y);
  return 0;
}
