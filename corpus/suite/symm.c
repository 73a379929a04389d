// run: --set m=15 --set n=20 --set alpha=1.5 --set beta=1.2
// bench: --set m=1000 --set n=1200 --set alpha=1.5 --set beta=1.2
/* Symmetric matrix product C = alpha A B + beta C, A symmetric stored in its lower triangle. */
void symm(int m, int n, double alpha, double beta, double C[m][n], double A[m][m],
          double B[m][n])
{
  double temp2;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      temp2 = 0;
      for (int k = 0; k < i; k++) {
        C[k][j] += alpha * B[i][j] * A[i][k];
        temp2 += B[k][j] * A[i][k];
      }
      C[i][j] = beta * C[i][j] + alpha * B[i][j] * A[i][i] + alpha * temp2;
    }
}
