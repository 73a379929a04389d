// run: --set n=21 --set m=17
/* scale_rows.c with the row factor hoisted out of the inner loop into a scalar: operand tree
   forwarding reads f[i] again in the inner statement. */
void scale_rows(int n, int m, double f[n], double bias[m], double A[n][m], double B[n][m])
{
  for (int i = 0; i < n; i++) {
    double a = f[i];
    for (int j = 0; j < m; j++)
      B[i][j] = a * A[i][j] + bias[j];
  }
}
