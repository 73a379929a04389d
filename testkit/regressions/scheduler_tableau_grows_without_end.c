// run: --set n=2 --set m=3 --set alpha=0.25
// run: --set n=0 --set m=0 --set alpha=-1.5
// setup: 92
// FIXED: the automatic strategy's scheduler never ended (soak 2026-12-07, seed 785, the compile still running after 14 minutes): isl's integer lexmin added a row to its tableau per cut, past 6000 rows in 140000 pivots, each pivot slower than the one before, so that the 2 million operations of the budget were minutes away. A tableau past 1024 rows now exhausts the budget (isl-sys `optimist.4`): the strategy keeps the program's order.
__attribute__((const)) static double optimist_wave(double x) { return x * 0.5 - 0.25; }
__attribute__((const)) static int optimist_tri(int x) { return x % 7 - 3; }
void kernel(int n, int m, double alpha, double A0[10][10][10], int L[16]) {
  double s0 = 0.0;
  int s1 = 1;
  unsigned char T[20][20];
  double V[n + 12];
  for (int t0 = 0; t0 < 20; t0++)
    for (int t1 = 0; t1 < 20; t1++)
      T[t0][t1] = t0 - t1 + n;
  for (int t0 = 0; t0 < n + 12; t0++)
    V[t0] = t0 * 0.5;
  for (int i0 = 2; i0 < 8; i0 += 2) {
    A0[i0 + 2][i0 + 2][i0 + 1] *= (-i0);
    A0[9 - i0][4][i0 + 1] = (optimist_wave(T[i0 + 2][i0 + 2]) - sqrt(fabs((alpha / 3.0))));
  }
  for (int i1 = 2; i1 < L[1] % 9; i1++) {
    A0[i1 + 2][L[i1] % 8][i1] = (sqrt(fabs(V[i1 + i1])) / 2);
    V[i1 + 1] = T[2 * i1 + 1][i1 + 2];
  }
  for (int i2 = 0; i2 < m + 2; i2++) {
    for (int i3 = 2; i3 < 2; i3++) {
      A0[9 - i2][i2 + 1][i3] += ((-V[i2 + i2]) / 4);
      A0[i3 * i3 % 7][i2][i2 * i3 % 7] = (sqrt(fabs(T[i3 + 1][L[i3] % 8])) * (A0[i2][L[i3] % 8][i3 + 1] / 4.0));
    }
    T[i2 + 1][i2 + i2] = (int)(V[i2]);
  }
  for (int i4 = 1; i4 < L[3] % 9; i4++) {
    for (int i5 = 1; i5 < n + 2; i5++) {
      for (int i6 = i4 + 1 - 1; i6 >= 0; i6--) {
        T[i4 + 1][i4 + 1] = ((T[i5 - 1][i5 + i4] / 2) / 2.0);
      }
    }
  }
  T[1 + 2][2 - 1] = ((int)s0 + ((int)(V[0 + 1]) * 1));
}
