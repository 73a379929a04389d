// run: --set n=500
/* Node splitting (C's hoisted reads): a statement reads an element a later iteration of a
   statement before it overwrites (`a[i + 1]`, `b[i + 2]`), read at the top of each iteration
   so that the compiler may run the statements one after the other across lanes; the element
   the same iteration wrote (`a[i]`) is read where it was. */
void node_split(int n, double a[n], double b[n], double c[n], double d[n])
{
  for (int i = 0; i < n - 2; i++) {
    a[i] = b[i] * c[i] + b[i];
    b[i] = a[i] + a[i + 1] * b[i + 2];
    d[i] = b[i + 1] - a[i + 2];
  }
}
