// run: --set n=0 --set m=0 --set alpha=0.25
// setup: 46
// OPEN (soak, seed 1795466502): original, no pass, threads 3, vector false, registers false: versioned C (optimized): ["A0 73ebd633f951dd9a", "L 4cf02b9ec705b5f8"], interpreter ["A0 4ae0965e9cbfe7c4", "L 4cf02b9ec705b5f8"]
// Not optimist's bug, as far as we can tell: gcc 12.2 (Debian 12.2.0-14) at -O1 miscompiles
// the optimized C printed for this kernel; -O0, -O2, -O1 -fno-ivopts, -O1 -fwrapv and
// -fsanitize=undefined all give the interpreter's bits, and UBSan reports nothing. Reduced:
//   static void k(float A0[20][20]) {
//     double T[20][20]; long c1_, c3_;
//     for (c1_ = 0L; c1_ <= 19L; c1_ += 1) for (c3_ = 0L; c3_ <= 19L; c3_ += 1)
//       T[c1_][c3_] = (double)(((int)c1_) - ((int)c3_));
//     for (c1_ = 0L; c1_ <= 1L; c1_ += 1) for (c3_ = c1_; c3_ <= 1L; c3_ += 1) {
//       T[c1_][c1_] = (double)(A0[(2L * c3_)][c1_]);
//       A0[(long)(2 * ((int)c3_) + 1)][(long)(((int)c1_) * ((int)c3_) % 7)]
//         = (float)(T[c1_][(c1_ + 1L)] + (double)A0[c3_][((-c1_) + 9L)]);
//     }
//   }
// called on A0[k] = ((7k) % 17 + 1) / 16: A0[1][0] is -0.1875 at -O0, 0.3125 at -O1. With the
// row index computed in `long` (2L * c3_ + 1) or without `% 7`, -O1 is right too.
void kernel(int n, int m, double alpha, float A0[20][20], int L[16]) {
  double s0 = 0.0;
  int s1 = 1;
  double T[20][20];
  for (int t0 = 0; t0 < 20; t0++)
    for (int t1 = 0; t1 < 20; t1++)
      T[t0][t1] = t0 - t1 + n;
  for (int i0 = 0; i0 < 2; i0++) {
    for (int i1 = i0; i1 < 2; i1++) {
      T[i0][i0] = (A0[2 * i1 + 0][i0] + m);
      A0[2 * i1 + 1][i0 * i1 % 7] = (T[i0][i0 + 1] + A0[i1][9 - i0]);
    }
    for (int i2 = 0; i2 < 1; i2++) {
      s1 = (int)(A0[i0][i0]);
    }
  }
}
