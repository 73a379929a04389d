// run: --set n=33 --set scale=2.5
/* float and double mixed: single-precision arithmetic, conversions both ways and to int. */
void mix(int n, float scale, float F[n], double D[n], int I[n])
{
  for (int i = 0; i < n; i++) {
    float f = F[i] * scale + 0.1f;
    double d = D[i] * scale + 0.1;
    F[i] = f * f - (float)d;
    D[i] = d * f + F[i];
    I[i] = (int)(d * 100.0) - (int)f;
  }
}
