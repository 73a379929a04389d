/* Sizes written with sizeof: counts of a local buffer, of a row, bytes of a type; a count of a
   whole global array (which the region's kernel does not know: it stays as written). */
#include <stdio.h>
#define COUNT(x) (sizeof(x) / sizeof((x)[0]))
static double samples[300], grid[12][25];
static float weights[64];
int main(void) {
  unsigned long i, j, k;
  for (i = 0; i < COUNT(samples); i++)
    samples[i] = (double)(i % 17) * 0.25;
  for (i = 0; i < 12; i++)
    for (j = 0; j < sizeof grid[0] / sizeof(double); j++)
      grid[i][j] = samples[i * 25 + j] - samples[j];
  for (i = 0; i < 64; i++) {
    double window[5];
    for (k = 0; k < COUNT(window); k++)
      window[k] = grid[(i + k) % 12][(i * k) % 25];
    weights[i] = (float)(window[0] + window[4] * sizeof(float));
  }
  double s = 0;
  for (i = 0; i < 64; i++)
    s += weights[i] * sizeof(int);
  printf("%.6f\n", s);
  return 0;
}
