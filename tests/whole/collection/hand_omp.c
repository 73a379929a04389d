/* A region that already carries OpenMP pragmas. */
#include <stdio.h>
#define N 200
float x[N], y[N], z[N];
int main(void) {
  int i;
  for (i = 0; i < N; i++) { x[i] = i * 0.5f; y[i] = (N - i) * 0.25f; }
#pragma scop
#pragma omp parallel for
  for (i = 0; i < N; i++)
    z[i] = x[i] * y[i] + 1.0f;
#pragma endscop
  float s = 0;
  for (i = 0; i < N; i++) s += z[i];
  printf("%a\n", s);
  return 0;
}
