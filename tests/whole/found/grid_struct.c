/* A heat solver on a grid held in a struct, with a timer, printing per step (no pragmas). */
#include <stdio.h>
#include <time.h>
#define NX 40
#define NY 36
#define STEPS 6
typedef enum { false, true } logical;
struct grid {
  double u[NX][NY];
  double v[NX][NY];
  int nx, ny;
};
static struct grid g;
static double seconds(void) { return (double)clock() / CLOCKS_PER_SEC; }
static void setup(void) {
  int i, j;
  g.nx = NX;
  g.ny = NY;
  for (i = 0; i < NX; i++)
    for (j = 0; j < NY; j++)
      g.u[i][j] = (double)((i * 5 + j * 3) % 11) / 11.0;
}
static double field[NX][NY], next[NX][NY];
static void copy_in(void) {
  int i, j;
  for (i = 0; i < NX; i++)
    for (j = 0; j < NY; j++)
      field[i][j] = g.u[i][j];
}
static void sweep(double c) {
  int i, j;
  for (i = 1; i < NX - 1; i++)
    for (j = 1; j < NY - 1; j++)
      next[i][j] = field[i][j] + c * (field[i - 1][j] + field[i + 1][j] + field[i][j - 1] + field[i][j + 1] - 4.0 * field[i][j]);
  for (i = 1; i < NX - 1; i++)
    for (j = 1; j < NY - 1; j++)
      field[i][j] = next[i][j];
}
int main(void) {
  int t, i, j;
  logical verbose = true;
  double t0 = seconds();
  setup();
  copy_in();
  for (t = 0; t < STEPS; t++) {
    sweep(0.1);
    double s = 0.0;
    for (i = 0; i < NX; i++)
      for (j = 0; j < NY; j++)
        s += field[i][j];
    if (verbose)
      printf("step %d sum %.12f\n", t, s);
  }
  double el = seconds() - t0;
  if (el < 0) printf("clock went back\n");
  return 0;
}
