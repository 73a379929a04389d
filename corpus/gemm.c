// run: --set ni=20 --set nj=25 --set nk=30 --set alpha=1.5 --set beta=1.2
static void kernel_gemm(int ni, int nj, int nk, double alpha, double beta,
                        double C[20][25], double A[20][30], double B[30][25])
{
  int i, j, k;
#pragma scop
  for (i = 0; i < ni; i++) {
    for (j = 0; j < nj; j++)
      C[i][j] *= beta;
    for (k = 0; k < nk; k++) {
      for (j = 0; j < nj; j++)
        C[i][j] += alpha * A[i][k] * B[k][j];
    }
  }
#pragma endscop
}
