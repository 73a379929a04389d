/* max_pool: a whole program in the malloc style, for optimist's tests (written for them). */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#define N 40
#define M 48
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
  int n = N;
  int m = M;
  float (*in)[M] = malloc(sizeof(float) * (size_t)N * (size_t)M);
  float (*out)[M] = malloc(sizeof(float) * (size_t)N * (size_t)M);
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      in[i][j] = (float)((i * 7 + j * 13 + 0) % 23) / 23.0f + 0.5f;
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      out[i][j] = 0;
#pragma scop
  for (i = 0; i < n / 2; i++)
    for (j = 0; j < m / 2; j++) {
      out[i][j] = in[2 * i][2 * j];
      out[i][j] = in[2 * i][2 * j + 1] > out[i][j] ? in[2 * i][2 * j + 1] : out[i][j];
      out[i][j] = in[2 * i + 1][2 * j] > out[i][j] ? in[2 * i + 1][2 * j] : out[i][j];
      out[i][j] = in[2 * i + 1][2 * j + 1] > out[i][j] ? in[2 * i + 1][2 * j + 1] : out[i][j];
    }
#pragma endscop
  unsigned long long checksum = 14695981039346656037ull;
  checksum = hash_bytes(checksum, in, sizeof(float) * (size_t)n * (size_t)m);
  checksum = hash_bytes(checksum, out, sizeof(float) * (size_t)n * (size_t)m);
  printf("max_pool %016llx\n", checksum);
  free(in);
  free(out);
  return 0;
}
