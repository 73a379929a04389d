// run: --set ni=20 --set nj=25 --set nk=30 --set alpha=1.5 --set beta=1.2
/* gemm_ijk.c as a compiler leaves it after promoting C[i][j] to a register: the accumulator
   `acc` becomes C[i][j] again after DeLICM. */
void gemm_ijk(int ni, int nj, int nk, double alpha, double beta,
              double C[ni][nj], double A[ni][nk], double B[nk][nj])
{
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++) {
      double acc = C[i][j] * beta;
      for (int k = 0; k < nk; k++)
        acc += alpha * A[i][k] * B[k][j];
      C[i][j] = acc;
    }
}
