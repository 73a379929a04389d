// run: --set n=50 --set m=60
/* Figure 7 with B[100][100]: the in-bounds assumption is m <= 100 once n <= 0 is dropped. */
void transpose(int n, int m, double A[m][n], double B[100][100])
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      A[j][i] = B[i][j];
}
