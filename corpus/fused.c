// run: --set n=23 --set m=19 --set p=17 --set alpha=1.37
/* C99's `fma` written by the program (rounded once): a product accumulated by `fma` (a fused
   micro-kernel where the CPU has FMA), a loop of `fmaf` in lanes, and `fma` beside products
   and sums it is not part of. */
void fused(int n, int m, int p, double alpha, double C[n][m], double A[n][p], double B[p][m],
           float X[m], float Y[m], double D[n])
{
  for (int i = 0; i < n; i++)
    for (int k = 0; k < p; k++)
      for (int j = 0; j < m; j++)
        C[i][j] = fma(alpha * A[i][k], B[k][j], C[i][j]);
  for (int j = 0; j < m; j++)
    Y[j] = fmaf(X[j], Y[j], 0.5f) + X[j] * 1.5f;
  for (int i = 0; i < n; i++)
    D[i] = fma(A[i][0], A[i][0], -D[i]) * 0.5 + A[i][p - 1];
}
