/* A separable blur whose rows go through a block-local buffer, and an edge pass with a
   block-local array of the same name. */
#include "imaging.h"

void blur(int h, int w, float img[h][w], float out[h][w]) {
#pragma scop
  for (int y = 1; y < h - 1; y++) {
    float row[W];
    for (int x = 0; x < w; x++)
      row[x] = 0.25f * img[y - 1][x] + 0.5f * img[y][x] + 0.25f * img[y + 1][x];
    for (int x = 1; x < w - 1; x++)
      out[y][x] = 0.25f * row[x - 1] + 0.5f * row[x] + 0.25f * row[x + 1];
  }
  for (int y = 1; y < h - 1; y++) {
    float row[W];
    for (int x = 0; x < w; x++)
      row[x] = out[y][x] - img[y][x];
    for (int x = 1; x < w - 1; x++)
      out[y][x] = out[y][x] + 0.5f * row[x];
  }
#pragma endscop
}
