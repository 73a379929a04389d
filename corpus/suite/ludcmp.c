// run: --set n=14
// bench: --set n=1500
/* LU decomposition with the running value in a scalar, then the forward and the backward
   substitution that solve A x = b with it. */
void ludcmp(int n, double A[n][n], double b[n], double x[n], double y[n])
{
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < i; j++) {
      double w = A[i][j];
      for (int k = 0; k < j; k++)
        w -= A[i][k] * A[k][j];
      A[i][j] = w / A[j][j];
    }
    for (int j = i; j < n; j++) {
      double w = A[i][j];
      for (int k = 0; k < i; k++)
        w -= A[i][k] * A[k][j];
      A[i][j] = w;
    }
  }
  for (int i = 0; i < n; i++) {
    double w = b[i];
    for (int j = 0; j < i; j++)
      w -= A[i][j] * y[j];
    y[i] = w;
  }
  for (int i = n - 1; i >= 0; i--) {
    double w = y[i];
    for (int j = i + 1; j < n; j++)
      w -= A[i][j] * x[j];
    x[i] = w / A[i][i];
  }
}
