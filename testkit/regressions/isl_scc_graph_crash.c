// run: --set n=0 --set m=10 --set q=1.25 --len B=600
// run: --set n=1 --set m=10 --set q=1.25 --len B=600
// run: --set n=2 --set m=10 --set q=1.25 --len B=600
// run: --set n=3 --set m=10 --set q=1.25 --len B=600
// run: --set n=4 --set m=10 --set q=1.25 --len B=600
// run: --set n=5 --set m=10 --set q=1.25 --len B=600
// run: --set n=6 --set m=10 --set q=1.25 --len B=600
// run: --set n=7 --set m=10 --set q=1.25 --len B=600
// run: --set n=8 --set m=10 --set q=1.25 --len B=600
// setup: 0
// Issue 40, program 2: isl 0.27's scheduler wrote out of bounds in isl_scc_graph_sort_components
// (SIGSEGV through both back ends, for every n): an SCC-graph edge whose dependence map was empty
// ran against the SCCs' topological order. Fixed in isl's source, isl-sys/README.md. At n = 8
// the program converts an out-of-range double to long: the interpreter refuses it (no reference).
void kernel(int n, int m, double q, long A[24][24], float *B, long C[24][n + 4]) {
  double s = 0.0;
  double t[n + 4];
  for (int i = 0; i < n + 4; i++)
    t[i] = i * 0.5;
  for (int i = 2; i < n + 2; i++) {
    C[i + 0][i + 1] = (((C[i - 1][i - 1] + C[i + 0][i + 1]) / 3) + C[i - 2][i - 2]);
    A[i - 1][i + 1] = (((B[(i - 1) * (n + 4) + i + 1] / 3) + (A[i - 1][i + 0] + s)) - ((i + i) / 3));
  }
  for (int i = 2; i < n + 2; i++) {
    for (int j = 2; j < i + 1; j++) {
      s = s + (((A[j - 1][j + 0] - A[j + 1][i + 0]) + (5 * j)) - ((t[i] - C[j + 1][i + 1]) * (4 + s)));
      for (int k = 2; k < n + 2; k++) {
        A[k + 1][j - 1] = (((C[j - 2][k + 1] - k) + (B[(i + 0) * (n + 4) + i + 0] - j)) * ((C[i + 1][k + 0] + A[j + 1][k - 2]) + (C[i - 2][i - 1] - C[i - 2][j - 2])));
      }
    }
    for (int j = 2; j < n + 2; j++) {
      A[i + 1][j - 2] = (((B[(j - 1) * (n + 4) + i - 1] * C[j - 2][j - 2]) + C[j - 2][i - 2]) + q);
    }
  }
  for (int i = n + 2 - 1; i >= 2; i--) {
    for (int j = 2; j < i + 1; j++) {
      B[(i + 1) * (n + 4) + j + 1] = A[j + 0][i - 1];
      for (int k = 2; k < j + 1; k++) {
        s = s + ((q - (B[(k - 2) * (n + 4) + j + 1] + C[i - 1][k + 0])) - ((i / 3) - B[(j + 0) * (n + 4) + j + 1]));
        C[i - 2][j + 0] = (((k * B[(i + 1) * (n + 4) + j - 2]) + (t[i] + A[j + 1][j - 1])) + ((k - 1) - (A[k + 1][k - 2] * A[i + 1][i + 1])));
      }
    }
    for (int j = n + 2 - 1; j >= 2; j--) {
      C[j - 1][j + 1] = (C[i - 2][i - 2] / 3);
    }
  }
  A[2][2] = s + t[2];
}
