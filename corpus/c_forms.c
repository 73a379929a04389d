// run: --set n=23 --set m=9
/* C as people write it: chained assignments (`a1 = a5 = k;`), hexadecimal floating constants,
   counting `while` and `do`-`while` loops, a loop bound written with `?:`, and two
   `#pragma scop` regions with only declarations between them. The `do`-`while`
   loop has arrays of its own: when it shared `b` and `c` with the other loops, isl printed some of
   their dependences (equal sets) in one of two forms, varying from run to run, which a snapshot
   cannot hold. */
void c_forms(int n, int m, double a[n], double b[n], float c[n], int d[n], double e[n],
             float f[n])
{
  double x, y;
  int i = 0;
#pragma scop
  while (i < n) {
    x = y = a[i] * 0x1.8p1;
    b[i] = x + y * 0x.Cp-2;
    c[i] = d[i] = i * 3;
    i++;
  }
#pragma endscop
  int j;
#pragma scop
  j = 1;
  do {
    e[j] = e[j - 1] * 0x1.000001p0 + a[j];
    f[j] += 0x1.fffffep-1f;
    j += 2;
  } while (j < m);
  int k = n - 1;
  while (k >= 0) {
    a[k] += b[k] -= c[k];
    k--;
  }
  for (int l = 0; l < (m < n ? m : n); l++)
    d[l] = d[l] + l;
#pragma endscop
}
