// run: --set n=0 --set m=0 --set alpha=0.25
// setup: 3
// isl error (unknown): isl's scheduler is unable to carry the dependences; the program's order is kept (allowed)
void kernel(int n, int m, double alpha, double A0[20][20], int L[16]) {
  double s0 = 0.0;
  int s1 = 1;
  for (int i0 = 2 - 1; i0 >= 0; i0--) {
    for (int i1 = 0; i1 < 2; i1++) {
      A0[i0][i0] = (A0[i0][i0] + (A0[i0][i0] + (-A0[i0 * i0 % 7][i0])));
    }
  }
}
