// run: --set n=20 --len A=21 --alias B=A+1
/* Two pointers into one buffer (B = A + 1): the faithful program must honor the overlap. */
void shift_add(int n, double *A, double *B)
{
  for (int i = 0; i < n; i++)
    B[i] = A[i] + B[i] * 0.5;
}
