// run: --set n=40 --set m=9
/* Loop counters read after their loops, as C people write them: the last index a search
   passed, a counter carried into the next loop's start, a downward loop's end. Each read
   after a loop is the value that ended it (`i < n` from 0: `0 < n ? n : 0`). */
int counters_after(int n, int m, double A[n], double B[n])
{
  int i, j, last = -1;
  for (i = 0; i < n; i++)
    A[i] = (i * 7) % 5 - 2.0;
  for (j = i - 1; j >= m; j--)
    B[j] = A[j] + j;
  for (i = j + 1; i <= n - 1; i++)
    if (A[i] > 0)
      last = i;
  return last + i * 100 + j * 10000;
}
