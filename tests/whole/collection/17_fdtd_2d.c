/* fdtd_2d: a whole program in the params style, for optimist's tests (written for them). */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#define TMAX 8
#define NX 26
#define NY 30
static unsigned long long hash_bytes(unsigned long long h, const void *p, size_t len) {
  const unsigned char *b = p;
  for (size_t q = 0; q < len; q++) {
    h ^= b[q];
    h *= 1099511628211ull;
  }
  return h;
}
static void kernel_fdtd_2d(int tmax, int nx, int ny, double ex[NX][NY], double ey[NX][NY], double hz[NX][NY], double fict[TMAX]) {
  int i, j, t, k, l;
#pragma scop
  for (t = 0; t < tmax; t++) {
    for (j = 0; j < ny; j++)
      ey[0][j] = fict[t];
    for (i = 1; i < nx; i++)
      for (j = 0; j < ny; j++)
        ey[i][j] = ey[i][j] - 0.5 * (hz[i][j] - hz[i - 1][j]);
    for (i = 0; i < nx; i++)
      for (j = 1; j < ny; j++)
        ex[i][j] = ex[i][j] - 0.5 * (hz[i][j] - hz[i][j - 1]);
    for (i = 0; i < nx - 1; i++)
      for (j = 0; j < ny - 1; j++)
        hz[i][j] = hz[i][j] - 0.7 * (ex[i][j + 1] - ex[i][j] + ey[i + 1][j] - ey[i][j]);
  }
#pragma endscop
}
int main(void) {
  int i, j, t, k, l;
  int tmax = TMAX;
  int nx = NX;
  int ny = NY;
  static double ex[NX][NY];
  static double ey[NX][NY];
  static double hz[NX][NY];
  static double fict[TMAX];
  for (i = 0; i < nx; i++)
    for (j = 0; j < ny; j++)
      ex[i][j] = (double)((i * 7 + j * 13 + 1) % 18) / 18.0 + 0.5;
  for (i = 0; i < nx; i++)
    for (j = 0; j < ny; j++)
      ey[i][j] = (double)((i * 7 + j * 13 + 2) % 19) / 19.0 + 0.5;
  for (i = 0; i < nx; i++)
    for (j = 0; j < ny; j++)
      hz[i][j] = (double)((i * 7 + j * 13 + 1) % 23) / 23.0 + 0.5;
  for (i = 0; i < tmax; i++)
    fict[i] = (double)((i * 7 + 2) % 21) / 21.0 + 0.5;
  kernel_fdtd_2d(tmax, nx, ny, ex, ey, hz, fict);
  unsigned long long checksum = 14695981039346656037ull;
  checksum = hash_bytes(checksum, ex, sizeof(double) * (size_t)nx * (size_t)ny);
  checksum = hash_bytes(checksum, ey, sizeof(double) * (size_t)nx * (size_t)ny);
  checksum = hash_bytes(checksum, hz, sizeof(double) * (size_t)nx * (size_t)ny);
  checksum = hash_bytes(checksum, fict, sizeof(double) * (size_t)tmax);
  printf("fdtd_2d %016llx\n", checksum);
  return 0;
}
