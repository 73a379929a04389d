/* iir_rows: a whole program in the static_fn style, for optimist's tests (written for them). */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#define H 30
#define W 50
static unsigned long long hash_bytes(unsigned long long h, const void *p, size_t len) {
  const unsigned char *b = p;
  for (size_t q = 0; q < len; q++) {
    h ^= b[q];
    h *= 1099511628211ull;
  }
  return h;
}
float img[H][W];
float out[H][W];
static int h = H;
static int w = W;
static float ym1 = 0.0f;
static float xm1 = 0.0f;
static void kernel_iir_rows(void) {
  int i, j, k, l;
#pragma scop
  for (i = 0; i < h; i++) {
    ym1 = 0.0f;
    xm1 = 0.0f;
    for (j = 0; j < w; j++) {
      out[i][j] = 0.4f * img[i][j] + 0.2f * xm1 + 0.3f * ym1;
      xm1 = img[i][j];
      ym1 = out[i][j];
    }
  }
#pragma endscop
}
int main() {
  int i, j, k, l;
  for (i = 0; i < h; i++)
    for (j = 0; j < w; j++)
      img[i][j] = (float)((i * 7 + j * 13 + 2) % 26) / 26.0f + 0.5f;
  for (i = 0; i < h; i++)
    for (j = 0; j < w; j++)
      out[i][j] = (float)((i * 7 + j * 13 + 4) % 20) / 20.0f + 0.5f;
  kernel_iir_rows();
  unsigned long long checksum = 14695981039346656037ull;
  checksum = hash_bytes(checksum, img, sizeof(float) * (size_t)h * (size_t)w);
  checksum = hash_bytes(checksum, out, sizeof(float) * (size_t)h * (size_t)w);
  printf("iir_rows %016llx\n", checksum);
  return 0;
}
