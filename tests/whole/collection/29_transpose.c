/* transpose: a whole program in the globals style, for optimist's tests (written for them). */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#define N 48
#define M 36
static unsigned long long hash_bytes(unsigned long long h, const void *p, size_t len) {
  const unsigned char *b = p;
  for (size_t q = 0; q < len; q++) {
    h ^= b[q];
    h *= 1099511628211ull;
  }
  return h;
}
double A[N][M];
double B[M][N];
int n = N;
int m = M;
int main(void) {
  int i, j, k, l;
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      A[i][j] = (double)((i * 7 + j * 13 + 0) % 27) / 27.0 + 0.5;
  for (i = 0; i < m; i++)
    for (j = 0; j < n; j++)
      B[i][j] = (double)((i * 7 + j * 13 + 1) % 17) / 17.0 + 0.5;
#pragma scop
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      B[j][i] = A[i][j];
#pragma endscop
  unsigned long long checksum = 14695981039346656037ull;
  checksum = hash_bytes(checksum, A, sizeof(double) * (size_t)n * (size_t)m);
  checksum = hash_bytes(checksum, B, sizeof(double) * (size_t)m * (size_t)n);
  printf("transpose %016llx\n", checksum);
  return 0;
}
