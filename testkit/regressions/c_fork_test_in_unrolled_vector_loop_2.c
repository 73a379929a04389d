// run: --set n=0 --set m=0 --set alpha=0.25
// setup: 0
// generated C does not compile:
__attribute__((const)) static double optimist_wave(double x) { return x * 0.5 - 0.25; }
__attribute__((const)) static int optimist_tri(int x) { return x % 7 - 3; }
void kernel(int n, int m, double alpha, double A0[20][20], int L[16]) {
  double s0 = 0.0;
  int s1 = 1;
  for (int i0 = 0; i0 < L[0] % 9; i0 += 2) {
    for (int i1 = 0; i1 < 2; i1++) {
      A0[i0 + i0][i0 + 1] = 0.0;
    }
  }
  for (int i2 = 2; i2 < 3; i2++) {
    A0[i2][i2] = (A0[i2][i2] + A0[i2][i2]);
  }
}
