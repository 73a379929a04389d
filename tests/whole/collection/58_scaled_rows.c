/* scaled_rows: a whole program in the static_fn style, for optimist's tests (written for them). */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#define N 40
#define M 30
static unsigned long long hash_bytes(unsigned long long h, const void *p, size_t len) {
  const unsigned char *b = p;
  for (size_t q = 0; q < len; q++) {
    h ^= b[q];
    h *= 1099511628211ull;
  }
  return h;
}
double A[N][M];
double B[N][M];
double d[N];
static int n = N;
static int m = M;
static void kernel_scaled_rows(void) {
  int i, j, k, l;
#pragma scop
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      B[i][j] = d[i] * A[i][j] + (i + j) * 0.5;
#pragma endscop
}
int main() {
  int i, j, k, l;
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      A[i][j] = (double)((i * 7 + j * 13 + 0) % 27) / 27.0 + 0.5;
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      B[i][j] = (double)((i * 7 + j * 13 + 1) % 17) / 17.0 + 0.5;
  for (i = 0; i < n; i++)
    d[i] = (double)((i * 7 + 0) % 18) / 18.0 + 0.5;
  kernel_scaled_rows();
  unsigned long long checksum = 14695981039346656037ull;
  checksum = hash_bytes(checksum, A, sizeof(double) * (size_t)n * (size_t)m);
  checksum = hash_bytes(checksum, B, sizeof(double) * (size_t)n * (size_t)m);
  checksum = hash_bytes(checksum, d, sizeof(double) * (size_t)n);
  printf("scaled_rows %016llx\n", checksum);
  return 0;
}
