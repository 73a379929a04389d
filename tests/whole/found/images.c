/* Image filters on unsigned bytes and floats, with a histogram and a clamp (no pragmas). */
#include <stdio.h>
#include <math.h>
#define W 64
#define H 48
static unsigned char img[H][W];
static float blur[H][W], edge[H][W];
static int hist[256];
static float clampf(float v) { return v < 0.0f ? 0.0f : (v > 255.0f ? 255.0f : v); }
int main(void) {
  int x, y, k;
  for (y = 0; y < H; y++)
    for (x = 0; x < W; x++)
      img[y][x] = (unsigned char)((x * 7 + y * 13) % 251);
  for (y = 1; y < H - 1; y++)
    for (x = 1; x < W - 1; x++)
      blur[y][x] = (img[y - 1][x] + img[y + 1][x] + img[y][x - 1] + img[y][x + 1] + 4.0f * img[y][x]) / 8.0f;
  for (y = 1; y < H - 1; y++)
    for (x = 1; x < W - 1; x++)
      edge[y][x] = sqrtf((blur[y][x + 1] - blur[y][x - 1]) * (blur[y][x + 1] - blur[y][x - 1]) + (blur[y + 1][x] - blur[y - 1][x]) * (blur[y + 1][x] - blur[y - 1][x]));
  for (k = 0; k < 256; k++)
    hist[k] = 0;
  for (y = 0; y < H; y++)
    for (x = 0; x < W; x++)
      hist[img[y][x]]++;
  double s = 0;
  for (y = 1; y < H - 1; y++)
    for (x = 1; x < W - 1; x++)
      s += clampf(edge[y][x]);
  int peak = 0;
  for (k = 1; k < 256; k++)
    if (hist[k] > hist[peak]) peak = k;
  printf("%.6f %d %d\n", s, peak, hist[peak]);
  return 0;
}
