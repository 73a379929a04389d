/* kron: a whole program in the argv style, for optimist's tests (written for them). */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#define N 6
#define M 7
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
  int m = argc > 2 ? atoi(argv[2]) : M;
  double (*A)[n] = malloc(sizeof(double) * (size_t)n * (size_t)n);
  double (*B)[m] = malloc(sizeof(double) * (size_t)m * (size_t)m);
  double (*K)[m][n][m] = malloc(sizeof(double) * (size_t)n * (size_t)m * (size_t)n * (size_t)m);
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      A[i][j] = (double)((i * 7 + j * 13 + 0) % 27) / 27.0 + 0.5;
  for (i = 0; i < m; i++)
    for (j = 0; j < m; j++)
      B[i][j] = (double)((i * 7 + j * 13 + 1) % 17) / 17.0 + 0.5;
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      for (k = 0; k < n; k++)
        for (l = 0; l < m; l++)
          K[i][j][k][l] = (double)((i * 7 + j * 13 + k * 5 + l * 3 + 0) % 26) / 26.0 + 0.5;
#pragma scop
  for (i = 0; i < n; i++)
    for (k = 0; k < m; k++)
      for (j = 0; j < n; j++)
        for (l = 0; l < m; l++)
          K[i][k][j][l] = A[i][j] * B[k][l];
#pragma endscop
  unsigned long long checksum = 14695981039346656037ull;
  checksum = hash_bytes(checksum, A, sizeof(double) * (size_t)n * (size_t)n);
  checksum = hash_bytes(checksum, B, sizeof(double) * (size_t)m * (size_t)m);
  checksum = hash_bytes(checksum, K, sizeof(double) * (size_t)n * (size_t)m * (size_t)n * (size_t)m);
  printf("kron %016llx\n", checksum);
  free(A);
  free(B);
  free(K);
  return 0;
}
