/* int_mod: a whole program in the globals style, for optimist's tests (written for them). */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#define N 60
#define M 40
static unsigned long long hash_bytes(unsigned long long h, const void *p, size_t len) {
  const unsigned char *b = p;
  for (size_t q = 0; q < len; q++) {
    h ^= b[q];
    h *= 1099511628211ull;
  }
  return h;
}
int A[N][M];
int B[N][M];
int n = N;
int m = M;
int main(void) {
  int i, j, k, l;
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      A[i][j] = (i * 31 + j * 7) % 101 - 50;
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      B[i][j] = 0;
#pragma scop
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      B[i][j] = (A[i][j] * 7 + i) % 13 + A[i][j] / 3 - (j % 4);
#pragma endscop
  unsigned long long checksum = 14695981039346656037ull;
  checksum = hash_bytes(checksum, A, sizeof(int) * (size_t)n * (size_t)m);
  checksum = hash_bytes(checksum, B, sizeof(int) * (size_t)n * (size_t)m);
  printf("int_mod %016llx\n", checksum);
  return 0;
}
