/* nussinov: a whole program in the static_fn style, for optimist's tests (written for them). */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#define N 40
static unsigned long long hash_bytes(unsigned long long h, const void *p, size_t len) {
  const unsigned char *b = p;
  for (size_t q = 0; q < len; q++) {
    h ^= b[q];
    h *= 1099511628211ull;
  }
  return h;
}
int seq[N];
int table[N][N];
static int n = N;
static void kernel_nussinov(void) {
  int i, j, k, l;
#pragma scop
  for (i = n - 1; i >= 0; i--)
    for (j = i + 1; j < n; j++) {
      if (j - 1 >= 0)
        table[i][j] = table[i][j] > table[i][j - 1] ? table[i][j] : table[i][j - 1];
      if (i + 1 < n)
        table[i][j] = table[i][j] > table[i + 1][j] ? table[i][j] : table[i + 1][j];
      if (j - 1 >= 0 && i + 1 < n) {
        if (i < j - 1)
          table[i][j] = table[i][j] > table[i + 1][j - 1] + (seq[i] + seq[j] == 3 ? 1 : 0)
            ? table[i][j] : table[i + 1][j - 1] + (seq[i] + seq[j] == 3 ? 1 : 0);
        else
          table[i][j] = table[i][j] > table[i + 1][j - 1] ? table[i][j] : table[i + 1][j - 1];
      }
      for (k = i + 1; k < j; k++)
        table[i][j] = table[i][j] > table[i][k] + table[k + 1][j] ? table[i][j] : table[i][k] + table[k + 1][j];
    }
#pragma endscop
}
int main() {
  int i, j, k, l;
  for (i = 0; i < n; i++)
    seq[i] = (i * 5 + 1) % 4;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      table[i][j] = 0;
  kernel_nussinov();
  unsigned long long checksum = 14695981039346656037ull;
  checksum = hash_bytes(checksum, seq, sizeof(int) * (size_t)n);
  checksum = hash_bytes(checksum, table, sizeof(int) * (size_t)n * (size_t)n);
  printf("nussinov %016llx\n", checksum);
  return 0;
}
