/* A region that prints from inside: it cannot be a kernel, and stays as written with the reason. */
#include <stdio.h>
#define N 10
double v[N];
int main(void) {
  int i;
  for (i = 0; i < N; i++)
    v[i] = i * 1.5;
#pragma scop
  for (i = 0; i < N; i++) {
    v[i] = v[i] * v[i];
    printf("%d %a\n", i, v[i]);
  }
#pragma endscop
  return 0;
}
