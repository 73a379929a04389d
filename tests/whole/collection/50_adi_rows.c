/* adi_rows: a whole program in the globals style, for optimist's tests (written for them). */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#define N 30
#define TSTEPS 4
static unsigned long long hash_bytes(unsigned long long h, const void *p, size_t len) {
  const unsigned char *b = p;
  for (size_t q = 0; q < len; q++) {
    h ^= b[q];
    h *= 1099511628211ull;
  }
  return h;
}
double u[N][N];
double v[N][N];
double p[N][N];
double q[N][N];
int n = N;
int tsteps = TSTEPS;
int main(void) {
  int i, j, t, k, l;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      u[i][j] = (double)((i * 7 + j * 13 + 2) % 24) / 24.0 + 0.5;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      v[i][j] = (double)((i * 7 + j * 13 + 3) % 25) / 25.0 + 0.5;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      p[i][j] = (double)((i * 7 + j * 13 + 2) % 19) / 19.0 + 0.5;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      q[i][j] = (double)((i * 7 + j * 13 + 3) % 20) / 20.0 + 0.5;
#pragma scop
  for (t = 1; t <= tsteps; t++) {
    for (i = 1; i < n - 1; i++) {
      v[0][i] = 1.0;
      p[i][0] = 0.0;
      q[i][0] = v[0][i];
      for (j = 1; j < n - 1; j++) {
        p[i][j] = -0.25 / (0.5 * p[i][j - 1] + 1.5);
        q[i][j] = (u[j][i - 1] + 0.5 * u[j][i] - 0.25 * u[j][i + 1] - 0.5 * q[i][j - 1])
                / (0.5 * p[i][j - 1] + 1.5);
      }
      v[n - 1][i] = 1.0;
      for (j = n - 2; j >= 1; j--)
        v[j][i] = p[i][j] * v[j + 1][i] + q[i][j];
    }
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        u[i][j] = v[i][j];
  }
#pragma endscop
  unsigned long long checksum = 14695981039346656037ull;
  checksum = hash_bytes(checksum, u, sizeof(double) * (size_t)n * (size_t)n);
  checksum = hash_bytes(checksum, v, sizeof(double) * (size_t)n * (size_t)n);
  checksum = hash_bytes(checksum, p, sizeof(double) * (size_t)n * (size_t)n);
  checksum = hash_bytes(checksum, q, sizeof(double) * (size_t)n * (size_t)n);
  printf("adi_rows %016llx\n", checksum);
  return 0;
}
