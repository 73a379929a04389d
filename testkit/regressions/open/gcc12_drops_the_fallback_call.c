// run: --set n=0 --set m=0 --set alpha=0.25 --len A0=480
// setup: 0
// OPEN (soak 2026-11-24, seed 1795517494): auto, register blocks, every pass, threads 2, vector true, registers true: versioned C (fallback): ["A0 e9de21a69e3764c2", "A1 1f503e3b597c9f92", "A2 1ea019e1c5557e04", "L deddaeef814edb17"], interpreter ["A0 e9de21a69e3764c2", "A1 69829765fe9b3d13", "A2 1ea019e1c5557e04", "L deddaeef814edb17"]
// Not optimist's bug, as far as we can tell: gcc 12.2 (Debian 12.2.0-14) at -O1 drops the call
// to the fallback (the program as written, every access in bounds: A0 is read up to element 84
// of 480, A1 written at [0][0], [1][1], [2][2]) from the versioned C's entry: the fallback
// branch only sets `optimist_version = 0`. With -fno-inline, -O1 drops the calls to both the
// fallback and the optimized function. -O0, -O2, -O1 -fno-ivopts, -O1 -fno-tree-loop-optimize
// and -O1 -fno-tree-pta all give the interpreter's bits, as does the same fallback in the C of
// `--opt none` (there the optimized function has no `omp parallel for`). The same class as
// gcc12_ivopts_wrong_code.c (a local `T[20][20]` filled in a loop and never read, ivopts). The
// fallback alone, compiled in a file of its own, was not miscompiled.
__attribute__((const)) static double optimist_wave(double x) { return x * 0.5 - 0.25; }
__attribute__((const)) static int optimist_tri(int x) { return x % 7 - 3; }
void kernel(int n, int m, double alpha, unsigned char *A0, double A1[20][20], double A2[20][20], int L[16]) {
  double s0 = 0.0;
  int s1 = 1;
  double T[20][20];
  for (int t0 = 0; t0 < 20; t0++)
    for (int t1 = 0; t1 < 20; t1++)
      T[t0][t1] = t0 - t1 + n;
  for (long i0 = 0; i0 <= 3 - 1; ++i0) {
    A1[i0][i0] = (((A0[(i0) * (m + 16) + i0] + A0[(2 * i0 + 1) * (m + 16) + 2 * i0 + 0]) + A0[(i0) * (m + 16) + i0]) + A0[(i0) * (m + 16) + i0]);
  }
}
