// run: --set n=20 --set m=15 --set alpha=1.5 --set beta=1.2
// bench: --set n=1200 --set m=1000 --set alpha=1.5 --set beta=1.2
/* Symmetric rank-2k update of the lower triangle: C = alpha (A B^T + B A^T) + beta C. */
void syr2k(int n, int m, double alpha, double beta, double C[n][n], double A[n][m],
           double B[n][m])
{
  for (int i = 0; i < n; i++) {
    for (int j = 0; j <= i; j++)
      C[i][j] *= beta;
    for (int k = 0; k < m; k++)
      for (int j = 0; j <= i; j++)
        C[i][j] += A[j][k] * alpha * B[i][k] + B[j][k] * alpha * A[i][k];
  }
}
