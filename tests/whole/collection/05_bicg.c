/* bicg: a whole program in the argv style, for optimist's tests (written for them). */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#define M 36
#define N 40
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
  int m = argc > 1 ? atoi(argv[1]) : M;
  int n = argc > 2 ? atoi(argv[2]) : N;
  double (*A)[m] = malloc(sizeof(double) * (size_t)n * (size_t)m);
  double *s = malloc(sizeof(double) * (size_t)m);
  double *q = malloc(sizeof(double) * (size_t)n);
  double *p = malloc(sizeof(double) * (size_t)m);
  double *r = malloc(sizeof(double) * (size_t)n);
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      A[i][j] = (double)((i * 7 + j * 13 + 0) % 27) / 27.0 + 0.5;
  for (i = 0; i < m; i++)
    s[i] = (double)((i * 7 + 0) % 22) / 22.0 + 0.5;
  for (i = 0; i < n; i++)
    q[i] = (double)((i * 7 + 3) % 20) / 20.0 + 0.5;
  for (i = 0; i < m; i++)
    p[i] = (double)((i * 7 + 2) % 19) / 19.0 + 0.5;
  for (i = 0; i < n; i++)
    r[i] = (double)((i * 7 + 4) % 21) / 21.0 + 0.5;
#pragma scop
  for (i = 0; i < m; i++)
    s[i] = 0;
  for (i = 0; i < n; i++) {
    q[i] = 0.0;
    for (j = 0; j < m; j++) {
      s[j] = s[j] + r[i] * A[i][j];
      q[i] = q[i] + A[i][j] * p[j];
    }
  }
#pragma endscop
  unsigned long long checksum = 14695981039346656037ull;
  checksum = hash_bytes(checksum, A, sizeof(double) * (size_t)n * (size_t)m);
  checksum = hash_bytes(checksum, s, sizeof(double) * (size_t)m);
  checksum = hash_bytes(checksum, q, sizeof(double) * (size_t)n);
  checksum = hash_bytes(checksum, p, sizeof(double) * (size_t)m);
  checksum = hash_bytes(checksum, r, sizeof(double) * (size_t)n);
  printf("bicg %016llx\n", checksum);
  free(A);
  free(s);
  free(q);
  free(p);
  free(r);
  return 0;
}
