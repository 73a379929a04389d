/* symmetrize: a whole program in the params style, for optimist's tests (written for them). */
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
static void kernel_symmetrize(int n, double A[N][N]) {
  int i, j, k, l;
#pragma scop
  for (i = 0; i < n; i++)
    for (j = i + 1; j < n; j++) {
      A[i][j] = 0.5 * (A[i][j] + A[j][i]);
      A[j][i] = A[i][j];
    }
#pragma endscop
}
int main(void) {
  int i, j, k, l;
  int n = N;
  static double A[N][N];
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      A[i][j] = (double)((i * 7 + j * 13 + 0) % 27) / 27.0 + 0.5;
  kernel_symmetrize(n, A);
  unsigned long long checksum = 14695981039346656037ull;
  checksum = hash_bytes(checksum, A, sizeof(double) * (size_t)n * (size_t)n);
  printf("symmetrize %016llx\n", checksum);
  return 0;
}
