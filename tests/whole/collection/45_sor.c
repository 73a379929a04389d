/* sor: a whole program in the params style, for optimist's tests (written for them). */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#define N 34
#define TSTEPS 5
static unsigned long long hash_bytes(unsigned long long h, const void *p, size_t len) {
  const unsigned char *b = p;
  for (size_t q = 0; q < len; q++) {
    h ^= b[q];
    h *= 1099511628211ull;
  }
  return h;
}
static void kernel_sor(int n, int tsteps, double omega, double A[N][N]) {
  int i, j, t, k, l;
#pragma scop
  for (t = 0; t < tsteps; t++)
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        A[i][j] = (1.0 - omega) * A[i][j]
                + omega * 0.25 * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]);
#pragma endscop
}
int main(void) {
  int i, j, t, k, l;
  int n = N;
  int tsteps = TSTEPS;
  double omega = 1.25;
  static double A[N][N];
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      A[i][j] = (double)((i * 7 + j * 13 + 0) % 27) / 27.0 + 0.5;
  kernel_sor(n, tsteps, omega, A);
  unsigned long long checksum = 14695981039346656037ull;
  checksum = hash_bytes(checksum, A, sizeof(double) * (size_t)n * (size_t)n);
  printf("sor %016llx\n", checksum);
  return 0;
}
