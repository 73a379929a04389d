/* A 1-D wave with three time levels, rotating buffers by copies, energy printed (no pragmas). */
#include <stdio.h>
#define N 512
#define STEPS 20
double u0[N], u1[N], u2[N];
void init(int n, double *a, double *b) {
  int i;
  for (i = 0; i < n; i++) {
    a[i] = (i > n / 4 && i < n / 2) ? 1.0 : 0.0;
    b[i] = a[i];
  }
}
double energy(int n, const double *a) {
  double e = 0.0;
  int i;
  for (i = 0; i < n; i++)
    e += a[i] * a[i];
  return e;
}
int main(void) {
  int t, i;
  const double c2 = 0.25;
  init(N, u0, u1);
  for (t = 0; t < STEPS; t++) {
    for (i = 1; i < N - 1; i++)
      u2[i] = 2.0 * u1[i] - u0[i] + c2 * (u1[i + 1] - 2.0 * u1[i] + u1[i - 1]);
    for (i = 0; i < N; i++) {
      u0[i] = u1[i];
      u1[i] = u2[i];
    }
    if (t % 5 == 0)
      printf("t %d energy %.12f\n", t, energy(N, u1));
  }
  double m = u1[0];
  for (i = 1; i < N; i++)
    m = u1[i] > m ? u1[i] : m;
  printf("max %.12f\n", m);
  return 0;
}
