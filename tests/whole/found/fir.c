/* Signal processing: a FIR filter, a moving average, decimation and peak search. */
#include <stdio.h>
#define LEN 2048
#define TAPS 16
static float sig[LEN + TAPS], out[LEN], avg[LEN], dec[LEN / 4];
static const float taps[TAPS] = {0.01f, 0.02f, 0.04f, 0.07f, 0.1f, 0.12f, 0.14f, 0.15f, 0.15f, 0.14f, 0.12f, 0.1f, 0.07f, 0.04f, 0.02f, 0.01f};
int main(void) {
  int n, t;
  for (n = 0; n < LEN + TAPS; n++)
    sig[n] = (float)((n * 37) % 64) / 32.0f - 1.0f;
  for (n = 0; n < LEN; n++) {
    float acc = 0.0f;
    for (t = 0; t < TAPS; t++)
      acc += taps[t] * sig[n + t];
    out[n] = acc;
  }
  avg[0] = out[0];
  for (n = 1; n < LEN; n++)
    avg[n] = 0.9f * avg[n - 1] + 0.1f * out[n];
  for (n = 0; n < LEN / 4; n++)
    dec[n] = out[4 * n];
  int peak = 0;
  for (n = 1; n < LEN / 4; n++)
    if (dec[n] > dec[peak])
      peak = n;
  printf("%d %.6f %.6f\n", peak, dec[peak], avg[LEN - 1]);
  return 0;
}
