// run: --set n=0 --set m=0 --set alpha=0.25
// setup: 312
// isl error: DeLICM removes the only statement (a dead store into a local scalar): nothing left to schedule
void kernel(int n, int m, double alpha, double A0[20][20], int L[16]) {
  double s0 = 0.0;
  int s1 = 1;
  s0 = A0[0][0];
}
