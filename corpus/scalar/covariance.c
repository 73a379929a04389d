// run: --set n=16 --set m=12 --set float_n=16.0
/* covariance.c with scalar sums: the mean and each covariance accumulate in a scalar. */
void covariance(int m, int n, double float_n, double data[n][m], double cov[m][m], double mean[m])
{
  for (int j = 0; j < m; j++) {
    double s = 0.0;
    for (int i = 0; i < n; i++)
      s += data[i][j];
    mean[j] = s / float_n;
  }
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      data[i][j] = data[i][j] - mean[j];
  for (int i = 0; i < m; i++)
    for (int j = i; j < m; j++) {
      double c = 0.0;
      for (int k = 0; k < n; k++)
        c += data[k][i] * data[k][j];
      c = c / (float_n - 1.0);
      cov[i][j] = c;
      cov[j][i] = c;
    }
}
