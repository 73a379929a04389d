// run: --set n=0
// run: --set n=1
// run: --set n=2
// run: --set n=3
// run: --set n=4
// run: --set n=5
// run: --set n=6
// run: --set n=7
// run: --set n=8
// setup: 0
// Issue 40, after a SCoP-extraction test of a C front end: two blocks each declare float b[n][n];
// the C fallback declared both at the top of the function (cc: redeclaration of 'b').
void k(int n, float a[n][n]) {
  for (int i = 0; i < n; i++) {
    float b[n][n];
    for (int j = 0; j < n; j++) { b[i][j] = a[i][j]; a[i][j] = b[i][j] * 2; }
  }
  for (int i = 0; i < n; i++) {
    float b[n][n];
    for (int j = 0; j < n; j++) { b[i][j] = a[i][j] + 1; a[i][j] = b[i][j]; }
  }
}
