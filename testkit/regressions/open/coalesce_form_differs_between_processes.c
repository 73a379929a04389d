// run: --set n=3 --set m=1 --set alpha=1.75
// setup: 63
// OPEN (soak 2026-12-07, seed 1796626947, stop 73): auto tile 3, no time tiles, every pass, threads 1, wide 0: the C back end got another plan than native code, differing only in the text of propagate's reason "S9 reads elements no statement wrote at ..." (the same set written as another disjunction). Unlike check_form_differs_between_two_runs.c it reproduces alone, about half the time: `optimist show propagate` on this file prints two forms across processes. Narrowed down: in propagate's split_readers, the inputs (pieces and sources) print the same in every process, and so does every step of `rest = rest - part` and its first coalesce, but a second `isl_set_coalesce` of the same `rest` gives one of three forms, run to run, in a standalone program of 20 lines (the sets below parsed in a fresh Ctx) - even with ASLR off (setarch -R) and pinned to one core; under valgrind always the same form and no error. Cause not found: somewhere below isl_set_coalesce (isl 0.27, imath-32) state that is neither printed nor deterministic. The standalone program: in one Ctx, for each piece p: rest = p; for each source f: part = coalesce(p * range(f)); rest = rest - part; print coalesce(rest) twice: the second differs.
//   pieces: [n, L_ld0, L_ld1] -> { S9[] : L_ld0 < 0 or (L_ld0 >= 0 and 9*floor((L_ld0)/9) >= -3 + L_ld0) }
//           [n, L_ld0, L_ld1] -> { S9[] : L_ld0 >= 0 and 9*floor((L_ld0)/9) <= -4 + L_ld0 }
//   sources: [n, L_ld0, L_ld1] -> { S7[i2 = 2] -> S9[] : (3 + L_ld1) mod 8 = 0 and n >= 3 and L_ld1 >= 0 }
//            [n, L_ld0, L_ld1] -> { S6[i2 = 4] -> S9[] : (-3 + L_ld1) mod 8 = 0 and n >= 5 and L_ld1 >= 0 and 8*floor((3 + L_ld1)/8) <= 2 + L_ld1 }
//            [n, L_ld0, L_ld1] -> { S2[t0, t1 = 4] -> S9[] : (-L_ld1 + t0) mod 8 = 0 and L_ld1 >= 0 and 0 <= t0 <= 7 and 8*floor((-3 + L_ld1)/8) <= -4 + L_ld1 and 8*floor((3 + L_ld1)/8) <= 2 + L_ld1; S2[t0 = 5, t1 = 4] -> S9[] : (3 + L_ld1) mod 8 = 0 and n <= 2 and L_ld1 >= 0; S2[t0 = 3, t1 = 4] -> S9[] : (-3 + L_ld1) mod 8 = 0 and n <= 4 and L_ld1 >= 0 and 8*floor((3 + L_ld1)/8) <= 2 + L_ld1; S2[t0 = 0, t1 = 4] -> S9[] : (L_ld1) mod 8 = 0 and L_ld1 < 0 }
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
