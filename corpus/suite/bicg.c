// run: --set m=15 --set n=20
// bench: --set m=7000 --set n=8000
/* The BiCG kernel: s = A^T r and q = A p in one sweep. */
void bicg(int m, int n, double A[n][m], double s[m], double q[n], double p[m], double r[n])
{
  for (int i = 0; i < m; i++)
    s[i] = 0;
  for (int i = 0; i < n; i++) {
    q[i] = 0.0;
    for (int j = 0; j < m; j++) {
      s[j] = s[j] + r[i] * A[i][j];
      q[i] = q[i] + A[i][j] * p[j];
    }
  }
}
