// run: --set ni=12 --set nj=14 --set nk=9 --set nl=11 --set alpha=1.5 --set beta=0.75 --len tmp=168 --len A=108 --len B=126 --len C=154 --len D=132
/* two_mm.c with flat pointers of five different shapes. */
void kernel_2mm(int ni, int nj, int nk, int nl, double alpha, double beta,
                double *tmp, double *A, double *B, double *C, double *D)
{
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++) {
      tmp[i * nj + j] = 0.0;
      for (int k = 0; k < nk; ++k)
        tmp[i * nj + j] += alpha * A[i * nk + k] * B[k * nj + j];
    }
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nl; j++) {
      D[i * nl + j] *= beta;
      for (int k = 0; k < nj; ++k)
        D[i * nl + j] += tmp[i * nj + k] * C[k * nl + j];
    }
}
