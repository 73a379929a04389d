// run: --set n=18 --set m=13 --set alpha=1.5 --set beta=0.5
/* A rank-k update of the lower triangle, C := alpha*A*A^T + beta*C, reduction innermost. */
void syrk(int n, int m, double alpha, double beta, double C[n][n], double A[n][m])
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= i; j++) {
      C[i][j] = C[i][j] * beta;
      for (int k = 0; k < m; k++)
        C[i][j] += alpha * A[i][k] * A[j][k];
    }
}
