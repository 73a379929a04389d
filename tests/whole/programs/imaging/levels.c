/* Levels of an image: a scaling region in a function that also calls another. */
#include "imaging.h"

static void clamp(int h, int w, float img[h][w]) {
#pragma scop
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      img[y][x] = img[y][x] < 0.0f ? 0.0f : (img[y][x] > 1.0f ? 1.0f : img[y][x]);
#pragma endscop
}

void levels(int h, int w, float img[h][w], int hist[16]) {
  clamp(h, w, img);
  for (int k = 0; k < 16; k++)
    hist[k] = 0;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      hist[(int)(img[y][x] * 15.0f)]++;
}
