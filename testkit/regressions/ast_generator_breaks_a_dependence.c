// run: --set n=0 --set m=0 --set alpha=0.25
// setup: 139
// auto tile 3, propagate, threads 3, vector false, registers false: native code (Optimized): ["A0 617a30714b7354c7", "A1 67d917600f607a4d", "L 86fe2d5e1dd8e2f5"], interpreter ["A0 ff88016f421a3f78", "A1 67d917600f607a4d", "L 86fe2d5e1dd8e2f5"]
// isl 0.27's AST of the schedule without its fixed dimensions ran S2(1) after S5(1, 1, *),
// which overwrites what S2(1) reads; the schedule itself was legal. Every AST of a transformed
// schedule is now checked against the dependences (codegen `generate_verified`).
void kernel(int n, int m, double alpha, double A0[24], double A1[10][10][10], int L[16]) {
  double s0 = 0.0;
  int s1 = 1;
  for (int i0 = 1; i0 < 3; i0++) {
    A0[9 - i0] = ((0.0 + A0[i0 + i0]) + A1[i0][i0][i0]);
    for (int i1 = 1; i1 < L[0] % 9; i1 += 3) {
      A0[i1 + 2] = ((A1[i0][i0][i0] + A0[i0 + 2]) + A1[i0][i0][9 - i0]);
      for (int i2 = 3 - 1; i2 >= 0; i2--) {
        A0[i1] = A0[i2];
        A0[i0 + i0] = (-(0.0 + 0.0));
      }
    }
  }
}
