/* box_blur: a whole program in the scalars style, for optimist's tests (written for them). */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#define H 50
#define W 40
static unsigned long long hash_bytes(unsigned long long h, const void *p, size_t len) {
  const unsigned char *b = p;
  for (size_t q = 0; q < len; q++) {
    h ^= b[q];
    h *= 1099511628211ull;
  }
  return h;
}
float img[H][W];
float tmp[H][W];
float out[H][W];
int main(void) {
  int i, j, k, l;
  int h = H;
  int w = W;
  for (i = 0; i < h; i++)
    for (j = 0; j < w; j++)
      img[i][j] = (float)((i * 7 + j * 13 + 2) % 26) / 26.0f + 0.5f;
  for (i = 0; i < h; i++)
    for (j = 0; j < w; j++)
      tmp[i][j] = (float)((i * 7 + j * 13 + 2) % 24) / 24.0f + 0.5f;
  for (i = 0; i < h; i++)
    for (j = 0; j < w; j++)
      out[i][j] = (float)((i * 7 + j * 13 + 4) % 20) / 20.0f + 0.5f;
#pragma scop
  for (i = 0; i < h; i++)
    for (j = 1; j < w - 1; j++)
      tmp[i][j] = (img[i][j - 1] + img[i][j] + img[i][j + 1]) / 3.0f;
  for (i = 1; i < h - 1; i++)
    for (j = 1; j < w - 1; j++)
      out[i][j] = (tmp[i - 1][j] + tmp[i][j] + tmp[i + 1][j]) / 3.0f;
#pragma endscop
  unsigned long long checksum = 14695981039346656037ull;
  checksum = hash_bytes(checksum, img, sizeof(float) * (size_t)h * (size_t)w);
  checksum = hash_bytes(checksum, tmp, sizeof(float) * (size_t)h * (size_t)w);
  checksum = hash_bytes(checksum, out, sizeof(float) * (size_t)h * (size_t)w);
  printf("box_blur %016llx\n", checksum);
  return 0;
}
