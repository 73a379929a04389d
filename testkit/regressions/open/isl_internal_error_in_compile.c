// run: --set n=0 --set m=0 --set alpha=0.25
// setup: 24
// OPEN (soak 2026-11-24, seed 1795498134): auto, no pass, threads 1, vector false, registers false: compile: isl: isl error (internal): total dimensionality changed unexpectedly (at isl_map_simplify.c:5990)
// Found at 63761e3; d98a897 (before this stop's changes) fails it the same way. isl 0.27
// fails inside isl_map_simplify while the kernel is compiled (the automatic strategy splits
// S4's innermost loop; no pass runs): the kernel is not compiled at all, where losing the
// optimization (the faithful code) is what the driver does for an isl failure in its own
// stages. Not looked into further this stop.
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
