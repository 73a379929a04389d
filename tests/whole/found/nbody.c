/* N bodies in 2-D: forces by pairs, leapfrog steps, energy printed every few steps. */
#include <stdio.h>
#include <math.h>
#define NB 96
#define STEPS 8
static double px[NB], py[NB], vx[NB], vy[NB], fx[NB], fy[NB], mass[NB];
static void init_bodies(void) {
  int i;
  for (i = 0; i < NB; i++) {
    px[i] = (i % 12) * 1.5;
    py[i] = (i / 12) * 1.25;
    vx[i] = 0.0;
    vy[i] = 0.0;
    mass[i] = 1.0 + (i % 5) * 0.25;
  }
}
static void forces(void) {
  int i, j;
  for (i = 0; i < NB; i++) {
    double ax = 0.0, ay = 0.0;
    for (j = 0; j < NB; j++) {
      double dx = px[j] - px[i], dy = py[j] - py[i];
      double r2 = dx * dx + dy * dy + 0.01;
      double inv = mass[j] / (r2 * sqrt(r2));
      ax += dx * inv;
      ay += dy * inv;
    }
    fx[i] = ax;
    fy[i] = ay;
  }
}
static void advance(double dt) {
  int i;
  for (i = 0; i < NB; i++) {
    vx[i] += dt * fx[i];
    vy[i] += dt * fy[i];
  }
  for (i = 0; i < NB; i++) {
    px[i] += dt * vx[i];
    py[i] += dt * vy[i];
  }
}
static double kinetic(void) {
  double e = 0.0;
  int i;
  for (i = 0; i < NB; i++)
    e += 0.5 * mass[i] * (vx[i] * vx[i] + vy[i] * vy[i]);
  return e;
}
int main(void) {
  int s;
  init_bodies();
  for (s = 0; s < STEPS; s++) {
    forces();
    advance(0.001);
    if (s % 2 == 0)
      printf("step %d kinetic %.12e\n", s, kinetic());
  }
  return 0;
}
