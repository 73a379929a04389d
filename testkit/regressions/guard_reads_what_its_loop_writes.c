// run: --set n=0 --set m=0 --set alpha=0.25
// setup: 0
// native code (Optimized) differed: the data-dependent guard was evaluated at every instance of the loop under it, after the loop had changed A0[2]; such a condition is now not modeled (faithful code). auto, every pass, threads 2, vector true, registers true: native code (Optimized): ["A0 42fde52cbdf0a5b1", "L 4cf02b9ec705b5f8"], interpreter ["A0 35ae78615fceeacc", "L 4cf02b9ec705b5f8"]
void kernel(int n, int m, double alpha, double A0[n + 20], int L[16]) {
  double s0 = 0.0;
  int s1 = 1;
  if ((A0[2] * A0[1 + 1]) > 0.5) {
    for (int i0 = 2 - 1; i0 >= 0; i0--) {
      A0[i0 + i0] = (A0[i0] - A0[i0]);
    }
  }
}
