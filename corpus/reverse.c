// run: --set n=11 --set m=9
/* Each row reversed and scaled: a subscript with the size parameter in it (`n - 1 - j`). */
void reverse_rows(int n, int m, double A[m][n], double B[m][n])
{
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      B[i][j] = 0.5 * A[i][n - 1 - j] + B[i][j];
}
