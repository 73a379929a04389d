/* Hand-tiled product with the macros tiling tools print: floord, ceild, min, max. */
#include <stdio.h>
#define N 70
#define floord(n, d) (((n) < 0) ? -((-(n) + (d) - 1) / (d)) : (n) / (d))
#define ceild(n, d) (((n) < 0) ? -((-(n)) / (d)) : ((n) + (d) - 1) / (d))
#define max(x, y) ((x) > (y) ? (x) : (y))
#define min(x, y) ((x) < (y) ? (x) : (y))
double A[N][N], B[N][N], C[N][N];
int main() {
  int i, j, k, t1, t2, t3;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      A[i][j] = (i * j % 11) / 11.0;
      B[i][j] = (i + 2 * j) % 7 / 7.0;
      C[i][j] = 0;
    }
#pragma scop
  for (t1 = 0; t1 <= floord(N - 1, 16); t1++)
    for (t2 = 0; t2 <= floord(N - 1, 16); t2++)
      for (t3 = 0; t3 <= floord(N - 1, 16); t3++)
        for (i = 16 * t1; i <= min(N - 1, 16 * t1 + 15); i++)
          for (k = 16 * t3; k <= min(N - 1, 16 * t3 + 15); k++)
            for (j = max(0, 16 * t2); j <= min(N - 1, 16 * t2 + 15); j++)
              C[i][j] += A[i][k] * B[k][j];
#pragma endscop
  double s = 0;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      s += C[i][j] * (i + 1);
  printf("%a\n", s);
  return 0;
}
