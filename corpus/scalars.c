// run: --set n=32 --set m=8
/* Local scalars as accumulators and temporaries; a scalar parameter written by the kernel. */
void dots(int n, int m, double A[m][n], double B[n], double out[m], double total[1])
{
  double s;
  double acc = 0.0;
  for (int i = 0; i < m; i++) {
    s = 0.0;
    for (int j = 0; j < n; j++) {
      double prod = A[i][j] * B[j];
      s += prod;
    }
    out[i] = s;
    acc = acc + s * 0.5;
  }
  total[0] = acc;
  n = n + 1;
}
