// run: --set n=0 --set m=0 --set alpha=0.25
// setup: 99
// auto tile 3, no time tiles, propagate, threads 2, vector true, registers true, wide 64 (soak 2026-12-07, seed 1796651559, stop 75): automatic strategy failed, original order kept: isl: isl error (invalid): input involves unknown divs (at isl_constraint.c:286). Map::drop_constant_bounds listed the constraints of every piece of a dependence relation, and isl lists none of a piece with an existentially quantified variable that has no expression; such a piece now stays as it is, as the function's documentation said.
__attribute__((const)) static double optimist_wave(double x) { return x * 0.5 - 0.25; }
__attribute__((const)) static int optimist_tri(int x) { return x % 7 - 3; }
void kernel(int n, int m, double alpha, double A0[20][20], int L[16]) {
  double s0 = 0.0;
  int s1 = 1;
  for (long i0 = 2; i0 <= 4 - 1; ++i0) {
    for (int i1 = i0; i1 < L[0] % 9; i1 += 2) {
      A0[i0][i0] = A0[i0][i0 - 1];
      A0[i0][i0] = (A0[i0][i0 * i0 % 7] + A0[i0][i0]);
    }
  }
}
