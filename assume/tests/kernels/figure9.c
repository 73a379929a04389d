// run: --set n=100
/* Figure 9: an unsigned char subscript that wraps for n >= 128 (EE). */
void wrap_index(int n, double A[256])
{
  for (int i = 0; i < n; i++)
    A[(unsigned char)(i + 129)] = A[i] + 1.0;
}
