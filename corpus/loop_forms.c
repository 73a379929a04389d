// run: --set n=30
/* Negative steps, `>=` and `!=` exits, steps of 2 and 3, loops written backwards. */
void forms(int n, double A[n], double B[n])
{
  for (int i = n - 1; i >= 0; i--)
    A[i] = A[i] + i;
  for (int i = 0; i != n; i += 2)
    B[i] = A[i] * 0.5;
  for (int i = 1; n > i; i = i + 3)
    B[i] = B[i - 1] - A[i];
  for (int i = n - 2; i > 0; i -= 2)
    A[i] = B[i + 1] + A[i - 1];
}
