/* correlation: a whole program in the malloc style, for optimist's tests (written for them). */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#define M 20
#define N 26
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
  int m = M;
  int n = N;
  double float_n = 26.0;
  double eps = 0.1;
  double (*data)[M] = malloc(sizeof(double) * (size_t)N * (size_t)M);
  double (*corr)[M] = malloc(sizeof(double) * (size_t)M * (size_t)M);
  double *mean = malloc(sizeof(double) * (size_t)M);
  double *stddev = malloc(sizeof(double) * (size_t)M);
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      data[i][j] = (double)((i * 7 + j * 13 + 0) % 20) / 20.0 + 0.5;
  for (i = 0; i < m; i++)
    for (j = 0; j < m; j++)
      corr[i][j] = (double)((i * 7 + j * 13 + 3) % 26) / 26.0 + 0.5;
  for (i = 0; i < m; i++)
    mean[i] = (double)((i * 7 + 2) % 27) / 27.0 + 0.5;
  for (i = 0; i < m; i++)
    stddev[i] = (double)((i * 7 + 0) % 18) / 18.0 + 0.5;
#pragma scop
  for (j = 0; j < m; j++) {
    mean[j] = 0.0;
    for (i = 0; i < n; i++)
      mean[j] += data[i][j];
    mean[j] /= float_n;
  }
  for (j = 0; j < m; j++) {
    stddev[j] = 0.0;
    for (i = 0; i < n; i++)
      stddev[j] += (data[i][j] - mean[j]) * (data[i][j] - mean[j]);
    stddev[j] /= float_n;
    stddev[j] = sqrt(stddev[j]);
    stddev[j] = stddev[j] <= eps ? 1.0 : stddev[j];
  }
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++) {
      data[i][j] -= mean[j];
      data[i][j] /= sqrt(float_n) * stddev[j];
    }
  for (i = 0; i < m - 1; i++) {
    corr[i][i] = 1.0;
    for (j = i + 1; j < m; j++) {
      corr[i][j] = 0.0;
      for (k = 0; k < n; k++)
        corr[i][j] += (data[k][i] * data[k][j]);
      corr[j][i] = corr[i][j];
    }
  }
  corr[m - 1][m - 1] = 1.0;
#pragma endscop
  unsigned long long checksum = 14695981039346656037ull;
  checksum = hash_bytes(checksum, data, sizeof(double) * (size_t)n * (size_t)m);
  checksum = hash_bytes(checksum, corr, sizeof(double) * (size_t)m * (size_t)m);
  checksum = hash_bytes(checksum, mean, sizeof(double) * (size_t)m);
  checksum = hash_bytes(checksum, stddev, sizeof(double) * (size_t)m);
  printf("correlation %016llx\n", checksum);
  free(data);
  free(corr);
  free(mean);
  free(stddev);
  return 0;
}
