// run: --set n=50
/* The pure math functions in double and float precision. */
void mathy(int n, double X[n], float Y[n], double Z[n])
{
  for (int i = 0; i < n; i++) {
    double x = X[i] + 0.25;
    Z[i] = sqrt(x) + exp(x) - log(x) + pow(x, 1.5) + fabs(-x) + fmin(x, 0.5) + fmax(x, 0.5)
         + floor(x * 3.0) + ceil(x * 3.0);
    float y = Y[i] + 0.5f;
    Y[i] = sqrtf(y) + expf(y) * logf(y) - powf(y, 2.5f) + fabsf(-y) + fminf(y, 0.75f)
         + fmaxf(y, 0.75f) + floorf(y * 5.0f) + ceilf(y * 5.0f);
  }
}
