// run: --set n=3 --set m=5 --set alpha=1.5
// setup: 52
// generated C does not compile:
__attribute__((const)) static double optimist_wave(double x) { return x * 0.5 - 0.25; }
__attribute__((const)) static int optimist_tri(int x) { return x % 7 - 3; }
void kernel(int n, int m, double alpha, double A0[n + 20], double A1[20][20], int L[16]) {
  double s0 = 0.0;
  int s1 = 1;
  for (int i0 = 0; i0 < 1; i0++) {
    for (int i1 = 0; i1 < 1; i1++) {
      A0[0] = (A0[i1 + 2] + A0[i0 + 1]);
    }
  }
  for (int i2 = 2; i2 < n; i2++) {
    for (int i3 = 8 - 1; i3 >= 1; i3--) {
      A0[i2 + 2] = (8);
    }
  }
  A0[2 + 1] = (s0 + ((int)(A0[9 - 0])));
}
