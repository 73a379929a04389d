// run: --set n=0 --set m=0 --set alpha=0.25
// setup: 224
// native code (Optimized) differed: the load of L[0] was performed only where its first read (under `if (0 > 0)`) executes
void kernel(int n, int m, double alpha, double A0[20][20], int L[16]) {
  double s0 = 0.0;
  int s1 = 1;
  if (0 > 0) {
    for (int i0 = 0; i0 < L[0] % 9; i0++) {
      A0[i0][i0] = A0[i0][i0];
    }
  }
  A0[0][0] = (A0[0][0] + A0[0][L[0] % 8]);
}
