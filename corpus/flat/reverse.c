// run: --set n=11 --set m=9 --len A=99 --len B=99
/* reverse.c with flat pointers: `A[i * n + n - 1 - j]` divides to `A[i + 1][-1 - j]`; the fold of
   paper 001 §3.3 gives back `A[i][n - 1 - j]`. */
void reverse_rows(int n, int m, double *A, double *B)
{
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      B[i * n + j] = 0.5 * A[i * n + n - 1 - j] + B[i * n + j];
}
