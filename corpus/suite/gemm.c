// run: --set ni=20 --set nj=25 --set nk=30 --set alpha=1.5 --set beta=1.2
// bench: --set ni=1000 --set nj=1100 --set nk=1200 --set alpha=1.5 --set beta=1.2
/* Dense linear algebra: C = alpha A B + beta C, in PolyBench's i-k-j order. */
void gemm(int ni, int nj, int nk, double alpha, double beta,
          double C[ni][nj], double A[ni][nk], double B[nk][nj])
{
  for (int i = 0; i < ni; i++) {
    for (int j = 0; j < nj; j++)
      C[i][j] *= beta;
    for (int k = 0; k < nk; k++)
      for (int j = 0; j < nj; j++)
        C[i][j] += alpha * A[i][k] * B[k][j];
  }
}
