/* Character data: counting a letter with a character constant, in a loop that breaks out of nothing. */
#include <stdio.h>
#include <string.h>
#define N 64
char text[N];
int counts[N];
int main(int argc, char *argv[]) {
  int i, j;
  for (i = 0; i < N; i++)
    text[i] = "the quick brown fox jumps over the lazy dog"[i % 43];
#pragma scop
  for (i = 0; i < N; i++) {
    counts[i] = 0;
    for (j = 0; j <= i; j++)
      counts[i] += text[j] == 'o' ? 1 : 0;
  }
#pragma endscop
  for (i = 0; i < N; i += 8)
    printf("%d ", counts[i]);
  printf("\n");
  return 0;
}
