// run: --set n=40
/* Prefix sums: each element depends on the one before it. */
void prefix(int n, double A[n], double B[n])
{
  B[0] = A[0];
  for (int i = 1; i < n; i++)
    B[i] = B[i - 1] + A[i];
}
