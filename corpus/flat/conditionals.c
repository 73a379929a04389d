// run: --set n=25 --set m=19 --set threshold=0.5 --len A=475 --len B=475
/* conditionals.c with flat pointers: data-dependent conditions around linearized accesses. */
void cond(int n, int m, double threshold, double *A, double *B, int count[n])
{
  for (int i = 0; i < n; i++) {
    count[i] = 0;
    for (int j = 0; j < m; j++) {
      if (i % 3 == 0 && j > i / 2)
        A[i * m + j] = A[i * m + j] * 2.0;
      else if (!(j % 4) || i == j)
        A[i * m + j] = -A[i * m + j];
      B[i * m + j] = A[i * m + j] > threshold ? A[i * m + j] - threshold : threshold;
      if (B[i * m + j] >= threshold)
        count[i] += 1;
    }
  }
}
