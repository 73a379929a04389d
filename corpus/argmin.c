// run: --set n=30 --set k=7
/* Conditions on data the statements under them write, as searches and sorts write them: the
   nearest centre of each point (an argmin updating its best distance), and a pass of a bubble
   sort (a swap under a comparison of the elements it swaps). */
void argmin(int n, int k, double X[n], double C[k], int L[n], double V[n])
{
  for (int i = 0; i < n; i++) {
    double best = 1e300;
    L[i] = -1;
    for (int c = 0; c < k; c++) {
      double d = (X[i] - C[c]) * (X[i] - C[c]);
      if (d < best) {
        best = d;
        L[i] = c;
      }
    }
  }
  for (int p = 0; p < 3; p++)
    for (int j = 0; j < n - 1 - p; j++)
      if (V[j] > V[j + 1]) {
        double t = V[j];
        V[j] = V[j + 1];
        V[j + 1] = t;
      }
}
