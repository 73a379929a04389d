#include <stdio.h>
#include "imaging.h"

int main(void) {
  static float img[H][W], out[H][W];
  int hist[16];
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      img[y][x] = (float)((x * 7 + y * 11) % 23) / 20.0f - 0.05f;
  blur(H, W, img, out);
#pragma scop
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      out[y][x] = out[y][x] * 0.75f + 0.125f;
#pragma endscop
  levels(H, W, out, hist);
  double s = 0;
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      s += out[y][x] * (1 + (x + y) % 3);
  printf("sum %.9f\n", s);
  for (int k = 0; k < 16; k++)
    printf("%d%c", hist[k], k == 15 ? '\n' : ' ');
  return 0;
}
