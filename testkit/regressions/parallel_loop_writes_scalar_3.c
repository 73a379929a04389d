// run: --set n=1 --set m=0 --set alpha=0.25
// setup: 287
// auto tile 3, no pass, threads 3, vector false, registers false: native code (Optimized): ["A0 07371d4b07a4f808", "A1 b61a8dc33af62873", "L 86fe2d5e1dd8e2f5", "return aab1693229ba1db8"], interpreter ["A0 07371d4b07a4f808", "A1 b61a8dc33af62873", "L 86fe2d5e1dd8e2f5", "return aaade93229b70e61"]
double kernel(int n, int m, double alpha, double A0[20][20], int A1[20][20], int L[16]) {
  double s0 = 0.0;
  int s1 = 1;
  double T[20][20];
  for (int t0 = 0; t0 < 20; t0++)
    for (int t1 = 0; t1 < 20; t1++)
      T[t0][t1] = t0 - t1 + n;
  if ((A0[0][0] + T[0][0]) > 0.5) {
    s0 = A0[0][0];
  }
  return s0 + s1;
}
