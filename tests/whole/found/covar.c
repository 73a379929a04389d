/* Column means, centring, a covariance matrix and its trace, samples in rows (no pragmas). */
#include <stdio.h>
#define NS 120
#define NF 24
static double data[NS][NF], mean[NF], cov[NF][NF];
int main(void) {
  int s, i, j;
  for (s = 0; s < NS; s++)
    for (i = 0; i < NF; i++)
      data[s][i] = (double)((s * (i + 1)) % 23) / 7.0;
  for (i = 0; i < NF; i++) {
    mean[i] = 0.0;
    for (s = 0; s < NS; s++)
      mean[i] += data[s][i];
    mean[i] /= NS;
  }
  for (s = 0; s < NS; s++)
    for (i = 0; i < NF; i++)
      data[s][i] -= mean[i];
  for (i = 0; i < NF; i++)
    for (j = i; j < NF; j++) {
      cov[i][j] = 0.0;
      for (s = 0; s < NS; s++)
        cov[i][j] += data[s][i] * data[s][j];
      cov[i][j] /= NS - 1;
      cov[j][i] = cov[i][j];
    }
  double tr = 0.0, off = 0.0;
  for (i = 0; i < NF; i++) {
    tr += cov[i][i];
    for (j = 0; j < NF; j++)
      off += cov[i][j];
  }
  printf("%.12f %.12f\n", tr, off);
  return 0;
}
