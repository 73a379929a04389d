/* syrk: a whole program in the globals style, for optimist's tests (written for them). */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#define N 30
#define M 26
static unsigned long long hash_bytes(unsigned long long h, const void *p, size_t len) {
  const unsigned char *b = p;
  for (size_t q = 0; q < len; q++) {
    h ^= b[q];
    h *= 1099511628211ull;
  }
  return h;
}
double C[N][N];
double A[N][M];
int n = N;
int m = M;
double alpha = 1.5;
double beta = 1.2;
int main(void) {
  int i, j, k, l;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      C[i][j] = (double)((i * 7 + j * 13 + 2) % 18) / 18.0 + 0.5;
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      A[i][j] = (double)((i * 7 + j * 13 + 0) % 27) / 27.0 + 0.5;
#pragma scop
  for (i = 0; i < n; i++) {
    for (j = 0; j <= i; j++)
      C[i][j] *= beta;
    for (k = 0; k < m; k++)
      for (j = 0; j <= i; j++)
        C[i][j] += alpha * A[i][k] * A[j][k];
  }
#pragma endscop
  unsigned long long checksum = 14695981039346656037ull;
  checksum = hash_bytes(checksum, C, sizeof(double) * (size_t)n * (size_t)n);
  checksum = hash_bytes(checksum, A, sizeof(double) * (size_t)n * (size_t)m);
  printf("syrk %016llx\n", checksum);
  return 0;
}
