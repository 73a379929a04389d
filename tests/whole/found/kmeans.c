/* k-means on points in 3-D: nearest centre by search, centres updated from sums. */
#include <stdio.h>
#define NP 400
#define K 5
#define D 3
#define ITERS 4
static double pts[NP][D], centre[K][D], sum[K][D];
static int label[NP], count[K];
int main(void) {
  int p, k, d, it;
  for (p = 0; p < NP; p++)
    for (d = 0; d < D; d++)
      pts[p][d] = (double)((p * (d + 3) * 7) % 101) / 10.0;
  for (k = 0; k < K; k++)
    for (d = 0; d < D; d++)
      centre[k][d] = pts[k * 17][d];
  for (it = 0; it < ITERS; it++) {
    for (p = 0; p < NP; p++) {
      int best = 0;
      double bestd = 1e300;
      for (k = 0; k < K; k++) {
        double dist = 0.0;
        for (d = 0; d < D; d++)
          dist += (pts[p][d] - centre[k][d]) * (pts[p][d] - centre[k][d]);
        if (dist < bestd) {
          bestd = dist;
          best = k;
        }
      }
      label[p] = best;
    }
    for (k = 0; k < K; k++) {
      count[k] = 0;
      for (d = 0; d < D; d++)
        sum[k][d] = 0.0;
    }
    for (p = 0; p < NP; p++) {
      count[label[p]]++;
      for (d = 0; d < D; d++)
        sum[label[p]][d] += pts[p][d];
    }
    for (k = 0; k < K; k++)
      if (count[k] > 0)
        for (d = 0; d < D; d++)
          centre[k][d] = sum[k][d] / count[k];
    printf("iteration %d: %d %d %d %d %d\n", it, count[0], count[1], count[2], count[3], count[4]);
  }
  return 0;
}
