// run: --set nr=6 --set nq=7 --set np=8
// bench: --set nr=150 --set nq=140 --set np=160
/* Multiresolution analysis kernel: each row of A multiplied by C4, through sum. */
void doitgen(int nr, int nq, int np, double A[nr][nq][np], double C4[np][np], double sum[np])
{
  for (int r = 0; r < nr; r++)
    for (int q = 0; q < nq; q++) {
      for (int p = 0; p < np; p++) {
        sum[p] = 0.0;
        for (int s = 0; s < np; s++)
          sum[p] += A[r][q][s] * C4[s][p];
      }
      for (int p = 0; p < np; p++)
        A[r][q][p] = sum[p];
    }
}
