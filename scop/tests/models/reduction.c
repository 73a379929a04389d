/* A scalar accumulator: a zero-dimensional array written and read in every iteration. */
void sum_rows(int n, int m, double A[n][m], double out[n])
{
  double s;
  for (int i = 0; i < n; i++) {
    s = 0.0;
    for (int j = 0; j < m; j++)
      s = s + A[i][j];
    out[i] = s;
  }
}
