// run: --set n=12 --set m=7
/* A kernel that returns what it computes, as C people write it: a reduction kept in a local
   scalar and returned, after a loop nest that also writes an array. */
double returns(int n, int m, double A[n][m], double x[m], double y[n])
{
  double total = 0.0;
  for (int i = 0; i < n; i++) {
    y[i] = 0.0;
    for (int j = 0; j < m; j++)
      y[i] += A[i][j] * x[j];
  }
  for (int i = 0; i < n; i++)
    total += y[i] * y[i];
  return total / n;
}
