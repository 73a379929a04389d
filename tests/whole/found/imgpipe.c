/* An image pipeline: blur helper taking arrays, gradient magnitude, threshold by mode switch,
   integral image, and a per-frame loop with timers. */
#include <stdio.h>
#include <math.h>
#include <time.h>
#define H 96
#define W 128
typedef enum { BINARY, CLAMP, KEEP } mode_t2;
static float img[H][W], tmp[H][W], out[H][W], grad[H][W];
static double integral[H + 1][W + 1];
static void blur_rows(float src[H][W], float dst[H][W]) {
  int y, x;
  for (y = 0; y < H; y++)
    for (x = 1; x < W - 1; x++)
      dst[y][x] = 0.25f * src[y][x - 1] + 0.5f * src[y][x] + 0.25f * src[y][x + 1];
}
static void blur_cols(float src[H][W], float dst[H][W]) {
  int y, x;
  for (y = 1; y < H - 1; y++)
    for (x = 0; x < W; x++)
      dst[y][x] = 0.25f * src[y - 1][x] + 0.5f * src[y][x] + 0.25f * src[y + 1][x];
}
static void threshold(mode_t2 m, float t) {
  int y, x;
  for (y = 0; y < H; y++)
    for (x = 0; x < W; x++) {
      switch (m) {
      case BINARY:
        out[y][x] = grad[y][x] > t ? 1.0f : 0.0f;
        break;
      case CLAMP:
        out[y][x] = fminf(grad[y][x], t);
        break;
      case KEEP:
        out[y][x] = grad[y][x];
        break;
      }
    }
}
int main(void) {
  int y, x, f;
  clock_t c0 = clock();
  for (y = 0; y < H; y++)
    for (x = 0; x < W; x++)
      img[y][x] = (float)((x * x + 3 * y) % 61) / 61.0f;
  for (f = 0; f < 4; f++) {
    blur_rows(img, tmp);
    blur_cols(tmp, img);
    for (y = 1; y < H - 1; y++)
      for (x = 1; x < W - 1; x++) {
        float gx = img[y][x + 1] - img[y][x - 1];
        float gy = img[y + 1][x] - img[y - 1][x];
        grad[y][x] = sqrtf(gx * gx + gy * gy);
      }
    threshold(f % 2 == 0 ? BINARY : CLAMP, 0.05f);
  }
  for (y = 0; y <= H; y++)
    integral[y][0] = 0.0;
  for (x = 0; x <= W; x++)
    integral[0][x] = 0.0;
  for (y = 1; y <= H; y++)
    for (x = 1; x <= W; x++)
      integral[y][x] = out[y - 1][x - 1] + integral[y - 1][x] + integral[y][x - 1] - integral[y - 1][x - 1];
  double el = (double)(clock() - c0) / CLOCKS_PER_SEC;
  if (el < 0) printf("?\n");
  printf("%.6f %.6f %.6f\n", integral[H][W], integral[H / 2][W / 2], (double)img[H / 2][W / 3]);
  return 0;
}
