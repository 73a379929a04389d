// run: --set n=24
/* A row of a two-stage computation kept in a local array: each element of `t` is written and
   read once per row, and what is computed from it is stored to B[i][j]. DeLICM keeps t[j] in
   B[i][j], and the automatic strategy builds the twin's loops. */
void local_tmp(int n, double A[n][32], double B[n][32])
{
  double t[32];
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < 32; j++)
      t[j] = A[i][j] * 2.0;
    for (int j = 0; j < 32; j++)
      B[i][j] = t[j] + A[i][31 - j];
  }
}
