// run: --set n=37 --set m=11
/* Wrap-around scalars (the front end peels a loop's first iteration for each): a value read
   from the iteration before (`x`), an index (`im1`), two that wrap around one another (`im2`
   reads `im1`), one in an inner loop whose value from before the loop changes with the outer
   one (`prev`), a `float` assigned a `double` (rounded where it is assigned and where it is
   read from the iteration before), and a loop left as written: its scalar's value reads an
   array the loop writes (`t = a[i]` after `a[i] = ...`). Every scalar's value after its loop
   is the program's. */
void wrap_around(int n, int m, double a[n], double b[n], double c[n], double d[m][n],
                 double out[4])
{
  double x = b[n - 1];
  int im1 = n - 1, im2 = n - 2;
  for (int i = 0; i < n; i++) {
    a[i] = (b[i] + x) * 0.5;
    x = b[i];
  }
  for (int i = 0; i < n; i++) {
    c[i] = b[i] + b[im1] * 0.25 + b[im2] * 0.125;
    im2 = im1;
    im1 = i;
  }
  for (int j = 0; j < m; j++) {
    double prev = d[j][0] * 2;
    for (int i = 1; i < n; i++) {
      d[j][i] = d[j][i] - prev * 0.5;
      prev = b[i] + j;
    }
  }
  float xf = 0.25f;
  for (int i = 0; i < n; i++) {
    c[i] = c[i] * 0.5 + xf;
    xf = b[i] * 0.1;
  }
  double t = 1.5;
  for (int i = 0; i < n; i++) {
    a[i] = a[i] * 0.75 + t;
    t = a[i];
  }
  out[0] = x;
  out[1] = im1 + im2 * 0.5;
  out[2] = t;
  out[3] = c[0] + xf;
}
