// run: --set n=5 --set m=0 --set alpha=0.25
// setup: 2
// original, every pass, threads 2, vector true, registers true: versioned C (optimized): ["A0 88fcafcb1cd80118", "L 4cf02b9ec705b5f8"], interpreter ["A0 673ef75caef1a395", "L 4cf02b9ec705b5f8"]
void kernel(int n, int m, double alpha, int A0[10][10][10], int L[16]) {
  double s0 = 0.0;
  int s1 = 1;
  for (int i0 = 1; i0 < n; i0++) {
    A0[0][i0 * i0 % 7][2 * i0 + 2] = (0 + (A0[i0][i0][i0 + 2] + 0));
  }
}
