// run: --set n=0 --set m=0 --set alpha=0.25
// setup: 20
// Was open (soak, after this session's fixes): auto, every pass, threads 1, vector false, registers false: versioned C (optimized): ["A0 4454951e231b2fed", "L 4cf02b9ec705b5f8"], interpreter ["A0 d12e2bc5632d276d", "L 4cf02b9ec705b5f8"]
// gcc 12.2 folds `0.0 - (double)x` into `-(double)x` (even at -O0), which is -0.0 where x
// is 0; C and the interpreter give +0.0. The program as written has no such literal and cc
// compiles it right; the optimized C has one, because expression propagation put the value of
// `s0` (0.0), or of an iterator, into the subtraction. Fixed (issue 40): a floating zero
// is printed as a compound literal, which gcc's fold does not see.
void kernel(int n, int m, double alpha, double A0[20][20], int L[16]) {
  double s0 = 0.0;
  int s1 = 1;
  if (1 > 0) {
    for (int i0 = 2 - 1; i0 >= 0; i0--) {
      A0[i0][i0] = (A0[i0][i0] * (s0 - i0));
    }
  }
}
