// run: --set n=16
/* C labels on loops, statements and blocks: the loop tags of transformation scripts. */
void tagged(int n, double C[n][n], double A[n][n], double B[n][n])
{
Outer:
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
Init: C[i][j] = 0.0;
Mult: for (int k = 0; k < n; k++)
        C[i][j] += A[i][k] * B[k][j];
    }
Post: {
    for (int i = 0; i < n; i++)
      C[i][i] = C[i][i] + 1.0;
  }
}
