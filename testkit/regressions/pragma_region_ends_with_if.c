// run: --set n=0 --set m=0 --set alpha=0.25
// setup: 0
// front end: `#pragma scop` region must start and end at statement boundaries (an `if` without `else` at the end of a region)
void kernel(int n, int m, double alpha, double A0[20][20], int L[16]) {
  double s0 = 0.0;
  int s1 = 1;
#pragma scop
  if (0 > 0) {
    A0[0][0] = A0[0][0];
  }
#pragma endscop
}
