// run: --set n=3 --set m=1 --set alpha=1.75
// setup: 63
// FIXED (stop 75): the cause was isl, not optimist: `isl_basic_map_constraint` decided whether a constraint is an equality by comparing its row's address with the equalities of the basic map it was given, and its callers give it `isl_basic_map_copy(bmap)`, which for a basic map that is not final (inside `isl_map_coalesce`, through `isl_basic_map_has_defining_equality` in `normalize_stride_div`) is a duplicate with arrays of its own. The comparison compared two allocations, so whether coalesce normalized a stride's division depended on where malloc had put them. Fixed in isl-sys (`optimist.3`, isl-sys/README.md); the same sets coalesce to one form whatever the heap holds (presburger/tests/set_props.rs). Found first as: (soak 2026-12-07, seed 1796626947, stop 73): auto tile 3, no time tiles, every pass, threads 1, wide 0: the C back end got another plan than native code, differing only in the text of propagate's reason (the same set written as another disjunction).
// auto tile 3, no time tiles, every pass, threads 1, vector true, registers true, wide 0: the C back end got another plan than native code:
__attribute__((const)) static double optimist_wave(double x) { return x * 0.5 - 0.25; }
__attribute__((const)) static int optimist_tri(int x) { return x % 7 - 3; }
void kernel(int n, int m, double alpha, double A0[20][20], int L[16]) {
  double s0 = 0.0;
  int s1 = 1;
  float T[20][20];
  for (int t0 = 0; t0 < 20; t0++)
    for (int t1 = 0; t1 < 20; t1++)
      T[t0][t1] = t0 - t1 + n;
  for (int i0 = 1; i0 < L[1] % 9; i0 += 2) {
    T[7][i0 + 2] = (-(s1 - (int)(T[i0][i0 + 2])));
    A0[2 * i0 + 1][i0] = (optimist_tri(8));
  }
  {
    double W[8];
    for (int w1 = 0; w1 < 8; w1++)
      W[w1] = (s1 / 3.0) + w1;
    for (int i2 = 0; i2 < n; i2 += 2) {
      T[3][i2] -= ((T[i2][i2 + 1] + s1) + ((int)s0));
      T[2 * i2 + 1][i2 + i2] -= ((2.0 / 4.0) * sqrt(fabs((1.75 / 3.0))));
    }
    for (int w1 = 0; w1 < 8; w1++)
      A0[1 * 1 % 7][2 * 0 % 7] += W[7 - w1];
  }
  s1 = optimist_tri(((int)(T[7][5]) * (int)(T[L[0] % 8][4])));
}
