/* Simulation state in structs: helpers taking a pointer, passing it on, updating a counter
   member, a global configuration struct read directly, and one helper taking a struct by value. */
#include <stdio.h>
#define N 80
struct config { double alpha; int sweeps; };
static struct config cfg = { 0.2, 3 };
struct sim { int n; int count; double u[N], v[N]; };
static void smooth_once(struct sim *s) {
  int i;
  for (i = 1; i < s->n - 1; i++)
    s->v[i] = s->u[i] + cfg.alpha * (s->u[i - 1] - 2.0 * s->u[i] + s->u[i + 1]);
  for (i = 1; i < s->n - 1; i++)
    s->u[i] = s->v[i];
  s->count = s->count + 1;
}
static void smooth(struct sim *s) {
  int k;
  for (k = 0; k < cfg.sweeps; k++)
    smooth_once(s);
}
static double peek(struct sim s) { return s.u[N / 2]; }
static void run(struct sim *p, int steps) {
  int t;
  for (t = 0; t < steps; t++)
    smooth(p);
}
int main(void) {
  static struct sim a, b;
  int i, t;
  a.n = N; b.n = N / 2;
  a.count = 0; b.count = 0;
  for (i = 0; i < N; i++) {
    a.u[i] = (i % 7) * 0.5;
    b.u[i] = (i % 5) * 0.25;
  }
  for (t = 0; t < 4; t++)
    smooth(&a);
  run(&b, 3);
  double x = 0.0;
  for (t = 0; t < 2; t++)
    x += peek(a);
  printf("%.12f %.12f %d %d %.12f\n", a.u[N / 2], b.u[N / 4], a.count, b.count, x);
  return 0;
}
