/* life: a whole program in the params style, for optimist's tests (written for them). */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#define N 32
static unsigned long long hash_bytes(unsigned long long h, const void *p, size_t len) {
  const unsigned char *b = p;
  for (size_t q = 0; q < len; q++) {
    h ^= b[q];
    h *= 1099511628211ull;
  }
  return h;
}
static void kernel_life(int n, int G[N][N], int H[N][N]) {
  int i, j, k, l;
#pragma scop
  for (i = 1; i < n - 1; i++)
    for (j = 1; j < n - 1; j++) {
      H[i][j] = G[i - 1][j - 1] + G[i - 1][j] + G[i - 1][j + 1] + G[i][j - 1]
              + G[i][j + 1] + G[i + 1][j - 1] + G[i + 1][j] + G[i + 1][j + 1];
      H[i][j] = H[i][j] == 3 || (H[i][j] == 2 && G[i][j]) ? 1 : 0;
    }
#pragma endscop
}
int main(void) {
  int i, j, k, l;
  int n = N;
  static int G[N][N];
  static int H[N][N];
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      G[i][j] = (i * 3 + j * 5) % 7 < 3;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      H[i][j] = 0;
  kernel_life(n, G, H);
  unsigned long long checksum = 14695981039346656037ull;
  checksum = hash_bytes(checksum, G, sizeof(int) * (size_t)n * (size_t)n);
  checksum = hash_bytes(checksum, H, sizeof(int) * (size_t)n * (size_t)n);
  printf("life %016llx\n", checksum);
  return 0;
}
