/* Implicit diffusion: a tridiagonal (Thomas) solve per row, rows independent, a time loop. */
#include <stdio.h>
#define NR 32
#define NC 64
static double u[NR][NC], cp[NR][NC], dp[NR][NC];
static void solve_rows(double lambda) {
  int r, i;
  const double a = -lambda, b = 1.0 + 2.0 * lambda, c = -lambda;
  for (r = 0; r < NR; r++) {
    cp[r][0] = c / b;
    dp[r][0] = u[r][0] / b;
    for (i = 1; i < NC; i++) {
      double m = b - a * cp[r][i - 1];
      cp[r][i] = c / m;
      dp[r][i] = (u[r][i] - a * dp[r][i - 1]) / m;
    }
    u[r][NC - 1] = dp[r][NC - 1];
    for (i = NC - 2; i >= 0; i--)
      u[r][i] = dp[r][i] - cp[r][i] * u[r][i + 1];
  }
}
int main(void) {
  int r, i, t;
  for (r = 0; r < NR; r++)
    for (i = 0; i < NC; i++)
      u[r][i] = (i == NC / 2) ? 1.0 + r : 0.0;
  for (t = 0; t < 4; t++)
    solve_rows(0.5);
  double s = 0.0;
  for (r = 0; r < NR; r++)
    for (i = 0; i < NC; i++)
      s += u[r][i] * (i % 7);
  printf("%.12f %.12f\n", s, u[3][NC / 2]);
  return 0;
}
