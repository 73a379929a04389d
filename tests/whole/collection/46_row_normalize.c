/* row_normalize: a whole program in the malloc style, for optimist's tests (written for them). */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#define N 30
#define M 40
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
  int n = N;
  int m = M;
  double (*A)[M] = malloc(sizeof(double) * (size_t)N * (size_t)M);
  double *rs = malloc(sizeof(double) * (size_t)N);
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      A[i][j] = (double)((i * 7 + j * 13 + 0) % 27) / 27.0 + 0.5;
  for (i = 0; i < n; i++)
    rs[i] = (double)((i * 7 + 4) % 26) / 26.0 + 0.5;
#pragma scop
  for (i = 0; i < n; i++) {
    rs[i] = 0.0;
    for (j = 0; j < m; j++)
      rs[i] += A[i][j];
    for (j = 0; j < m; j++)
      A[i][j] = A[i][j] / rs[i];
  }
#pragma endscop
  unsigned long long checksum = 14695981039346656037ull;
  checksum = hash_bytes(checksum, A, sizeof(double) * (size_t)n * (size_t)m);
  checksum = hash_bytes(checksum, rs, sizeof(double) * (size_t)n);
  printf("row_normalize %016llx\n", checksum);
  free(A);
  free(rs);
  return 0;
}
