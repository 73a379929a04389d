// run: --set n=6 --set m=4 --set alpha=1.5 --alias A1=A0+3
// setup: 23
// FIXED (stop 75): the same isl defect as coalesce_form_depended_on_heap_addresses.c (`isl_basic_map_constraint` compared addresses in two allocations, so `isl_map_coalesce` normalized a stride's division or not depending on the heap). Found first as: (soak 2026-12-06, seed 1796554453, stop 66): auto tile 3, no time tiles, every pass, one thread: the C back end got another plan than native code, differing only in the run-time check's form (the disjunction over L_ld0 and L_ld1 written in another order); both plans ran with the interpreter's bits.
__attribute__((const)) static double optimist_wave(double x) { return x * 0.5 - 0.25; }
__attribute__((const)) static int optimist_tri(int x) { return x % 7 - 3; }
double kernel(int n, int m, double alpha, double A0[10][10][10], double *A1, int L[16]) {
  double s0 = 0.0;
  int s1 = 1;
  int V[n + 12];
  for (int t0 = 0; t0 < n + 12; t0++)
    V[t0] = t0 - 3;
  for (int i0 = 2; i0 < L[1] % 9; i0++) {
    for (int i1 = 2; i1 < L[0] % 9; i1++) {
      A1[(i1 + 1) * (m + 16) + i0 + i1] += ((A0[i0 + 2][i1][9 - i1] + i1) / 4);
    }
    A0[i0 + 2][2 * i0 + 0][i0] *= ((A0[i0 + i0][4][9 - i0] - (A0[i0 + i0][0][2 * i0 + 1] - V[2 * i0 + 1])) * (A1[(i0 - 2) * (m + 16) + L[i0] % 8] / 2.0));
  }
  if (0 > 0) {
    A0[2 + 2][L[0] % 8][1 + 2] += ((-A1[(0 + 1) * (m + 16) + 1 + 2]) * (A1[(2) * (m + 16) + 0] / 4));
  }
  for (int i2 = 0; i2 < n + 2; i2++) {
    A1[(L[i2] % 8) * (m + 16) + i2 * i2 % 7] += sqrt(fabs(s0));
  }
  for (int i3 = 0; i3 < L[0] % 9; i3++) {
    A0[i3 + 1][i3 + 2][i3 + 2] += (-(-m));
  }
  return s0 + s1;
}
