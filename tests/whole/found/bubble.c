/* Sorting and searching: a bubble sort with early exit, a binary search, a median. */
#include <stdio.h>
#define N 300
static int v[N];
int main(void) {
  int i, j, swapped;
  for (i = 0; i < N; i++)
    v[i] = (i * 71) % 257;
  for (i = 0; i < N - 1; i++) {
    swapped = 0;
    for (j = 0; j < N - 1 - i; j++)
      if (v[j] > v[j + 1]) {
        int t = v[j];
        v[j] = v[j + 1];
        v[j + 1] = t;
        swapped = 1;
      }
    if (!swapped)
      break;
  }
  int lo = 0, hi = N - 1, key = 100, at = -1;
  while (lo <= hi) {
    int mid = (lo + hi) / 2;
    if (v[mid] == key) { at = mid; break; }
    if (v[mid] < key) lo = mid + 1; else hi = mid - 1;
  }
  printf("%d %d %d %d\n", v[0], v[N / 2], v[N - 1], at);
  return 0;
}
