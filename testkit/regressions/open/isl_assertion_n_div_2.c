// run: --set n=0 --set m=0 --set alpha=0.25
// setup: 0
// OPEN (soak 2026-11-27, seed 1795748775): auto, register blocks, every pass, threads 2, vector true, registers true: isl failed (a bug: please report it with the kernel): isl error (unknown): Assertion "map->p[0]->n_div == map->p[i]->n_div" failed (at isl_map.c:6388)
// The isl assertion of isl_assertion_n_div.c again (isl_map.c:6388, n_div differs between
// the basic maps of a map), in another program: isl reports it as an error, the optimization is
// lost and the faithful code runs with the interpreter's bits. Not fixed.
__attribute__((const)) static double optimist_wave(double x) { return x * 0.5 - 0.25; }
__attribute__((const)) static int optimist_tri(int x) { return x % 7 - 3; }
void kernel(int n, int m, double alpha, double A0[20][20], double A1[20][20], double A2[20][20], int L[16]) {
  double s0 = 0.0;
  int s1 = 1;
  for (int i0 = 0; i0 < 7; i0++) {
    for (int i1 = 0; i1 < L[0] % 9; i1++) {
      A0[i0][L[i0] % 8] = optimist_wave(A0[L[i1] % 8][i0]);
    }
  }
  for (int i2 = 0; i2 < n; i2++) {
    A0[i2][i2] = optimist_wave((A0[L[i2] % 8][i2] + A0[2 * i2 + 0][2 * i2 + 0]));
  }
}
