/* min_plus: a whole program in the argv style, for optimist's tests (written for them). */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
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
  int n = argc > 1 ? atoi(argv[1]) : N;
  int (*A)[n] = malloc(sizeof(int) * (size_t)n * (size_t)n);
  int (*B)[n] = malloc(sizeof(int) * (size_t)n * (size_t)n);
  int (*C)[n] = malloc(sizeof(int) * (size_t)n * (size_t)n);
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      A[i][j] = (i * 11 + j * 3) % 23;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      B[i][j] = (i * 5 + j * 17) % 19;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      C[i][j] = 0;
#pragma scop
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      C[i][j] = A[i][0] + B[0][j];
      for (k = 1; k < n; k++)
        C[i][j] = A[i][k] + B[k][j] < C[i][j] ? A[i][k] + B[k][j] : C[i][j];
    }
#pragma endscop
  unsigned long long checksum = 14695981039346656037ull;
  checksum = hash_bytes(checksum, A, sizeof(int) * (size_t)n * (size_t)n);
  checksum = hash_bytes(checksum, B, sizeof(int) * (size_t)n * (size_t)n);
  checksum = hash_bytes(checksum, C, sizeof(int) * (size_t)n * (size_t)n);
  printf("min_plus %016llx\n", checksum);
  free(A);
  free(B);
  free(C);
  return 0;
}
