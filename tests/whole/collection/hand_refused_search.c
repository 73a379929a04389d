/* A search that stops at the first match: its loop does not count, so the region stays as written. */
#include <stdio.h>
#define N 100
int keys[N];
int main(void) {
  int i, found;
  for (i = 0; i < N; i++)
    keys[i] = (i * 37) % 101;
  found = -1;
#pragma scop
  i = 0;
  while (i < N && found < 0) {
    if (keys[i] == 42)
      found = i;
    i = i + 1;
  }
#pragma endscop
  printf("%d %d\n", found, i);
  return 0;
}
