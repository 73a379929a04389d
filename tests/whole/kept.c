/* A region in main between the initialisation and the printing (a kernel of its own, on
   global arrays), a kernel function rewritten whole, and a region that cannot be optimized:
   its search stops at the first match, so its loop does not count. That one is kept as
   written, with the reason. */
#include <stdio.h>
#define N 50
double A[N], B[N];
void scale(int n, double X[N]) {
#pragma scop
  for (int i = 0; i < n; i++)
    X[i] = 2.0 * X[i] + 1.0;
#pragma endscop
}
int main() {
  int i, found;
  for (i = 0; i < N; i++)
    A[i] = i / 3.0;
#pragma scop
  for (i = 1; i < N; i++)
    B[i] = A[i] + A[i - 1];
#pragma endscop
  scale(N, B);
  double s = 0;
  for (i = 0; i < N; i++)
    s += B[i];
  found = -1;
#pragma scop
  i = 0;
  while (i < N && found < 0) {
    if (B[i] > 40.0)
      found = i;
    i = i + 1;
  }
#pragma endscop
  printf("%a %d %d\n", s, found, i);
  return 0;
}
