/* contraction: a whole program in the static_fn style, for optimist's tests (written for them). */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#define A 8
#define B 9
#define C 10
#define D 11
static unsigned long long hash_bytes(unsigned long long h, const void *p, size_t len) {
  const unsigned char *b = p;
  for (size_t q = 0; q < len; q++) {
    h ^= b[q];
    h *= 1099511628211ull;
  }
  return h;
}
double T[A][B][C];
double M[C][D];
double R[A][B][D];
static int a = A;
static int b = B;
static int c = C;
static int d = D;
static void kernel_contraction(void) {
  int i, j, k, l;
#pragma scop
  for (i = 0; i < a; i++)
    for (j = 0; j < b; j++)
      for (l = 0; l < d; l++) {
        R[i][j][l] = 0.0;
        for (k = 0; k < c; k++)
          R[i][j][l] += T[i][j][k] * M[k][l];
      }
#pragma endscop
}
int main() {
  int i, j, k, l;
  for (i = 0; i < a; i++)
    for (j = 0; j < b; j++)
      for (k = 0; k < c; k++)
        T[i][j][k] = (double)((i * 7 + j * 13 + k * 5 + 4) % 24) / 24.0 + 0.5;
  for (i = 0; i < c; i++)
    for (j = 0; j < d; j++)
      M[i][j] = (double)((i * 7 + j * 13 + 2) % 17) / 17.0 + 0.5;
  for (i = 0; i < a; i++)
    for (j = 0; j < b; j++)
      for (k = 0; k < d; k++)
        R[i][j][k] = (double)((i * 7 + j * 13 + k * 5 + 2) % 22) / 22.0 + 0.5;
  kernel_contraction();
  unsigned long long checksum = 14695981039346656037ull;
  checksum = hash_bytes(checksum, T, sizeof(double) * (size_t)a * (size_t)b * (size_t)c);
  checksum = hash_bytes(checksum, M, sizeof(double) * (size_t)c * (size_t)d);
  checksum = hash_bytes(checksum, R, sizeof(double) * (size_t)a * (size_t)b * (size_t)d);
  printf("contraction %016llx\n", checksum);
  return 0;
}
