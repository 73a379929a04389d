// run: --set n=0 --set m=0 --set alpha=0.25
// setup: 0
// OPEN (soak 2026-12-06, seed 1796554470, stop 66): auto for C, every pass: pass `delicm`: isl error (invalid): affine expression involves some of the domain dimensions (at ./isl_domain_factor_templ.c:26). The same isl refusal in DeLICM as isl_invalid_in_delicm.c and _2.c; the faithful code runs with the interpreter's bits. Reproduces alone (regressions_agree). Not looked into further.
__attribute__((const)) static double optimist_wave(double x) { return x * 0.5 - 0.25; }
__attribute__((const)) static int optimist_tri(int x) { return x % 7 - 3; }
void kernel(int n, int m, double alpha, double A0[20][20], int L[16]) {
  double s0 = 0.0;
  int s1 = 1;
  for (int i0 = 2; i0 < n; i0 += 2) {
    for (int i1 = 2; i1 < i0 + 1; i1++) {
      s0 += A0[i0][i0];
      s0 = A0[i0][i0];
    }
  }
}
