/* A lattice Boltzmann toy (D1Q3): collide, then stream with fixed ends, moments printed. */
#include <stdio.h>
#define NX 256
#define STEPS 10
static double f0[NX], fp[NX], fm[NX], g0[NX], gp[NX], gm[NX], rho[NX], mom[NX];
int main(void) {
  int x, t;
  const double tau = 0.8;
  for (x = 0; x < NX; x++) {
    double r = 1.0 + (x > NX / 3 && x < NX / 2 ? 0.2 : 0.0);
    f0[x] = 2.0 * r / 3.0;
    fp[x] = r / 6.0;
    fm[x] = r / 6.0;
  }
  for (t = 0; t < STEPS; t++) {
    for (x = 0; x < NX; x++) {
      rho[x] = f0[x] + fp[x] + fm[x];
      mom[x] = fp[x] - fm[x];
    }
    for (x = 0; x < NX; x++) {
      double u = mom[x] / rho[x];
      double e0 = 2.0 * rho[x] / 3.0 * (1.0 - 1.5 * u * u);
      double ep = rho[x] / 6.0 * (1.0 + 3.0 * u + 3.0 * u * u);
      double em = rho[x] / 6.0 * (1.0 - 3.0 * u + 3.0 * u * u);
      g0[x] = f0[x] - (f0[x] - e0) / tau;
      gp[x] = fp[x] - (fp[x] - ep) / tau;
      gm[x] = fm[x] - (fm[x] - em) / tau;
    }
    for (x = 1; x < NX - 1; x++) {
      f0[x] = g0[x];
      fp[x] = gp[x - 1];
      fm[x] = gm[x + 1];
    }
  }
  double mass = 0.0;
  for (x = 0; x < NX; x++)
    mass += f0[x] + fp[x] + fm[x];
  printf("%.12f %.12f\n", mass, rho[NX / 2]);
  return 0;
}
