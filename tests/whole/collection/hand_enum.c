/* Sizes as enum constants, a struct and a helper outside the region. */
#include <stdio.h>
enum { N = 40, M = 30 };
struct stats { double min, max; };
static struct stats range(int n, double *v) {
  struct stats s = { v[0], v[0] };
  for (int i = 1; i < n; i++) {
    if (v[i] < s.min) s.min = v[i];
    if (v[i] > s.max) s.max = v[i];
  }
  return s;
}
double A[N][M], r[N];
int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      A[i][j] = (i * 3 + j) % 13 - 6.0;
#pragma scop
  for (int i = 0; i < N; i++) {
    r[i] = 0;
    for (int j = 0; j < M; j++)
      r[i] += A[i][j] * A[i][j];
  }
#pragma endscop
  struct stats s = range(N, r);
  printf("%a %a\n", s.min, s.max);
  return 0;
}
