/* A product C = alpha A B + beta C, PolyBench's layout: sizes as macros, the arrays allocated
   by main, timing around the call. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#define NI 200
#define NJ 220
#define NK 240
static void kernel_gemm(int ni, int nj, int nk, double alpha, double beta,
                        double C[NI][NJ], double A[NI][NK], double B[NK][NJ]) {
  int i, j, k;
#pragma scop
  for (i = 0; i < ni; i++) {
    for (j = 0; j < nj; j++)
      C[i][j] *= beta;
    for (k = 0; k < nk; k++)
      for (j = 0; j < nj; j++)
        C[i][j] += alpha * A[i][k] * B[k][j];
  }
#pragma endscop
}
int main(int argc, char **argv) {
  double (*A)[NK] = malloc(sizeof(double[NI][NK]));
  double (*B)[NJ] = malloc(sizeof(double[NK][NJ]));
  double (*C)[NJ] = malloc(sizeof(double[NI][NJ]));
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      C[i][j] = (double)((i * j + 1) % NI) / NI;
  for (int i = 0; i < NI; i++)
    for (int k = 0; k < NK; k++)
      A[i][k] = (double)(i * (k + 1) % NK) / NK;
  for (int k = 0; k < NK; k++)
    for (int j = 0; j < NJ; j++)
      B[k][j] = (double)(k * (j + 2) % NJ) / NJ;
  clock_t t0 = clock();
  kernel_gemm(NI, NJ, NK, 1.5, 1.2, C, A, B);
  if (argc > 1) fprintf(stderr, "%f s\n", (double)(clock() - t0) / CLOCKS_PER_SEC);
  unsigned long long h = 14695981039346656037ull;
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++) {
      unsigned long long b;
      memcpy(&b, &C[i][j], 8);
      h = (h ^ b) * 1099511628211ull;
    }
  printf("%016llx\n", h);
  free(A); free(B); free(C);
  return 0;
}
