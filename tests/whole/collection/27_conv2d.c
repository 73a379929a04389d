/* conv2d: a whole program in the repeat style, for optimist's tests (written for them). */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#define H 40
#define W 44
static unsigned long long hash_bytes(unsigned long long h, const void *p, size_t len) {
  const unsigned char *b = p;
  for (size_t q = 0; q < len; q++) {
    h ^= b[q];
    h *= 1099511628211ull;
  }
  return h;
}
int main(void) {
  int rep, i, j, k, l;
  int h = H;
  int w = W;
  static float img[H][W];
  static float out[H][W];
  static float f[3][3];
  for (i = 0; i < h; i++)
    for (j = 0; j < w; j++)
      img[i][j] = (float)((i * 7 + j * 13 + 2) % 26) / 26.0f + 0.5f;
  for (i = 0; i < h; i++)
    for (j = 0; j < w; j++)
      out[i][j] = (float)((i * 7 + j * 13 + 4) % 20) / 20.0f + 0.5f;
  for (i = 0; i < 3; i++)
    for (j = 0; j < 3; j++)
      f[i][j] = (float)((i * 7 + j * 13 + 2) % 20) / 20.0f + 0.5f;
  for (rep = 0; rep < 2; rep++) {
#pragma scop
    for (i = 1; i < h - 1; i++)
      for (j = 1; j < w - 1; j++) {
        out[i][j] = 0.0f;
        for (k = 0; k < 3; k++)
          for (l = 0; l < 3; l++)
            out[i][j] += f[k][l] * img[i + k - 1][j + l - 1];
      }
#pragma endscop
  }
  unsigned long long checksum = 14695981039346656037ull;
  checksum = hash_bytes(checksum, img, sizeof(float) * (size_t)h * (size_t)w);
  checksum = hash_bytes(checksum, out, sizeof(float) * (size_t)h * (size_t)w);
  checksum = hash_bytes(checksum, f, sizeof(float) * (size_t)3 * (size_t)3);
  printf("conv2d %016llx\n", checksum);
  return 0;
}
