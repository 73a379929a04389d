/* Monte Carlo estimate with the program's own generator (state in a global), then tallies. */
#include <stdio.h>
#define SAMPLES 4096
static unsigned int seed = 12345u;
static double xs[SAMPLES], ys[SAMPLES];
static int inside[SAMPLES];
static unsigned int next_random(void) {
  seed = seed * 1103515245u + 12345u;
  return (seed >> 8) & 0xffffu;
}
int main(void) {
  int i;
  for (i = 0; i < SAMPLES; i++) {
    xs[i] = next_random() / 65536.0;
    ys[i] = next_random() / 65536.0;
  }
  for (i = 0; i < SAMPLES; i++)
    inside[i] = xs[i] * xs[i] + ys[i] * ys[i] <= 1.0;
  int hits = 0;
  for (i = 0; i < SAMPLES; i++)
    hits += inside[i];
  printf("pi ~ %.6f\n", 4.0 * hits / SAMPLES);
  return 0;
}
