/* Letter statistics over a generated text in a char buffer: counts, case folding, runs. */
#include <stdio.h>
#define LEN 4000
static char text[LEN];
static int counts[26];
static char folded[LEN];
int main(void) {
  int i;
  for (i = 0; i < LEN; i++)
    text[i] = (char)((i * 7) % 31 < 26 ? 'a' + (i * 7) % 31 : ((i % 3) ? ' ' : 'A' + i % 26));
  for (i = 0; i < 26; i++)
    counts[i] = 0;
  for (i = 0; i < LEN; i++)
    if (text[i] >= 'a' && text[i] <= 'z')
      counts[text[i] - 'a']++;
  for (i = 0; i < LEN; i++)
    folded[i] = (text[i] >= 'A' && text[i] <= 'Z') ? text[i] + ('a' - 'A') : text[i];
  int longest = 0, run = 0;
  for (i = 0; i < LEN; i++) {
    run = folded[i] == ' ' ? 0 : run + 1;
    longest = run > longest ? run : longest;
  }
  printf("%d %d %d\n", counts[0], counts[25], longest);
  return 0;
}
