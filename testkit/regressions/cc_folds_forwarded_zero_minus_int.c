// run: --set n=0 --set m=4 --set q=1.25
// run: --set n=1 --set m=4 --set q=1.25
// run: --set n=2 --set m=4 --set q=1.25
// run: --set n=3 --set m=4 --set q=1.25
// run: --set n=4 --set m=4 --set q=1.25
// run: --set n=5 --set m=4 --set q=1.25
// run: --set n=6 --set m=4 --set q=1.25
// run: --set n=7 --set m=4 --set q=1.25
// run: --set n=8 --set m=4 --set q=1.25
// setup: 0
// Issue 40, program 1 (random programs nobody here wrote): the C back end gave -0.0 in B where
// the interpreter and native code give +0.0. DeLICM forwards s = 0.0 into B[i][j-2] = (s - C[j-1])/3/3,
// and gcc 12's front end folded the printed 0.0 - (double)C[...] into -(double)C[...] at every -O
// level. A floating zero is now printed as a compound literal, which that fold does not see.
void kernel(int n, int m, double q, float A[n + 4][n + 4], double B[n + 4][24], long C[n + 4]) {
  double s = 0.0;
  double t[n + 4];
  for (int i = 0; i < n + 4; i++)
    t[i] = i * 0.5;
  for (int i = 2; i < n + 2; i++) {
    for (int j = 2; j < i + 1; j++) {
      for (int k = 2; k < j + 1; k++) {
        C[i - 2] = (((5 * j) + (B[k + 1][i + 1] - B[j - 1][j - 2])) + (t[j] * (i + A[i + 1][i - 2])));
      }
      C[i - 2] = 4;
    }
    for (int j = 2; j < n + 2; j++) {
      B[i + 0][j - 2] = (((s - C[j - 1]) / 3) / 3);
      for (int k = 2; k < n + 2; k += 2) {
        t[k] = (A[i + 0][k + 1] * ((A[i + 0][i - 2] * C[j - 1]) + k));
        C[i + 1] = A[j + 0][k - 1];
      }
    }
  }
  A[2][2] = s + t[2];
}
