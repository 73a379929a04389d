// run: --set n=40 --set steps=3
/* Helpers called as statements, inlined: a smoothing step on the arrays it is given (called
   with the two arrays swapped), a scaling whose factor parameter the body reassigns, and a
   norm whose value an assignment takes. */
static void smooth(int n, double src[n], double dst[n], double k) {
  for (int i = 1; i < n - 1; i++)
    dst[i] = src[i] + k * (src[i - 1] - 2.0 * src[i] + src[i + 1]);
}

static void damp(int n, double v[n], double f) {
  for (int i = 0; i < n; i++)
    v[i] = v[i] * f;
  f = f * 0.5;
  v[0] = f;
}

static double norm2(int n, double v[n]) {
  double s = 0.0;
  for (int i = 0; i < n; i++)
    s += v[i] * v[i];
  return s;
}

void inlined(int n, int steps, double A[n], double B[n], double R[steps])
{
#pragma scop
  for (int t = 0; t < steps; t++) {
    smooth(n, A, B, 0.25);
    smooth(n, B, A, 0.125);
    damp(n, A, 0.999);
    R[t] = norm2(n, B);
  }
#pragma endscop
}
