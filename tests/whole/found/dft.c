/* A naive DFT with twiddles from cos and sin, then power and a normalized spectrum. */
#include <stdio.h>
#include <math.h>
#define N 128
static double re[N], im[N], xr[N], xi[N], power[N];
int main(void) {
  int k, n;
  const double pi = 3.14159265358979323846;
  for (n = 0; n < N; n++) {
    xr[n] = sin(2 * pi * 5 * n / N) + 0.5 * cos(2 * pi * 12 * n / N);
    xi[n] = 0.0;
  }
  for (k = 0; k < N; k++) {
    double sr = 0.0, si = 0.0;
    for (n = 0; n < N; n++) {
      double ang = 2 * pi * k * n / N;
      sr += xr[n] * cos(ang) + xi[n] * sin(ang);
      si += xi[n] * cos(ang) - xr[n] * sin(ang);
    }
    re[k] = sr;
    im[k] = si;
  }
  for (k = 0; k < N; k++)
    power[k] = re[k] * re[k] + im[k] * im[k];
  double total = 0.0;
  for (k = 0; k < N; k++)
    total += power[k];
  for (k = 0; k < N; k++)
    power[k] /= total;
  printf("%.6f %.6f %.6f\n", power[5], power[12], total);
  return 0;
}
