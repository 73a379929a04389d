// run: --set n=0 --set m=0 --set alpha=0.25
// setup: 0
// auto, every pass, threads 2, vector true, registers true: compile: isl: isl error (unknown): Assertion "map->p[0]->n_div == map->p[i]->n_div" failed (at isl_map.c:6388)
void kernel(int n, int m, double alpha, double A0[n + 16][m + 16], int L[16]) {
  double s0 = 0.0;
  int s1 = 1;
  for (int i0 = n - 1; i0 >= 0; i0--) {
    A0[L[i0] % 8][i0] = A0[i0][i0];
  }
  for (int i1 = 0; i1 < L[0] % 9; i1++) {
    for (int i2 = 0; i2 < 7; i2++) {
      A0[i1][L[i1] % 8] = A0[i1][i1];
      A0[i1][L[i2] % 8] = A0[i1][i1];
    }
  }
}
