// run: --set ni=12 --set nj=13 --set nk=14 --set nl=15 --set alpha=1.5 --set beta=1.2
// bench: --set ni=800 --set nj=900 --set nk=1100 --set nl=1200 --set alpha=1.5 --set beta=1.2
/* Two chained products: D = alpha A B C + beta D. */
void two_mm(int ni, int nj, int nk, int nl, double alpha, double beta,
            double tmp[ni][nj], double A[ni][nk], double B[nk][nj], double C[nj][nl],
            double D[ni][nl])
{
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++) {
      tmp[i][j] = 0.0;
      for (int k = 0; k < nk; ++k)
        tmp[i][j] += alpha * A[i][k] * B[k][j];
    }
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nl; j++) {
      D[i][j] *= beta;
      for (int k = 0; k < nj; ++k)
        D[i][j] += tmp[i][k] * C[k][j];
    }
}
