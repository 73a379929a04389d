/* floyd_warshall: a whole program in the globals style, for optimist's tests (written for them). */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#define N 36
static unsigned long long hash_bytes(unsigned long long h, const void *p, size_t len) {
  const unsigned char *b = p;
  for (size_t q = 0; q < len; q++) {
    h ^= b[q];
    h *= 1099511628211ull;
  }
  return h;
}
int path[N][N];
int n = N;
int main(void) {
  int i, j, k, l;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      path[i][j] = (i * 7 + j * 13) % 29 + 1;
#pragma scop
  for (k = 0; k < n; k++)
    for (i = 0; i < n; i++)
      for (j = 0; j < n; j++)
        path[i][j] = path[i][j] < path[i][k] + path[k][j] ? path[i][j] : path[i][k] + path[k][j];
#pragma endscop
  unsigned long long checksum = 14695981039346656037ull;
  checksum = hash_bytes(checksum, path, sizeof(int) * (size_t)n * (size_t)n);
  printf("floyd_warshall %016llx\n", checksum);
  return 0;
}
