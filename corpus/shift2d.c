// run: --set n=15 --set m=12
/* Offsets in both subscripts: each row reads the next row shifted left. */
void shift2d(int n, int m, double A[n][m], double B[n][m])
{
  for (int i = 0; i < n - 1; i++)
    for (int j = 1; j < m; j++)
      B[i][j] = A[i + 1][j - 1] * 0.5 + B[i][j - 1];
}
