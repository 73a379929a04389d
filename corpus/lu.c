// run: --set n=12
/* LU decomposition without pivoting: triangular domains and divisions. */
void kernel_lu(int n, double A[n][n])
{
  int i, j, k;
#pragma scop
  for (i = 0; i < n; i++) {
    for (j = 0; j < i; j++) {
      for (k = 0; k < j; k++)
        A[i][j] -= A[i][k] * A[k][j];
      A[i][j] /= A[j][j];
    }
    for (j = i; j < n; j++) {
      for (k = 0; k < i; k++)
        A[i][j] -= A[i][k] * A[k][j];
    }
  }
#pragma endscop
}
