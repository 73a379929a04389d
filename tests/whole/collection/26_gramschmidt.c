/* gramschmidt: a whole program in the argv style, for optimist's tests (written for them). */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#define M 24
#define N 20
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
  int m = argc > 1 ? atoi(argv[1]) : M;
  int n = argc > 2 ? atoi(argv[2]) : N;
  double nrm = 0.0;
  double (*A)[n] = malloc(sizeof(double) * (size_t)m * (size_t)n);
  double (*R)[n] = malloc(sizeof(double) * (size_t)n * (size_t)n);
  double (*Q)[n] = malloc(sizeof(double) * (size_t)m * (size_t)n);
  for (i = 0; i < m; i++)
    for (j = 0; j < n; j++)
      A[i][j] = (double)((i * j) % m) / m * 100.0 + 10.0;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      R[i][j] = (double)((i * 7 + j * 13 + 2) % 22) / 22.0 + 0.5;
  for (i = 0; i < m; i++)
    for (j = 0; j < n; j++)
      Q[i][j] = (double)((i * 7 + j * 13 + 1) % 21) / 21.0 + 0.5;
#pragma scop
  for (k = 0; k < n; k++) {
    nrm = 0.0;
    for (i = 0; i < m; i++)
      nrm += A[i][k] * A[i][k];
    R[k][k] = sqrt(nrm);
    for (i = 0; i < m; i++)
      Q[i][k] = A[i][k] / R[k][k];
    for (j = k + 1; j < n; j++) {
      R[k][j] = 0.0;
      for (i = 0; i < m; i++)
        R[k][j] += Q[i][k] * A[i][j];
      for (i = 0; i < m; i++)
        A[i][j] = A[i][j] - Q[i][k] * R[k][j];
    }
  }
#pragma endscop
  unsigned long long checksum = 14695981039346656037ull;
  checksum = hash_bytes(checksum, A, sizeof(double) * (size_t)m * (size_t)n);
  checksum = hash_bytes(checksum, R, sizeof(double) * (size_t)n * (size_t)n);
  checksum = hash_bytes(checksum, Q, sizeof(double) * (size_t)m * (size_t)n);
  printf("gramschmidt %016llx\n", checksum);
  free(A);
  free(R);
  free(Q);
  return 0;
}
