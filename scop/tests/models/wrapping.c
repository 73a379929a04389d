/* Types that wrap: an unsigned char counter with a != exit, unsigned and narrowed subscripts. */
void wrap(int n, unsigned int off, double A[1000], double B[256])
{
  for (unsigned char c = 0; c != n; c++)
    B[c] = A[c + off];
  for (int i = 0; i < n; i++)
    A[(unsigned char)(i + 3)] = B[i % 256];
}
