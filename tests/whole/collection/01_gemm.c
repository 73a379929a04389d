/* gemm: a whole program in the globals style, for optimist's tests (written for them). */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#define NI 30
#define NJ 34
#define NK 38
static unsigned long long hash_bytes(unsigned long long h, const void *p, size_t len) {
  const unsigned char *b = p;
  for (size_t q = 0; q < len; q++) {
    h ^= b[q];
    h *= 1099511628211ull;
  }
  return h;
}
double C[NI][NJ];
double A[NI][NK];
double B[NK][NJ];
int ni = NI;
int nj = NJ;
int nk = NK;
double alpha = 1.5;
double beta = 1.2;
int main(void) {
  int i, j, k, l;
  for (i = 0; i < ni; i++)
    for (j = 0; j < nj; j++)
      C[i][j] = (double)((i * 7 + j * 13 + 2) % 18) / 18.0 + 0.5;
  for (i = 0; i < ni; i++)
    for (j = 0; j < nk; j++)
      A[i][j] = (double)((i * 7 + j * 13 + 0) % 27) / 27.0 + 0.5;
  for (i = 0; i < nk; i++)
    for (j = 0; j < nj; j++)
      B[i][j] = (double)((i * 7 + j * 13 + 1) % 17) / 17.0 + 0.5;
#pragma scop
  for (i = 0; i < ni; i++) {
    for (j = 0; j < nj; j++)
      C[i][j] *= beta;
    for (k = 0; k < nk; k++)
      for (j = 0; j < nj; j++)
        C[i][j] += alpha * A[i][k] * B[k][j];
  }
#pragma endscop
  unsigned long long checksum = 14695981039346656037ull;
  checksum = hash_bytes(checksum, C, sizeof(double) * (size_t)ni * (size_t)nj);
  checksum = hash_bytes(checksum, A, sizeof(double) * (size_t)ni * (size_t)nk);
  checksum = hash_bytes(checksum, B, sizeof(double) * (size_t)nk * (size_t)nj);
  printf("gemm %016llx\n", checksum);
  return 0;
}
