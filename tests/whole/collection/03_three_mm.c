/* three_mm: a whole program in the params style, for optimist's tests (written for them). */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#define NI 20
#define NJ 22
#define NK 24
#define NL 26
#define NM 28
static unsigned long long hash_bytes(unsigned long long h, const void *p, size_t len) {
  const unsigned char *b = p;
  for (size_t q = 0; q < len; q++) {
    h ^= b[q];
    h *= 1099511628211ull;
  }
  return h;
}
static void kernel_three_mm(int ni, int nj, int nk, int nl, int nm, double E[NI][NJ], double A[NI][NK], double B[NK][NJ], double F[NJ][NL], double C[NJ][NM], double D[NM][NL], double G[NI][NL]) {
  int i, j, k, l;
#pragma scop
  for (i = 0; i < ni; i++)
    for (j = 0; j < nj; j++) {
      E[i][j] = 0.0;
      for (k = 0; k < nk; ++k)
        E[i][j] += A[i][k] * B[k][j];
    }
  for (i = 0; i < nj; i++)
    for (j = 0; j < nl; j++) {
      F[i][j] = 0.0;
      for (k = 0; k < nm; ++k)
        F[i][j] += C[i][k] * D[k][j];
    }
  for (i = 0; i < ni; i++)
    for (j = 0; j < nl; j++) {
      G[i][j] = 0.0;
      for (k = 0; k < nj; ++k)
        G[i][j] += E[i][k] * F[k][j];
    }
#pragma endscop
}
int main(void) {
  int i, j, k, l;
  int ni = NI;
  int nj = NJ;
  int nk = NK;
  int nl = NL;
  int nm = NM;
  static double E[NI][NJ];
  static double A[NI][NK];
  static double B[NK][NJ];
  static double F[NJ][NL];
  static double C[NJ][NM];
  static double D[NM][NL];
  static double G[NI][NL];
  for (i = 0; i < ni; i++)
    for (j = 0; j < nj; j++)
      E[i][j] = (double)((i * 7 + j * 13 + 4) % 20) / 20.0 + 0.5;
  for (i = 0; i < ni; i++)
    for (j = 0; j < nk; j++)
      A[i][j] = (double)((i * 7 + j * 13 + 0) % 27) / 27.0 + 0.5;
  for (i = 0; i < nk; i++)
    for (j = 0; j < nj; j++)
      B[i][j] = (double)((i * 7 + j * 13 + 1) % 17) / 17.0 + 0.5;
  for (i = 0; i < nj; i++)
    for (j = 0; j < nl; j++)
      F[i][j] = (double)((i * 7 + j * 13 + 0) % 21) / 21.0 + 0.5;
  for (i = 0; i < nj; i++)
    for (j = 0; j < nm; j++)
      C[i][j] = (double)((i * 7 + j * 13 + 2) % 18) / 18.0 + 0.5;
  for (i = 0; i < nm; i++)
    for (j = 0; j < nl; j++)
      D[i][j] = (double)((i * 7 + j * 13 + 3) % 19) / 19.0 + 0.5;
  for (i = 0; i < ni; i++)
    for (j = 0; j < nl; j++)
      G[i][j] = (double)((i * 7 + j * 13 + 1) % 22) / 22.0 + 0.5;
  kernel_three_mm(ni, nj, nk, nl, nm, E, A, B, F, C, D, G);
  unsigned long long checksum = 14695981039346656037ull;
  checksum = hash_bytes(checksum, E, sizeof(double) * (size_t)ni * (size_t)nj);
  checksum = hash_bytes(checksum, A, sizeof(double) * (size_t)ni * (size_t)nk);
  checksum = hash_bytes(checksum, B, sizeof(double) * (size_t)nk * (size_t)nj);
  checksum = hash_bytes(checksum, F, sizeof(double) * (size_t)nj * (size_t)nl);
  checksum = hash_bytes(checksum, C, sizeof(double) * (size_t)nj * (size_t)nm);
  checksum = hash_bytes(checksum, D, sizeof(double) * (size_t)nm * (size_t)nl);
  checksum = hash_bytes(checksum, G, sizeof(double) * (size_t)ni * (size_t)nl);
  printf("three_mm %016llx\n", checksum);
  return 0;
}
