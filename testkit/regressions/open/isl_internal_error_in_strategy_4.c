// run: --set n=0 --set m=0 --set alpha=0.25
// setup: 184
// OPEN (soak 2026-11-24, seed 1795520118, third stop): auto, no pass, threads 1, vector false, registers false: automatic strategy failed, original order kept: isl: isl error (internal): total dimensionality changed unexpectedly (at isl_map_simplify.c:5990). The same isl 0.27 failure as isl_internal_error_in_strategy.c, _2.c and _3.c (two statements on A0[i0][i0] in an inner loop of one iteration); the binary of the second stop's last commit (c6b57b0) fails the same way, so neither time tiles nor wavefronts cause it. The program's order runs, with a note.
__attribute__((const)) static double optimist_wave(double x) { return x * 0.5 - 0.25; }
__attribute__((const)) static int optimist_tri(int x) { return x % 7 - 3; }
void kernel(int n, int m, double alpha, double A0[20][20], int L[16]) {
  double s0 = 0.0;
  int s1 = 1;
  for (int i0 = 0; i0 < 2 + 1; i0++) {
    for (int i1 = 0; i1 < i0 + 1; i1 += 3) {
      A0[i0][i0] = A0[i0][i0];
      A0[i0 * i0 % 7][i0] = A0[i0][i0];
    }
  }
}
