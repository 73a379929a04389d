// run: --set n=4 --set m=0 --set alpha=0.25 --len A0=480
// setup: 20
// Was open (soak 2026-11-24, seed 1795488251): auto, every pass, threads 1, vector false, registers false: versioned C (optimized): ["A0 8a75f485c07bad58", "A1 fa827019905b7003", "L 86fe2d5e1dd8e2f5"], interpreter ["A0 8a75f485c07bad58", "A1 d31e303c2e77db83", "L 86fe2d5e1dd8e2f5"]
// The same gcc 12.2 fold as cc_folds_propagated_zero_minus.c: expression propagation put
// s0 (0.0) into `s0 - A0[...]`, and gcc folds `0.0 - (double)x` into `-(double)x`, which is
// -0.0 where x is 0. The interpreter and native code give +0.0. Fixed (issue 40): a floating
// zero is printed as a compound literal, which gcc's fold does not see.
__attribute__((const)) static double optimist_wave(double x) { return x * 0.5 - 0.25; }
__attribute__((const)) static int optimist_tri(int x) { return x % 7 - 3; }
void kernel(int n, int m, double alpha, int *A0, double A1[20][20], int L[16]) {
  double s0 = 0.0;
  int s1 = 1;
  for (int i0 = 0; i0 < 6; i0++) {
    for (int i1 = 1; i1 < n; i1++) {
      A1[i0][i0] = ((s0 - A0[(i1 + 1) * 20 + i0]) * A0[(i0) * 20 + i0]);
    }
  }
}
