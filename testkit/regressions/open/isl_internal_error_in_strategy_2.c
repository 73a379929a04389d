// run: --set n=0 --set m=0 --set alpha=0.25
// setup: 36
// auto, propagate, threads 1, vector false, registers false: automatic strategy failed, original order kept: isl: isl error (internal): total dimensionality changed unexpectedly (at isl_map_simplify.c:5990)
void kernel(int n, int m, double alpha, double A0[20][20], int L[16]) {
  double s0 = 0.0;
  int s1 = 1;
  for (int i0 = 2 - 1; i0 >= 0; i0--) {
    for (int i1 = 0; i1 < i0 + 1; i1 += 2) {
      for (int i2 = 0; i2 < L[0] % 9; i2++) {
        A0[i0][i0 + 2] = A0[i0][i0];
      }
      A0[i0][i0 + 2] = A0[i0][i0];
    }
  }
}
