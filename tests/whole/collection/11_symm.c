/* symm: a whole program in the malloc style, for optimist's tests (written for them). */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#define M 26
#define N 30
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
  double alpha = 1.5;
  double beta = 1.2;
  double acc = 0.0;
  double (*C)[N] = malloc(sizeof(double) * (size_t)M * (size_t)N);
  double (*A)[M] = malloc(sizeof(double) * (size_t)M * (size_t)M);
  double (*B)[N] = malloc(sizeof(double) * (size_t)M * (size_t)N);
  for (i = 0; i < m; i++)
    for (j = 0; j < n; j++)
      C[i][j] = (double)((i * 7 + j * 13 + 2) % 18) / 18.0 + 0.5;
  for (i = 0; i < m; i++)
    for (j = 0; j < m; j++)
      A[i][j] = (double)((i * 7 + j * 13 + 0) % 27) / 27.0 + 0.5;
  for (i = 0; i < m; i++)
    for (j = 0; j < n; j++)
      B[i][j] = (double)((i * 7 + j * 13 + 1) % 17) / 17.0 + 0.5;
#pragma scop
  for (i = 0; i < m; i++)
    for (j = 0; j < n; j++) {
      acc = 0;
      for (k = 0; k < i; k++) {
        C[k][j] += alpha * B[i][j] * A[i][k];
        acc += B[k][j] * A[i][k];
      }
      C[i][j] = beta * C[i][j] + alpha * B[i][j] * A[i][i] + alpha * acc;
    }
#pragma endscop
  unsigned long long checksum = 14695981039346656037ull;
  checksum = hash_bytes(checksum, C, sizeof(double) * (size_t)m * (size_t)n);
  checksum = hash_bytes(checksum, A, sizeof(double) * (size_t)m * (size_t)m);
  checksum = hash_bytes(checksum, B, sizeof(double) * (size_t)m * (size_t)n);
  printf("symm %016llx\n", checksum);
  free(C);
  free(A);
  free(B);
  return 0;
}
