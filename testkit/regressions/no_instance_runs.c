// run: --set n=0 --set m=0 --set alpha=0.25
// setup: 32
// isl error: the model has no instance (every statement under `if (0 > 0)`): isl cannot build a band over nothing
void kernel(int n, int m, double alpha, double A0[20][20], int L[16]) {
  double s0 = 0.0;
  int s1 = 1;
  if (0 > 0) {
    A0[0][0] = A0[0][0];
  }
}
