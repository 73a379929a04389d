/* bubble_pass: a whole program in the malloc style, for optimist's tests (written for them). */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#define N 64
static unsigned long long hash_bytes(unsigned long long h, const void *p, size_t len) {
  const unsigned char *b = p;
  for (size_t q = 0; q < len; q++) {
    h ^= b[q];
    h *= 1099511628211ull;
  }
  return h;
}
int main(int argc, char **argv) {
  int i, j, k, l;
  int n = N;
  int tmp = 0;
  int *a = malloc(sizeof(int) * (size_t)N);
  for (i = 0; i < n; i++)
    a[i] = (i * 41 + 7) % 64;
#pragma scop
  for (i = 0; i < n - 1; i++)
    for (j = 0; j < n - 1 - i; j++) {
      tmp = a[j] > a[j + 1] ? a[j + 1] : a[j];
      a[j + 1] = a[j] > a[j + 1] ? a[j] : a[j + 1];
      a[j] = tmp;
    }
#pragma endscop
  unsigned long long checksum = 14695981039346656037ull;
  checksum = hash_bytes(checksum, a, sizeof(int) * (size_t)n);
  printf("bubble_pass %016llx\n", checksum);
  free(a);
  return 0;
}
