// run: --set n=0 --set m=0 --set alpha=0.25
// setup: 252
// auto, delicm: measuring the width of the vector loop's tiles took the bounds of an access the model over-approximates (unbounded): isl failed with "unbounded optimum" and the strategy with it
__attribute__((const)) static double optimist_wave(double x) { return x * 0.5 - 0.25; }
__attribute__((const)) static int optimist_tri(int x) { return x % 7 - 3; }
void kernel(int n, int m, double alpha, double A0[n + 16][m + 16], double A1[20][20], double A2[20][20], int L[16]) {
  double s0 = 0.0;
  int s1 = 1;
  double T[20][20];
  for (int t0 = 0; t0 < 20; t0++)
    for (int t1 = 0; t1 < 20; t1++)
      T[t0][t1] = t0 - t1 + n;
  for (int i0 = 0; i0 < n; i0++) {
    if ((A2[i0][i0] + (A2[i0 * i0 % 7][i0] + 0.0)) > 0.5) {
      for (int i1 = 0; i1 < 4; i1 += 2) {
        A0[0][i0] = 0.0;
      }
    }
  }
}
