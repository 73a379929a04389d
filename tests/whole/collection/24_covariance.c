/* covariance: a whole program in the params style, for optimist's tests (written for them). */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#define M 24
#define N 30
static unsigned long long hash_bytes(unsigned long long h, const void *p, size_t len) {
  const unsigned char *b = p;
  for (size_t q = 0; q < len; q++) {
    h ^= b[q];
    h *= 1099511628211ull;
  }
  return h;
}
static void kernel_covariance(int m, int n, double float_n, double data[N][M], double cov[M][M], double mean[M]) {
  int i, j, k, l;
#pragma scop
  for (j = 0; j < m; j++) {
    mean[j] = 0.0;
    for (i = 0; i < n; i++)
      mean[j] += data[i][j];
    mean[j] /= float_n;
  }
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      data[i][j] -= mean[j];
  for (i = 0; i < m; i++)
    for (j = i; j < m; j++) {
      cov[i][j] = 0.0;
      for (k = 0; k < n; k++)
        cov[i][j] += data[k][i] * data[k][j];
      cov[i][j] /= (float_n - 1.0);
      cov[j][i] = cov[i][j];
    }
#pragma endscop
}
int main(void) {
  int i, j, k, l;
  int m = M;
  int n = N;
  double float_n = 30.0;
  static double data[N][M];
  static double cov[M][M];
  static double mean[M];
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      data[i][j] = (double)((i * 7 + j * 13 + 0) % 20) / 20.0 + 0.5;
  for (i = 0; i < m; i++)
    for (j = 0; j < m; j++)
      cov[i][j] = (double)((i * 7 + j * 13 + 3) % 26) / 26.0 + 0.5;
  for (i = 0; i < m; i++)
    mean[i] = (double)((i * 7 + 2) % 27) / 27.0 + 0.5;
  kernel_covariance(m, n, float_n, data, cov, mean);
  unsigned long long checksum = 14695981039346656037ull;
  checksum = hash_bytes(checksum, data, sizeof(double) * (size_t)n * (size_t)m);
  checksum = hash_bytes(checksum, cov, sizeof(double) * (size_t)m * (size_t)m);
  checksum = hash_bytes(checksum, mean, sizeof(double) * (size_t)m);
  printf("covariance %016llx\n", checksum);
  return 0;
}
