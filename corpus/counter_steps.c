// run: --set n=37
/* Loop counters stepped where C people also step them: at the end of the body instead of the
   header, on top of the header's step, and set just before a `for` with an empty
   initialization (or not set at all: the loop starts where the counter stands). */
double counter_steps(int n, double A[n], double B[n], double C[n])
{
  int i, j, k;
  for (i = 0; i < n;) {
    A[i] = 0.5 * i + 1.0;
    i += 2;
  }
  for (i = 1; i < n; i++) {
    A[i] = A[i - 1] * 0.75 + 2.0;
    i++;
  }
  j = 3;
  for (; j < n; j++)
    B[j] = A[j] + A[j - 3];
  for (; j > 0;) {
    C[j - 1] = B[j - 1] - 1.0;
    j -= 3;
  }
  k = 0;
  for (i = n - 1; i >= 0; i -= 2) {
    C[i] = C[i] + A[i];
    i--;
  }
  return B[n - 1] + C[0] + j + i * 1000.0 + k;
}
