/* two_mm: a whole program in the static_fn style, for optimist's tests (written for them). */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#define NI 24
#define NJ 28
#define NK 30
#define NL 26
static unsigned long long hash_bytes(unsigned long long h, const void *p, size_t len) {
  const unsigned char *b = p;
  for (size_t q = 0; q < len; q++) {
    h ^= b[q];
    h *= 1099511628211ull;
  }
  return h;
}
double tmp[NI][NJ];
double A[NI][NK];
double B[NK][NJ];
double C[NJ][NL];
double D[NI][NL];
static int ni = NI;
static int nj = NJ;
static int nk = NK;
static int nl = NL;
static double alpha = 1.5;
static double beta = 1.2;
static void kernel_two_mm(void) {
  int i, j, k, l;
#pragma scop
  for (i = 0; i < ni; i++)
    for (j = 0; j < nj; j++) {
      tmp[i][j] = 0.0;
      for (k = 0; k < nk; ++k)
        tmp[i][j] += alpha * A[i][k] * B[k][j];
    }
  for (i = 0; i < ni; i++)
    for (j = 0; j < nl; j++) {
      D[i][j] *= beta;
      for (k = 0; k < nj; ++k)
        D[i][j] += tmp[i][k] * C[k][j];
    }
#pragma endscop
}
int main() {
  int i, j, k, l;
  for (i = 0; i < ni; i++)
    for (j = 0; j < nj; j++)
      tmp[i][j] = (double)((i * 7 + j * 13 + 2) % 24) / 24.0 + 0.5;
  for (i = 0; i < ni; i++)
    for (j = 0; j < nk; j++)
      A[i][j] = (double)((i * 7 + j * 13 + 0) % 27) / 27.0 + 0.5;
  for (i = 0; i < nk; i++)
    for (j = 0; j < nj; j++)
      B[i][j] = (double)((i * 7 + j * 13 + 1) % 17) / 17.0 + 0.5;
  for (i = 0; i < nj; i++)
    for (j = 0; j < nl; j++)
      C[i][j] = (double)((i * 7 + j * 13 + 2) % 18) / 18.0 + 0.5;
  for (i = 0; i < ni; i++)
    for (j = 0; j < nl; j++)
      D[i][j] = (double)((i * 7 + j * 13 + 3) % 19) / 19.0 + 0.5;
  kernel_two_mm();
  unsigned long long checksum = 14695981039346656037ull;
  checksum = hash_bytes(checksum, tmp, sizeof(double) * (size_t)ni * (size_t)nj);
  checksum = hash_bytes(checksum, A, sizeof(double) * (size_t)ni * (size_t)nk);
  checksum = hash_bytes(checksum, B, sizeof(double) * (size_t)nk * (size_t)nj);
  checksum = hash_bytes(checksum, C, sizeof(double) * (size_t)nj * (size_t)nl);
  checksum = hash_bytes(checksum, D, sizeof(double) * (size_t)ni * (size_t)nl);
  printf("two_mm %016llx\n", checksum);
  return 0;
}
