/* Prefix sums, a stream compaction by the sums, and a segmented maximum (no pragmas). */
#include <stdio.h>
#define N 3000
static int val[N], flag[N], pre[N + 1], packed[N];
static int segmax[N / 10];
int main(void) {
  int i, s;
  for (i = 0; i < N; i++) {
    val[i] = (i * 29) % 97 - 40;
    flag[i] = val[i] > 0;
  }
  pre[0] = 0;
  for (i = 0; i < N; i++)
    pre[i + 1] = pre[i] + flag[i];
  for (i = 0; i < N; i++)
    if (flag[i])
      packed[pre[i]] = val[i];
  for (s = 0; s < N / 10; s++) {
    int m = val[10 * s];
    for (i = 1; i < 10; i++)
      m = val[10 * s + i] > m ? val[10 * s + i] : m;
    segmax[s] = m;
  }
  long sum = 0;
  for (s = 0; s < N / 10; s++)
    sum += segmax[s];
  printf("%d %d %ld\n", pre[N], packed[pre[N] / 2], sum);
  return 0;
}
