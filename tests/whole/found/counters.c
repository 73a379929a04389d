/* Counters read after their loops: the end a scan stopped at, a counter carried into the next
   loop, the last index a search passed, counts printed after the loops that made them. */
#include <stdio.h>
#define N 200
static double a[N], b[N];
static int last_above(int n, const double *x, double key) {
  int i, last = -1;
  for (i = 0; i < n; i++)
    if (x[i] > key)
      last = i;
  return last;
}
int main(void) {
  int i, j, k;
  for (i = 0; i < N; i++)
    a[i] = (double)((i * 37) % 23) - 11.0;
  for (j = N - 1; j >= i / 4; j--)
    b[j] = a[j] * 0.5 + j;
  for (k = j + 1; k < N; k++)
    b[k] += a[k - j - 1];
  double s = 0.0;
  for (i = 0; i < N; i++)
    s += b[i];
  printf("%d %d %d %.6f %d\n", i, j, k, s, last_above(N, a, 5.0));
  return 0;
}
