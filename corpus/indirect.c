// run: --set n=40
/* Indirect subscripts (A[idx[i]]) and a loop bound loaded from memory (lim[0]). */
void gather(int n, double A[n], int idx[n], double B[n], int lim[1])
{
  for (int i = 0; i < n; i++)
    B[i] = A[idx[i]] + A[idx[(i + 1) % n] % n] * 0.5;
  for (int j = 0; j < lim[0]; j++)
    A[j] = B[j] - A[j + 1];
}
