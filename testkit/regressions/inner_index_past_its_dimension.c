// run: --set n=0 --set m=0 --set alpha=0.25
// setup: 0
// versioned C (fallback) differed under gcc -O1: A0[i0][i0][2 * i1 + 2] runs past the innermost dimension (inside the buffer, as the IR allows), and gcc bounded the loop by the declared size; the faithful C now indexes such arrays flat
void kernel(int n, int m, double alpha, double A0[10][10][10], double A1[20][20], double A2[20][20], int L[16]) {
  double s0 = 0.0;
  int s1 = 1;
  double T[20][20];
  for (int t0 = 0; t0 < 20; t0++)
    for (int t1 = 0; t1 < 20; t1++)
      T[t0][t1] = t0 - t1 + n;
  for (int i0 = 0; i0 < 1; i0++) {
    for (long i1 = 2; i1 <= L[1] % 9 - 1; ++i1) {
      A0[i0][i0][2 * i1 + 2] = A0[9 - i0][i0 * i0 % 7][i0];
    }
  }
}
