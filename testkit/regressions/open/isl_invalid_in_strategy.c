// run: --set n=1 --set m=2 --set alpha=1.25
// setup: 139
// OPEN (soak 2026-12-06, seed 1796569237, stop 67): auto tile 3, no time tiles, propagate, threads 3, vector false, registers false: automatic strategy failed, original order kept: isl: isl error (invalid): affine expression involves some of the domain dimensions (at ./isl_domain_factor_templ.c:26). The isl refusal of isl_invalid_in_delicm*.c, met in the strategy this time; the binary from before this stop's changes (f456a1b) fails the same way (`optimist show ast FILE --opt default --target native --threads 3 --no-vector --no-registers --passes propagate`), so the issue 61 restructuring did not cause it. The program's order runs, with the interpreter's bits.
__attribute__((const)) static double optimist_wave(double x) { return x * 0.5 - 0.25; }
__attribute__((const)) static int optimist_tri(int x) { return x % 7 - 3; }
double kernel(int n, int m, double alpha, double A0[20][20], int L[16]) {
  double s0 = 0.0;
  int s1 = 1;
#pragma scop
  for (int i0 = 1; i0 < n; i0 += 2) {
    for (int i1 = 1; i1 < i0 + 1; i1++) {
      {
        double W[8];
        for (int w2 = 0; w2 < 8; w2++)
          W[w2] = 0.0 + w2;
        s1 += (int)(A0[i0][i0]);
        for (int w2 = 0; w2 < 8; w2++)
          s1 += W[w2];
      }
    }
  }
#pragma endscop
  return s0 + s1;
}
