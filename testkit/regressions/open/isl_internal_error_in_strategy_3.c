// run: --set n=0 --set m=0 --set alpha=0.25
// setup: 96
// OPEN (soak 2026-11-24, seed 1795505412, second stop): auto, propagate, threads 2, vector true, registers true: automatic strategy failed, original order kept: isl: isl error (internal): total dimensionality changed unexpectedly (at isl_map_simplify.c:5990). The same isl 0.27 failure as isl_internal_error_in_strategy.c and _2.c, on the smallest program yet (two statements on A0[i0][i0]); the strategy's path is the one it had before this stop's changes (register blocks are off for native code). The program's order runs, with a note.
__attribute__((const)) static double optimist_wave(double x) { return x * 0.5 - 0.25; }
__attribute__((const)) static int optimist_tri(int x) { return x % 7 - 3; }
void kernel(int n, int m, double alpha, double A0[20][20], int L[16]) {
  double s0 = 0.0;
  int s1 = 1;
  for (int i0 = 3 - 1; i0 >= 1; i0--) {
    A0[i0][i0] = A0[i0][i0];
    if (i0 % 2 == 0) {
      A0[i0][i0] = A0[i0][i0];
    }
  }
}
