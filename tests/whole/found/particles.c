/* Particles deposited on a 1-D grid by cell index (indirect writes), then a field pushes them. */
#include <stdio.h>
#include <math.h>
#define NPART 1000
#define NCELL 64
static double pos[NPART], vel[NPART], rho[NCELL], efield[NCELL];
static int cell[NPART];
int main(void) {
  int p, c, step;
  for (p = 0; p < NPART; p++) {
    pos[p] = (double)((p * 37) % 1000) / 1000.0 * NCELL;
    vel[p] = 0.0;
  }
  for (step = 0; step < 3; step++) {
    for (c = 0; c < NCELL; c++)
      rho[c] = 0.0;
    for (p = 0; p < NPART; p++)
      cell[p] = (int)floor(pos[p]) % NCELL;
    for (p = 0; p < NPART; p++)
      rho[cell[p]] += 1.0;
    for (c = 1; c < NCELL - 1; c++)
      efield[c] = 0.5 * (rho[c + 1] - rho[c - 1]);
    efield[0] = efield[NCELL - 1] = 0.0;
    for (p = 0; p < NPART; p++) {
      vel[p] += 0.01 * efield[cell[p]];
      pos[p] += vel[p];
      if (pos[p] < 0) pos[p] += NCELL;
      if (pos[p] >= NCELL) pos[p] -= NCELL;
    }
    double ke = 0.0;
    for (p = 0; p < NPART; p++)
      ke += vel[p] * vel[p];
    printf("step %d energy %.12f\n", step, ke);
  }
  return 0;
}
