// run: --set m=15 --set n=20 --set alpha=1.5
// bench: --set m=1000 --set n=1200 --set alpha=1.5
/* Triangular matrix product: B = alpha A^T B with A unit lower triangular. */
void trmm(int m, int n, double alpha, double A[m][m], double B[m][n])
{
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      for (int k = i + 1; k < m; k++)
        B[i][j] += A[k][i] * B[k][j];
      B[i][j] = alpha * B[i][j];
    }
}
