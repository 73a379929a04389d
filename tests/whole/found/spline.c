/* Natural cubic spline: second derivatives by a tridiagonal sweep, then evaluation by search. */
#include <stdio.h>
#define NK 40
#define NE 200
static double xk[NK], yk[NK], m2[NK], c[NK], d[NK], xe[NE], ye[NE];
int main(void) {
  int i, e;
  for (i = 0; i < NK; i++) {
    xk[i] = i * 0.5;
    yk[i] = (double)((i * i * 7) % 11) / 5.0;
  }
  c[0] = 0.0;
  d[0] = 0.0;
  for (i = 1; i < NK - 1; i++) {
    double h = 0.5;
    double rhs = 6.0 * ((yk[i + 1] - yk[i]) / h - (yk[i] - yk[i - 1]) / h) / (2 * h);
    double m = 2.0 - 0.5 * c[i - 1];
    c[i] = 0.5 / m;
    d[i] = (rhs - 0.5 * d[i - 1]) / m;
  }
  m2[NK - 1] = 0.0;
  for (i = NK - 2; i > 0; i--)
    m2[i] = d[i] - c[i] * m2[i + 1];
  m2[0] = 0.0;
  for (e = 0; e < NE; e++)
    xe[e] = e * (xk[NK - 1] / NE);
  for (e = 0; e < NE; e++) {
    int k = 0;
    while (k < NK - 2 && xk[k + 1] < xe[e])
      k++;
    double t = (xe[e] - xk[k]) / 0.5;
    ye[e] = (1 - t) * yk[k] + t * yk[k + 1] + ((1 - t) * (1 - t) * (1 - t) - (1 - t)) * m2[k] / 24.0 + (t * t * t - t) * m2[k + 1] / 24.0;
  }
  double s = 0.0;
  for (e = 0; e < NE; e++)
    s += ye[e];
  printf("%.12f\n", s);
  return 0;
}
