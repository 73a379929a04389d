// run: --set n=0 --set m=0 --set alpha=0.25
// setup: 104
// OPEN (asan soak 2026-12-06, stop 66): auto, no pass, one thread: automatic strategy failed, original order kept: isl: isl error (internal): total dimensionality changed unexpectedly (at isl_map_simplify.c:5990). The same isl internal error as isl_internal_error_in_strategy.c: isl reports it and returns, AddressSanitizer saw no invalid access; the program's order is kept and the results are the interpreter's.
__attribute__((const)) static double optimist_wave(double x) { return x * 0.5 - 0.25; }
__attribute__((const)) static int optimist_tri(int x) { return x % 7 - 3; }
void kernel(int n, int m, double alpha, double A0[20][20], int L[16]) {
  double s0 = 0.0;
  int s1 = 1;
  for (int i0 = 0; i0 < 3; i0++) {
    for (int i1 = 0; i1 < i0 + 1; i1 += 3) {
      A0[2 * i0 + 0][2 * i0 + 0] = sqrt(fabs(s1));
      for (int i2 = 0; i2 < 1; i2++) {
        A0[2 * i0 + 0][i0 + i0] = A0[i0][i0];
      }
    }
  }
}
