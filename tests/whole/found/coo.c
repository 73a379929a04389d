/* A sparse matrix in coordinate form: products by entries, transposed products, row norms. */
#include <stdio.h>
#include <math.h>
#define N 200
#define NNZ 1200
static int row[NNZ], colx[NNZ];
static double val[NNZ], x[N], y[N], yt[N], norm[N];
int main(void) {
  int e, i;
  for (e = 0; e < NNZ; e++) {
    row[e] = (e * 7) % N;
    colx[e] = (e * 13 + 5) % N;
    val[e] = 1.0 / (1 + e % 9);
  }
  for (i = 0; i < N; i++) {
    x[i] = (i % 5) - 2.0;
    y[i] = 0.0;
    yt[i] = 0.0;
    norm[i] = 0.0;
  }
  for (e = 0; e < NNZ; e++)
    y[row[e]] += val[e] * x[colx[e]];
  for (e = 0; e < NNZ; e++)
    yt[colx[e]] += val[e] * x[row[e]];
  for (e = 0; e < NNZ; e++)
    norm[row[e]] += val[e] * val[e];
  double s = 0.0;
  for (i = 0; i < N; i++)
    s += y[i] - yt[i] + sqrt(norm[i]);
  printf("%.12f\n", s);
  return 0;
}
