/* Over-relaxation with an enumerated boundary kind chosen per side (switch on it outside). */
#include <stdio.h>
#define N 40
typedef enum { DIRICHLET, NEUMANN } boundary;
static double u[N][N];
static void apply(boundary kind) {
  int i;
  switch (kind) {
  case DIRICHLET:
    for (i = 0; i < N; i++) {
      u[0][i] = 1.0;
      u[N - 1][i] = 0.0;
    }
    break;
  case NEUMANN:
    for (i = 0; i < N; i++) {
      u[0][i] = u[1][i];
      u[N - 1][i] = u[N - 2][i];
    }
    break;
  }
}
static void relax(double w, boundary kind) {
  int i, j;
  for (i = 1; i < N - 1; i++)
    for (j = 1; j < N - 1; j++)
      u[i][j] = (1.0 - w) * u[i][j] + w * 0.25 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]) + (kind == NEUMANN ? 0.001 : 0.0);
}
int main(void) {
  int it;
  for (it = 0; it < 20; it++) {
    apply(it < 10 ? DIRICHLET : NEUMANN);
    relax(1.5, it < 10 ? DIRICHLET : NEUMANN);
  }
  printf("%.12f %.12f\n", u[N / 2][N / 2], u[1][1]);
  return 0;
}
