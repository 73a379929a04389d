// run: --set n=0 --set m=0 --set alpha=0.25
// setup: 164
// auto, no pass, threads 2, vector true, registers true: native code (Optimized): ["A0 295e3ea77f41a1d8", "A1 1f503e3b597c9f92", "A2 1ea019e1c5557e04", "L deddaeef814edb17", "return aab1693229ba1db8"], interpreter ["A0 295e3ea77f41a1d8", "A1 1f503e3b597c9f92", "A2 1ea019e1c5557e04", "L deddaeef814edb17", "return a8ad083228038d3d"]
double kernel(int n, int m, double alpha, double A0[n + 16][m + 16], double A1[20][20], double A2[20][20], int L[16]) {
  double s0 = 0.0;
  int s1 = 1;
  double T[20][20];
  for (int t0 = 0; t0 < 20; t0++)
    for (int t1 = 0; t1 < 20; t1++)
      T[t0][t1] = t0 - t1 + n;
  for (int i0 = 0; i0 < 1; i0++) {
    A0[i0 * i0 % 7][i0] = (A0[i0][i0] + A0[i0][i0]);
  }
  s0 = ((-A0[0][0]) + (A0[0][0] + T[0 + 2][0]));
  return s0 + s1;
}
