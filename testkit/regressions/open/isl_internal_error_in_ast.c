// run: --set n=0 --set m=0 --set alpha=0.25
// setup: 24
// OPEN (soak 2026-11-24, seed 1795498134; was isl_internal_error_in_compile.c): auto, no pass: isl 0.27 fails inside isl_map_simplify ("total dimensionality changed unexpectedly") on the loop AST of the automatic schedule (S4's innermost loop split). The kernel used not to be compiled at all; since 2026-11-24 (second stop) the driver keeps the original order for it and the plan's note says why, and an isl failure in the AST stage otherwise gives the faithful code. Open while isl fails there: the split schedule is lost.
__attribute__((const)) static double optimist_wave(double x) { return x * 0.5 - 0.25; }
__attribute__((const)) static int optimist_tri(int x) { return x % 7 - 3; }
void kernel(int n, int m, double alpha, double A0[n + 20], int L[16]) {
  double s0 = 0.0;
  int s1 = 1;
  for (int i0 = n - 1; i0 >= 0; i0--) {
    A0[i0 + 1] = (s1 + A0[i0]);
    for (int i1 = 0; i1 < m + 2; i1 += 3) {
      s0 = (sqrt(fabs(0.0)) + optimist_wave(0.0));
      A0[i1 + 1] = ((A0[i0 + 1] + A0[i1]) + (A0[i0 + 1] + A0[i0 + 2]));
    }
  }
}
