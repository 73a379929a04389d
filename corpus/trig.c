// run: --set n=24 --set m=20
/* The trigonometric, hyperbolic and other math functions of the C library, in double and
   float: a twiddle table and a 2-D field computed from it, as signal-processing code does. */
void trig(int n, int m, double W[n][2], double F[n][m], float G[n][m], double P[n])
{
  for (int k = 0; k < n; k++) {
    double t = 6.283185307179586 * k / n;
    W[k][0] = cos(t) + sinh(t * 0.125) - cosh(t * 0.0625);
    W[k][1] = -sin(t) + tanh(t - 3.0) + atan(t) + tan(t * 0.1);
  }
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      double x = W[i][0] * (j + 1) + P[i];
      F[i][j] = atan2(W[i][1], x) + hypot(x, W[i][0]) + fmod(x * 7.5, 2.25) + cbrt(x)
              + trunc(x * 3.5) + round(x * 2.5) + exp2(x * 0.5) + log2(fabs(x) + 1.0)
              + log10(fabs(x) + 2.0) + asin(x / (fabs(x) + 1.0)) + acos(0.5 * W[i][0]);
      float y = (float)F[i][j] * 0.25f;
      G[i][j] = sinf(y) * cosf(y) + tanf(y * 0.5f) + atan2f(y, 1.5f) + hypotf(y, 2.0f)
              + fmodf(y, 0.75f) + cbrtf(y) + truncf(y * 3.0f) + roundf(y * 1.5f)
              + exp2f(y * 0.25f) + log2f(fabsf(y) + 1.0f) + log10f(fabsf(y) + 3.0f)
              + sinhf(y * 0.5f) + coshf(y * 0.25f) + tanhf(y) + asinf(y / (fabsf(y) + 1.0f))
              + acosf(0.25f);
    }
}
