// setup: 160
// OPEN (soak 2026-12-06, seed 1796578225, stop 68): optimizing this program does not finish in reasonable time: after 60 s `optimist show c FILE --opt default` is still in isl's scheduler (isl_tab_basic_set_non_trivial_lexmin under isl_schedule_node_compute_wcc_band, called by the automatic strategy's Grouped::schedule inside its budget). The binary from before this stop (isl-rs's isl with the site file, 95ea49a) runs as long, so the isl-sys build did not cause it. isl counts one operation per tableau pivot (isl_tab_pivot calls isl_ctx_next_operation), whatever the tableau's size, so the strategy's budget bounds the pivots, not their cost: on this input each pivot is slow (long rows of big integers). A bound that scales with the work (operations counted per row and column touched, in optimist-isl-sys's isl) or a smaller budget for the scheduler would stop it. Found with OPTIMIST_SOAK_CURRENT (the program being checked, written before each check).
__attribute__((const)) static double optimist_wave(double x) { return x * 0.5 - 0.25; }
__attribute__((const)) static int optimist_tri(int x) { return x % 7 - 3; }
void kernel(int n, int m, double alpha, double *A0, double A1[n + 20], unsigned char A2[n + 16][m + 16], int L[16]) {
  double s0 = 0.0;
  int s1 = 1;
#pragma scop
  for (int i0 = 0; i0 < n; i0 += 2) {
    {
      int W[8];
      for (int w1 = 0; w1 < 8; w1++)
        W[w1] = optimist_tri(((int)(A0[i0 + 1]) / 3)) + w1;
      A0[(i0 + 2) * 20 + i0 - 1] -= (((0.50 - 0.50) + (A1[i0 + 2] / 3)) / 4.0);
      for (int w1 = 0; w1 < 8; w1++)
        A1[2 * i0 + 2] += W[7 - w1];
    }
  }
  {
    int W[8];
    for (int w2 = 0; w2 < 8; w2++)
      W[w2] = ((int)(A1[0 + 0]) * ((-3) / 2)) + w2;
    for (int w2 = 0; w2 < 8; w2++)
      A1[0 * 2 % 7] += W[w2];
  }
  if (0 + 0 < n) {
    A0[(1 + 2) * 20 + 0 + 1] *= optimist_wave((A0[2] * (A1[1 + 0] - 0.75)));
  }
  for (int i3 = 2; i3 < 7; i3++) {
    A0[(i3 + 1) * 20 + i3 * i3 % 7] -= ((7 - A2[9 - i3][1]));
  }
#pragma endscop
}
