/* doitgen: a whole program in the repeat style, for optimist's tests (written for them). */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#define NR 10
#define NQ 12
#define NP 14
static unsigned long long hash_bytes(unsigned long long h, const void *p, size_t len) {
  const unsigned char *b = p;
  for (size_t q = 0; q < len; q++) {
    h ^= b[q];
    h *= 1099511628211ull;
  }
  return h;
}
int main(void) {
  int rep, r, q, p, s, i, j, k, l;
  int nr = NR;
  int nq = NQ;
  int np = NP;
  static double A[NR][NQ][NP];
  static double C4[NP][NP];
  static double sum[NP];
  for (i = 0; i < nr; i++)
    for (j = 0; j < nq; j++)
      for (k = 0; k < np; k++)
        A[i][j][k] = (double)((i * 7 + j * 13 + k * 5 + 0) % 27) / 27.0 + 0.5;
  for (i = 0; i < np; i++)
    for (j = 0; j < np; j++)
      C4[i][j] = (double)((i * 7 + j * 13 + 4) % 26) / 26.0 + 0.5;
  for (i = 0; i < np; i++)
    sum[i] = (double)((i * 7 + 1) % 17) / 17.0 + 0.5;
  for (rep = 0; rep < 2; rep++) {
#pragma scop
    for (r = 0; r < nr; r++)
      for (q = 0; q < nq; q++) {
        for (p = 0; p < np; p++) {
          sum[p] = 0.0;
          for (s = 0; s < np; s++)
            sum[p] += A[r][q][s] * C4[s][p];
        }
        for (p = 0; p < np; p++)
          A[r][q][p] = sum[p];
      }
#pragma endscop
  }
  unsigned long long checksum = 14695981039346656037ull;
  checksum = hash_bytes(checksum, A, sizeof(double) * (size_t)nr * (size_t)nq * (size_t)np);
  checksum = hash_bytes(checksum, C4, sizeof(double) * (size_t)np * (size_t)np);
  checksum = hash_bytes(checksum, sum, sizeof(double) * (size_t)np);
  printf("doitgen %016llx\n", checksum);
  return 0;
}
