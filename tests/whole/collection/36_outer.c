/* outer: a whole program in the globals style, for optimist's tests (written for them). */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#define N 40
#define M 44
static unsigned long long hash_bytes(unsigned long long h, const void *p, size_t len) {
  const unsigned char *b = p;
  for (size_t q = 0; q < len; q++) {
    h ^= b[q];
    h *= 1099511628211ull;
  }
  return h;
}
double u[N];
double v[M];
double A[N][M];
int n = N;
int m = M;
int main(void) {
  int i, j, k, l;
  for (i = 0; i < n; i++)
    u[i] = (double)((i * 7 + 2) % 24) / 24.0 + 0.5;
  for (i = 0; i < m; i++)
    v[i] = (double)((i * 7 + 3) % 25) / 25.0 + 0.5;
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      A[i][j] = (double)((i * 7 + j * 13 + 0) % 27) / 27.0 + 0.5;
#pragma scop
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      A[i][j] = u[i] * v[j];
#pragma endscop
  unsigned long long checksum = 14695981039346656037ull;
  checksum = hash_bytes(checksum, u, sizeof(double) * (size_t)n);
  checksum = hash_bytes(checksum, v, sizeof(double) * (size_t)m);
  checksum = hash_bytes(checksum, A, sizeof(double) * (size_t)n * (size_t)m);
  printf("outer %016llx\n", checksum);
  return 0;
}
