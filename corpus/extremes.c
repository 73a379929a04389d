// run: --set n=300 --set m=70
/* The greatest and least values (`decide`'s `extreme`, C only: 32 lanes, then the lanes
   compared, a zero found again in order): of an array, of an expression, of magnitudes, each
   row's greatest kept in an element of its own, and the least with its first position. */
void extremes(int n, int m, double a[n], double b[n], float f[n], double d[m][n],
              double rowmax[m], double out[5])
{
  double hi = a[0];
  for (int i = 1; i < n; i++)
    if (a[i] > hi)
      hi = a[i];
  double lo = 1e300;
  for (int i = 0; i < n; i++)
    if (lo > a[i] * b[i] - 0.5)
      lo = a[i] * b[i] - 0.5;
  float mag = 0;
  for (int i = 0; i < n; i++)
    if (fabsf(f[i]) > mag)
      mag = fabsf(f[i]);
  for (int j = 0; j < m; j++) {
    rowmax[j] = d[j][0];
    for (int i = 1; i < n; i++)
      if (d[j][i] > rowmax[j])
        rowmax[j] = d[j][i];
  }
  double least = b[0];
  int at = 0;
  for (int i = 1; i < n; i++)
    if (b[i] < least) {
      least = b[i];
      at = i;
    }
  out[0] = hi;
  out[1] = lo;
  out[2] = mag;
  out[3] = least;
  out[4] = at;
}
