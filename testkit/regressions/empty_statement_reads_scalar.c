// run: --set n=0 --set m=0 --set alpha=0.25
// setup: 112
// isl error in DeLICM: a read of the scalar s0 in a statement that never runs (relations with nothing in them)
void kernel(int n, int m, double alpha, double A0[20][20], int L[16]) {
  double s0 = 0.0;
  int s1 = 1;
  if (0 > 0) {
    A0[0][0] = ((A0[0][0] + s0) + A0[0][0]);
  }
}
