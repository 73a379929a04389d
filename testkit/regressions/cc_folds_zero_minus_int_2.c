// run: --set n=0 --set m=0 --set alpha=0.25
// setup: 0
// auto, every pass, threads 2, vector true, registers true: versioned C (optimized): ["A0 7c78e1fd5855f76d", "L 4cf02b9ec705b5f8"], interpreter ["A0 9909dee62df25fed", "L 4cf02b9ec705b5f8"]
void kernel(int n, int m, double alpha, double A0[20][20], int L[16]) {
  double s0 = 0.0;
  int s1 = 1;
  for (int i0 = 0; i0 < 1; i0++) {
    for (int i1 = 0; i1 < 1; i1++) {
      A0[i0][i0] = ((0.0 - m) * A0[i0][i0]);
    }
  }
}
