/* threshold: a whole program in the malloc style, for optimist's tests (written for them). */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#define H 40
#define W 40
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
  int h = H;
  int w = W;
  int level = 128;
  int (*img)[W] = malloc(sizeof(int) * (size_t)H * (size_t)W);
  int (*bin)[W] = malloc(sizeof(int) * (size_t)H * (size_t)W);
  for (i = 0; i < h; i++)
    for (j = 0; j < w; j++)
      img[i][j] = (i * 17 + j * 29) % 256;
  for (i = 0; i < h; i++)
    for (j = 0; j < w; j++)
      bin[i][j] = 0;
#pragma scop
  for (i = 0; i < h; i++)
    for (j = 0; j < w; j++)
      bin[i][j] = img[i][j] > level ? 255 : 0;
#pragma endscop
  unsigned long long checksum = 14695981039346656037ull;
  checksum = hash_bytes(checksum, img, sizeof(int) * (size_t)h * (size_t)w);
  checksum = hash_bytes(checksum, bin, sizeof(int) * (size_t)h * (size_t)w);
  printf("threshold %016llx\n", checksum);
  free(img);
  free(bin);
  return 0;
}
