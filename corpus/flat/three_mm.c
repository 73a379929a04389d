// run: --set ni=10 --set nj=11 --set nk=12 --set nl=13 --set nm=14 --len E=110 --len A=120 --len B=132 --len F=143 --len C=154 --len D=182 --len G=130
/* three_mm.c with flat pointers: seven arrays, each with its own row length. */
void kernel_3mm(int ni, int nj, int nk, int nl, int nm,
                double *E, double *A, double *B, double *F, double *C, double *D, double *G)
{
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++) {
      E[i * nj + j] = 0.0;
      for (int k = 0; k < nk; ++k)
        E[i * nj + j] += A[i * nk + k] * B[k * nj + j];
    }
  for (int i = 0; i < nj; i++)
    for (int j = 0; j < nl; j++) {
      F[i * nl + j] = 0.0;
      for (int k = 0; k < nm; ++k)
        F[i * nl + j] += C[i * nm + k] * D[k * nl + j];
    }
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nl; j++) {
      G[i * nl + j] = 0.0;
      for (int k = 0; k < nj; ++k)
        G[i * nl + j] += E[i * nj + k] * F[k * nl + j];
    }
}
