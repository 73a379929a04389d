/* A running sum kept in a scalar the statements assign: it is a local of the function. */
for (i = 0; i < n; i++) {
  s = 0;
  for (j = 0; j <= i; j++)
    s = s + a[j] * w;
  b[i] = s;
}
