/* gemver: a whole program in the argv style, for optimist's tests (written for them). */
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
int main(int argc, char **argv) {
  int i, j, k, l;
  int n = argc > 1 ? atoi(argv[1]) : N;
  double alpha = 1.5;
  double beta = 1.2;
  double (*A)[n] = malloc(sizeof(double) * (size_t)n * (size_t)n);
  double *u1 = malloc(sizeof(double) * (size_t)n);
  double *v1 = malloc(sizeof(double) * (size_t)n);
  double *u2 = malloc(sizeof(double) * (size_t)n);
  double *v2 = malloc(sizeof(double) * (size_t)n);
  double *w = malloc(sizeof(double) * (size_t)n);
  double *x = malloc(sizeof(double) * (size_t)n);
  double *y = malloc(sizeof(double) * (size_t)n);
  double *z = malloc(sizeof(double) * (size_t)n);
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      A[i][j] = (double)((i * 7 + j * 13 + 0) % 27) / 27.0 + 0.5;
  for (i = 0; i < n; i++)
    u1[i] = (double)((i * 7 + 1) % 18) / 18.0 + 0.5;
  for (i = 0; i < n; i++)
    v1[i] = (double)((i * 7 + 2) % 19) / 19.0 + 0.5;
  for (i = 0; i < n; i++)
    u2[i] = (double)((i * 7 + 2) % 19) / 19.0 + 0.5;
  for (i = 0; i < n; i++)
    v2[i] = (double)((i * 7 + 3) % 20) / 20.0 + 0.5;
  for (i = 0; i < n; i++)
    w[i] = (double)((i * 7 + 4) % 26) / 26.0 + 0.5;
  for (i = 0; i < n; i++)
    x[i] = (double)((i * 7 + 0) % 27) / 27.0 + 0.5;
  for (i = 0; i < n; i++)
    y[i] = (double)((i * 7 + 1) % 17) / 17.0 + 0.5;
  for (i = 0; i < n; i++)
    z[i] = (double)((i * 7 + 2) % 18) / 18.0 + 0.5;
#pragma scop
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      A[i][j] = A[i][j] + u1[i] * v1[j] + u2[i] * v2[j];
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      x[i] = x[i] + beta * A[j][i] * y[j];
  for (i = 0; i < n; i++)
    x[i] = x[i] + z[i];
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      w[i] = w[i] + alpha * A[i][j] * x[j];
#pragma endscop
  unsigned long long checksum = 14695981039346656037ull;
  checksum = hash_bytes(checksum, A, sizeof(double) * (size_t)n * (size_t)n);
  checksum = hash_bytes(checksum, u1, sizeof(double) * (size_t)n);
  checksum = hash_bytes(checksum, v1, sizeof(double) * (size_t)n);
  checksum = hash_bytes(checksum, u2, sizeof(double) * (size_t)n);
  checksum = hash_bytes(checksum, v2, sizeof(double) * (size_t)n);
  checksum = hash_bytes(checksum, w, sizeof(double) * (size_t)n);
  checksum = hash_bytes(checksum, x, sizeof(double) * (size_t)n);
  checksum = hash_bytes(checksum, y, sizeof(double) * (size_t)n);
  checksum = hash_bytes(checksum, z, sizeof(double) * (size_t)n);
  printf("gemver %016llx\n", checksum);
  free(A);
  free(u1);
  free(v1);
  free(u2);
  free(v2);
  free(w);
  free(x);
  free(y);
  free(z);
  return 0;
}
