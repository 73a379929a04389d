/* Column statistics of a data table: means, variances, min/max search, histogram, ranks. */
#include <stdio.h>
#define ROWS 300
#define COLS 12
#define BINS 16
static float data[ROWS][COLS];
static double mean[COLS], var[COLS], lo[COLS], hi[COLS];
static int hist[COLS][BINS], argmax[COLS];
static void fill(void) {
  int i, j;
  unsigned s = 12345u;
  for (i = 0; i < ROWS; i++)
    for (j = 0; j < COLS; j++) {
      s = s * 1103515245u + 12345u;
      data[i][j] = (float)((s >> 16) & 1023) / 1023.0f * (j + 1);
    }
}
static void moments(void) {
  int i, j;
  for (j = 0; j < COLS; j++) {
    mean[j] = 0.0;
    for (i = 0; i < ROWS; i++)
      mean[j] += data[i][j];
    mean[j] /= ROWS;
  }
  for (j = 0; j < COLS; j++) {
    var[j] = 0.0;
    for (i = 0; i < ROWS; i++)
      var[j] += (data[i][j] - mean[j]) * (data[i][j] - mean[j]);
    var[j] /= ROWS - 1;
  }
}
int main(void) {
  int i, j, b;
  fill();
  moments();
  for (j = 0; j < COLS; j++) {
    lo[j] = data[0][j];
    hi[j] = data[0][j];
    argmax[j] = 0;
    for (i = 1; i < ROWS; i++) {
      if (data[i][j] < lo[j])
        lo[j] = data[i][j];
      if (data[i][j] > hi[j]) {
        hi[j] = data[i][j];
        argmax[j] = i;
      }
    }
  }
  for (j = 0; j < COLS; j++)
    for (b = 0; b < BINS; b++)
      hist[j][b] = 0;
  for (i = 0; i < ROWS; i++)
    for (j = 0; j < COLS; j++) {
      int k = (int)((data[i][j] - lo[j]) / (hi[j] - lo[j] + 1e-9) * BINS);
      if (k >= BINS) k = BINS - 1;
      hist[j][k]++;
    }
  for (j = 0; j < COLS; j++)
    printf("%d %.6f %.6f %.3f %.3f %d %d %d\n", j, mean[j], var[j], lo[j], hi[j], argmax[j], hist[j][0], hist[j][BINS - 1]);
  return 0;
}
