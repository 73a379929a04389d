// run: --set n=7 --set m=0 --set alpha=0.25
// setup: 0
// auto, every pass, threads 2, vector true, registers true: versioned C (optimized): ["A0 982999057fe56b90", "A1 635231604e19db2e", "L 86fe2d5e1dd8e2f5", "return aab1693229ba1db8"], interpreter ["A0 a5d16d71e1b0e8e1", "A1 635231604e19db2e", "L 86fe2d5e1dd8e2f5", "return aab1693229ba1db8"]
double kernel(int n, int m, double alpha, double A0[20][20], long A1[10][10][10], int L[16]) {
  double s0 = 0.0;
  int s1 = 1;
  for (int i0 = 2; i0 < n; i0 += 2) {
    for (int i1 = 0; i1 < 3; i1++) {
      A0[i0][i0] = (A1[i0][i0][i0] / 2.0);
    }
    A0[i0][i0] = ((A0[i0][i0] + A1[i0 * i0 % 7][i0][2 * i0 + 0]) + (A0[i0 + i0][i0 + 2] + A0[i0][i0]));
  }
  return s0 + s1;
}
