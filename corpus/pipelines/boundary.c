// run: --set n=60
/* Paper 003's Figure 1 without the scalar: the first and last elements of tmp come from their
   own statements, so each reader instance sees one of three writers (a case for statement
   splitting, §3 Figure 5). */
void boundary(int n, double in[n + 1], double out[n + 1])
{
  double tmp[200000];
  for (int i = 0; i <= n; i++) {
    if (i == 0)
      tmp[i] = 2.0 * in[i] + in[i + 1];
    else if (i == n)
      tmp[i] = in[i - 1] + 2.0 * in[i];
    else
      tmp[i] = in[i - 1] + in[i] + in[i + 1];
  }
  for (int i = 1; i < n; i++)
    out[i] = tmp[i - 1] + tmp[i] + tmp[i + 1];
}
