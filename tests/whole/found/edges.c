/* Edge cases of inlining, switch and conditions. */
#include <stdio.h>
#define N 50
static double a[N], b[N], m2[N][N];
static int tag[N];
static double g_acc;
static void set_all(double *v, int n, double x) { int i; for (i = 0; i < n; i++) v[i] = x; }
static void recur(int d) { if (d > 0) recur(d - 1); a[0] += 1.0; }
static double sum_to(int n) { double s = 0; int i; for (i = 0; i < n; i++) s += a[i]; return s; }
static void early(int n) { int i; for (i = 0; i < n; i++) { if (a[i] > 100.0) return; b[i] = a[i]; } }
static void row(double r[N], int k) { int j; for (j = 0; j < N; j++) r[j] = k + j * 0.5; }
static void acc(double x) { g_acc += x; }
static void swap_if(int i) { if (a[i] > a[i + 1]) { double t = a[i]; a[i] = a[i + 1]; a[i + 1] = t; } }
int main(void) {
  int i, k, t;
  for (i = 0; i < N; i++) { a[i] = (i * 37) % 11; b[i] = 0; tag[i] = i % 5; }
  for (t = 0; t < 2; t++)
    set_all(b, N, 1.5 + t);
  for (t = 0; t < 2; t++)
    recur(3);
  for (t = 0; t < 3; t++) {
    double s;
    s = sum_to(N - t);
    b[t] = s;
  }
  for (t = 0; t < 2; t++)
    early(N);
  for (k = 0; k < N; k++)
    row(m2[k], k);
  for (t = 0; t < 4; t++)
    acc(t * 0.5);
  for (t = 0; t < N - 1; t++)
    for (i = 0; i < N - 1 - t; i++)
      swap_if(i);
  for (i = 0; i < N; i++) {
    switch (tag[i]) {
    case 0: case 1:
      tag[i] = tag[i] + 10;
      b[i] += 1.0;
      break;
    case 2:
      break;
    default:
      b[i] -= tag[i];
    }
  }
  for (i = 0; i < N; i++)
    switch (i & 1) {
    case 0: a[i] = -a[i]; break;
    case 1: { double q = a[i] * 2; a[i] = q; } break;
    }
  for (t = 0; t < 2; t++) {
    int c = 0;
    for (i = 0; i < N; i++)
      switch (tag[i] % 3) {
      case 0: c += 1;
      case 1: c += 2; break;
      }
    b[t + 10] = c;
  }
  double s = 0;
  for (i = 0; i < N; i++) s += a[i] * (i + 1) + b[i] + m2[i][i] + tag[i];
  printf("%.10f %.10f\n", s, g_acc);
  return 0;
}
