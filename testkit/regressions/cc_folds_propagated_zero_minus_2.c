// run: --set n=0 --set m=0 --set alpha=0.25
// setup: 0
// Was open (soak, after this session's fixes): auto, every pass, threads 2, vector true, registers true: versioned C (optimized): ["A0 73ebd633f951dd9a", "A1 73e178ca4393e2f3", "A2 22e6a558cc59b14b", "L deddaeef814edb17"], interpreter ["A0 73ebd633f951dd9a", "A1 73e178ca4393e2f3", "A2 668fbdb24306604b", "L deddaeef814edb17"]
// gcc 12.2 folds `0.0 - (double)x` into `-(double)x` (even at -O0), which is -0.0 where x
// is 0; C and the interpreter give +0.0. The program as written has no such literal and cc
// compiles it right; the optimized C has one, because expression propagation put the value of
// `s0` (0.0), or of an iterator, into the subtraction. Fixed (issue 40): a floating zero
// is printed as a compound literal, which gcc's fold does not see.
void kernel(int n, int m, double alpha, float A0[20][20], long A1[20][20], double A2[10][10][10], int L[16]) {
  double s0 = 0.0;
  int s1 = 1;
  for (int i0 = 0; i0 < 0 + 1; i0++) {
    for (int i1 = 0; i1 < 2; i1++) {
      A2[i0][2 * i1 + 0][i0] = ((i0 / 2.0) - (m * i1));
    }
  }
}
