/* A solver whose state is a struct passed by pointer: fields read through p->, arrays inside. */
#include <stdio.h>
#define N 100
struct state {
  int n;
  double dt;
  double a[N], b[N], c[N];
};
static void step(struct state *s) {
  int i;
  for (i = 1; i < s->n - 1; i++)
    s->b[i] = s->a[i] + s->dt * (s->a[i - 1] - 2.0 * s->a[i] + s->a[i + 1]);
  for (i = 1; i < s->n - 1; i++)
    s->a[i] = s->b[i];
}
static double total(const struct state *s) {
  double t = 0;
  int i;
  for (i = 0; i < s->n; i++)
    t += s->a[i];
  return t;
}
int main(void) {
  static struct state st;
  int i, k;
  st.n = N;
  st.dt = 0.2;
  for (i = 0; i < N; i++)
    st.a[i] = (i > 40 && i < 60) ? 1.0 : 0.0;
  for (k = 0; k < 10; k++)
    step(&st);
  printf("%.12f %.12f\n", total(&st), st.a[50]);
  return 0;
}
