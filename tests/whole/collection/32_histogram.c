/* histogram: a whole program in the malloc style, for optimist's tests (written for them). */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#define N 200
#define BINS 16
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
  int bins = BINS;
  int *data = malloc(sizeof(int) * (size_t)N);
  int *hist = malloc(sizeof(int) * (size_t)BINS);
  for (i = 0; i < n; i++)
    data[i] = (i * 37 + 11) % 16;
  for (i = 0; i < bins; i++)
    hist[i] = 0;
#pragma scop
  for (i = 0; i < n; i++)
    hist[data[i]] += 1;
#pragma endscop
  unsigned long long checksum = 14695981039346656037ull;
  checksum = hash_bytes(checksum, data, sizeof(int) * (size_t)n);
  checksum = hash_bytes(checksum, hist, sizeof(int) * (size_t)bins);
  printf("histogram %016llx\n", checksum);
  free(data);
  free(hist);
  return 0;
}
