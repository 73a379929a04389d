// run: --set n=50
/* Propagation must be refused (paper 003, Figure 7b): `a[j]` is overwritten between the write
   of tmp[j] and its reload, so tmp[j]'s expression would read another value at the reader. */
void overwritten(int n, double a[n], double b[n])
{
  double tmp[200000];
  for (int i = 0; i < n; i++)
    tmp[i] = a[i] * 2.0;
  for (int j = 0; j < n; j++) {
    a[j] = 0.0;
    b[j] = tmp[j] + 1.0;
  }
}
