/* A 1-D finite-volume solver with flux limiter helpers, boundary switch, residual printing. */
#include <stdio.h>
#include <math.h>
#define NC 200
#define STEPS 30
enum bc { PERIODIC, WALL, OPEN };
static double q[NC + 2], qn[NC + 2], flux[NC + 1];
static double limiter(double r) { return r > 0.0 ? (2.0 * r / (1.0 + r * r)) : 0.0; }
static void boundary(enum bc kind) {
  switch (kind) {
  case PERIODIC:
    q[0] = q[NC];
    q[NC + 1] = q[1];
    break;
  case WALL:
    q[0] = q[1];
    q[NC + 1] = q[NC];
    break;
  default:
    q[0] = 0.0;
    q[NC + 1] = 0.0;
  }
}
static void fluxes(double c) {
  int i;
  for (i = 1; i < NC; i++) {
    double d1 = q[i] - q[i - 1], d2 = q[i + 1] - q[i];
    double r = fabs(d2) > 1e-12 ? d1 / d2 : 0.0;
    flux[i] = c * (q[i] + 0.5 * limiter(r) * d2);
  }
  flux[0] = c * q[0];
  flux[NC] = c * q[NC];
}
static double update(double dt) {
  int i;
  double res = 0.0;
  for (i = 1; i <= NC; i++) {
    qn[i] = q[i] - dt * (flux[i] - flux[i - 1]);
    res += fabs(qn[i] - q[i]);
  }
  for (i = 1; i <= NC; i++)
    q[i] = qn[i];
  return res;
}
int main(void) {
  int i, s;
  enum bc kind = WALL;
  for (i = 0; i < NC + 2; i++)
    q[i] = (i > NC / 3 && i < NC / 2) ? 1.0 : 0.1 * sin(0.05 * i);
  for (s = 0; s < STEPS; s++) {
    boundary(kind);
    fluxes(0.8);
    double res = update(0.5);
    if (s % 10 == 0)
      printf("step %d residual %.10e\n", s, res);
  }
  double mass = 0.0;
  for (i = 1; i <= NC; i++)
    mass += q[i];
  printf("mass %.12f\n", mass);
  return 0;
}
