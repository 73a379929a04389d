/* Solver steps in helper functions called from time loops: helpers on globals, helpers taking
   the arrays they work on, a helper calling a helper, scalar parameters assigned in the body,
   a global accumulator the helper updates, a row parameter given a 1-D array, functions with
   a value, and calls that cannot be inlined (a global hidden by a local of the caller, a
   pointer into an array). */
#include <stdio.h>
#define N 64
#define M 48
static double a[N][M], b[N][M], w[N];
static double total;
static int calls;

static void relax(double src[N][M], double dst[N][M], double k) {
  int i, j;
  for (i = 1; i < N - 1; i++)
    for (j = 1; j < M - 1; j++)
      dst[i][j] = src[i][j] + k * (src[i - 1][j] + src[i + 1][j] + src[i][j - 1] + src[i][j + 1] - 4.0 * src[i][j]);
  k = 0.0; /* a parameter is the body's own */
}

static void accumulate(void) {
  int i;
  for (i = 0; i < N; i++)
    total += a[i][M / 2] * 0.001;
  calls = calls + 1;
  return;
}

static void step(double k) {
  relax(a, b, k);
  relax(b, a, k);
  accumulate();
}

static void scale(double *v, int n, double f) {
  int i;
  for (i = 0; i < n; i++)
    v[i] *= f;
}

static void fill_row(double row[M], double x) {
  int j;
  for (j = 0; j < M; j++)
    row[j] = x + j;
}

static double energy(int n);
static double weighted(double v[N], int n);

int main(void) {
  int i, j, t;
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      a[i][j] = (double)((i * 7 + j * 3) % 13) / 13.0;
  for (i = 0; i < N; i++)
    w[i] = 1.0 + i % 4;
  for (t = 0; t < 5; t++)
    step(0.125);
  for (t = 0; t < 3; t++)
    scale(w, N, 0.5 + t);
  for (t = 0; t < 2; t++) {
    double total = 1.0; /* hides the global the helper updates */
    accumulate();
    w[t] += total;
  }
  for (t = 0; t < 2; t++)
    fill_row(w, 2.0 + t);
  for (t = 0; t < 2; t++)
    scale(&w[8], 8, 2.0); /* a pointer into an array: not inlined */
  double s = 0.0;
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      s += a[i][j];
  double e = 0.0;
  for (t = 0; t < 3; t++) {
    double part = energy(N - t);
    e += weighted(w, N - t);
    e = e + part;
  }
  printf("%.12f %.12f %d %.6f %.6f %.6f %.9f\n", s, total, calls, w[0], w[9], w[N - 1], e);
  return 0;
}

/* Functions with a value, defined after their callers, whose bodies are more than a
   `return`: inlined where a declaration or an assignment takes their value. */
static double energy(int n) {
  double sum = 0.0;
  int i, j;
  for (i = 0; i < n; i++)
    for (j = 0; j < M; j++)
      sum += a[i][j] * a[i][j];
  return 0.5 * sum;
}

static double weighted(double v[N], int n) {
  double acc = 0.0;
  int i;
  for (i = 0; i < n; i++)
    acc += v[i] * (i % 3);
  return acc;
}
