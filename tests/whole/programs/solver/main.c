#include <stdio.h>
#include "solver.h"

int main(void) {
  setup();
  double r = solve(STEPS);
  double c = 0;
  for (int i = 0; i < N; i++)
    c += u[i][i] * (i + 1);
  printf("residual %.12e\ncentre %.12e\n", r, c);
  return 0;
}
