// run: --set ni=10 --set nj=11 --set nk=12 --set nl=13 --set nm=14
// bench: --set ni=800 --set nj=900 --set nk=1000 --set nl=1100 --set nm=1200
/* Three chained products: G = (A B) (C D). */
void three_mm(int ni, int nj, int nk, int nl, int nm,
              double E[ni][nj], double A[ni][nk], double B[nk][nj], double F[nj][nl],
              double C[nj][nm], double D[nm][nl], double G[ni][nl])
{
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++) {
      E[i][j] = 0.0;
      for (int k = 0; k < nk; ++k)
        E[i][j] += A[i][k] * B[k][j];
    }
  for (int i = 0; i < nj; i++)
    for (int j = 0; j < nl; j++) {
      F[i][j] = 0.0;
      for (int k = 0; k < nm; ++k)
        F[i][j] += C[i][k] * D[k][j];
    }
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nl; j++) {
      G[i][j] = 0.0;
      for (int k = 0; k < nj; ++k)
        G[i][j] += E[i][k] * F[k][j];
    }
}
