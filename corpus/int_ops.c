// run: --set n=40 --set shift=3
/* Integer division and remainder of negative values (truncation), shifts, bitwise operators,
   conversions between int, long and unsigned. */
void ints(int n, int shift, int A[n], long L[n], unsigned int U[n])
{
  for (int i = 0; i < n; i++) {
    int v = A[i] - 8;
    A[i] = v / 3 + v % 3 * 10 + (v >> 1) + (v & 5) - (v | 2) + (v ^ 7) + ~v;
    L[i] = (long)v * 1000000007L + (i << shift);
    U[i] = (unsigned int)v * 2654435761u + (U[i] >> shift);
  }
}
