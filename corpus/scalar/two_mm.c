// run: --set ni=12 --set nj=14 --set nk=9 --set nl=11 --set alpha=1.5 --set beta=0.75
/* two_mm.c with its accumulators promoted to one scalar that serves both products (paper 002):
   DeLICM maps each of its two webs onto the element it is stored to. */
void kernel_2mm(int ni, int nj, int nk, int nl, double alpha, double beta,
                double tmp[ni][nj], double A[ni][nk], double B[nk][nj],
                double C[nj][nl], double D[ni][nl])
{
  double acc;
#pragma scop
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++) {
      acc = 0.0;
      for (int k = 0; k < nk; ++k)
        acc += alpha * A[i][k] * B[k][j];
      tmp[i][j] = acc;
    }
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nl; j++) {
      acc = D[i][j] * beta;
      for (int k = 0; k < nj; ++k)
        acc += tmp[i][k] * C[k][j];
      D[i][j] = acc;
    }
#pragma endscop
}
