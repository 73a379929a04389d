/* Interleaved samples: a stereo signal split into channels with the counter stepped in the
   body, a decimation whose start is set before its loop, a pass that counts down in steps of
   three, and the positions the loops stopped at, printed after them. */
#include <stdio.h>
#define LEN 4096
static float pcm[LEN], left[LEN / 2], right[LEN / 2], low[LEN / 4];
int main(void) {
  int i, o, d;
  for (i = 0; i < LEN; i++)
    pcm[i] = (float)((i * 29) % 97) / 97.0f - 0.5f;
  o = 0;
  for (i = 0; i < LEN;) {
    left[i / 2] = pcm[i];
    right[i / 2] = pcm[i + 1];
    i += 2;
  }
  d = 1;
  for (; d < LEN / 4; d++) {
    low[d] = 0.25f * (left[2 * d - 1] + 2.0f * left[2 * d] + left[2 * d + 1]);
  }
  for (i = LEN / 2 - 1; i >= 2; i--) {
    right[i] = right[i] - 0.5f * right[i - 2];
    i -= 2;
  }
  float s = 0.0f;
  for (o = 0; o < LEN / 4; o++)
    s += low[o] * low[o];
  printf("%d %d %d %.6f %.6f %.6f\n", i, d, o, (double)s, (double)left[100], (double)right[LEN / 2 - 1]);
  return 0;
}
