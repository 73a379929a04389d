// run: --set n=25 --set m=19 --set threshold=0.5
/* Conditionals on iterators and on data, `?:`, `&&`, `||` and `!`. */
void cond(int n, int m, double threshold, double A[n][m], double B[n][m], int count[n])
{
  for (int i = 0; i < n; i++) {
    count[i] = 0;
    for (int j = 0; j < m; j++) {
      if (i % 3 == 0 && j > i / 2)
        A[i][j] = A[i][j] * 2.0;
      else if (!(j % 4) || i == j)
        A[i][j] = -A[i][j];
      B[i][j] = A[i][j] > threshold ? A[i][j] - threshold : threshold;
      if (B[i][j] >= threshold)
        count[i] += 1;
    }
  }
}
