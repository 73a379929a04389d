/* An image pipeline on bytes: gamma by table, a separable box blur, clamping helper, threshold. */
#include <stdio.h>
#define W 80
#define H 60
static unsigned char src[H][W], lut[256], tmp[H][W], dst[H][W], mask[H][W];
static int clamp255(int v) { return v < 0 ? 0 : (v > 255 ? 255 : v); }
int main(void) {
  int x, y, i;
  for (i = 0; i < 256; i++)
    lut[i] = (unsigned char)clamp255((i * i) / 255 + 10);
  for (y = 0; y < H; y++)
    for (x = 0; x < W; x++)
      src[y][x] = lut[(x * 3 + y * 5) % 256];
  for (y = 0; y < H; y++)
    for (x = 1; x < W - 1; x++)
      tmp[y][x] = (unsigned char)((src[y][x - 1] + src[y][x] + src[y][x + 1]) / 3);
  for (y = 1; y < H - 1; y++)
    for (x = 1; x < W - 1; x++)
      dst[y][x] = (unsigned char)clamp255((tmp[y - 1][x] + tmp[y][x] + tmp[y + 1][x]) / 3 + 2);
  for (y = 0; y < H; y++)
    for (x = 0; x < W; x++)
      mask[y][x] = dst[y][x] > 128;
  long s = 0;
  int on = 0;
  for (y = 0; y < H; y++)
    for (x = 0; x < W; x++) {
      s += dst[y][x];
      on += mask[y][x];
    }
  printf("%ld %d\n", s, on);
  return 0;
}
