/* A region in main between the initialisation and the printing: statements outside the
   region are not read yet, so the function is kept as written, with the reason; the other
   kernel is rewritten. */
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
  int i;
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
  printf("%a\n", s);
  return 0;
}
