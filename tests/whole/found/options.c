/* Pricing a book of options: exp, log and sqrt over arrays, a normal CDF by a polynomial. */
#include <stdio.h>
#include <math.h>
#define NOPT 512
static double spot[NOPT], strike[NOPT], tmat[NOPT], price[NOPT];
static double cnd(double d) {
  return d < 0 ? 0.5 * exp(-0.5 * d * d) * (1.0 / (1.0 + 0.2316419 * -d)) : 1.0 - 0.5 * exp(-0.5 * d * d) * (1.0 / (1.0 + 0.2316419 * d));
}
int main(void) {
  int i;
  const double rate = 0.03, vol = 0.25;
  for (i = 0; i < NOPT; i++) {
    spot[i] = 90.0 + (i % 21);
    strike[i] = 100.0;
    tmat[i] = 0.25 + (i % 8) * 0.25;
  }
  for (i = 0; i < NOPT; i++) {
    double sq = vol * sqrt(tmat[i]);
    double d1 = (log(spot[i] / strike[i]) + (rate + 0.5 * vol * vol) * tmat[i]) / sq;
    double d2 = d1 - sq;
    price[i] = spot[i] * cnd(d1) - strike[i] * exp(-rate * tmat[i]) * cnd(d2);
  }
  double total = 0.0;
  for (i = 0; i < NOPT; i++)
    total += price[i];
  printf("%.10f\n", total);
  return 0;
}
