// run: --set n=0 --set m=0 --set alpha=0.25 --alias A1=A0+0
// setup: 72
// auto, delicm, threads 1, vector true, registers true: native run: the kernel would touch elements of `A1` outside its buffer
void kernel(int n, int m, double alpha, double A0[n + 20], double *A1, int L[16]) {
  double s0 = 0.0;
  int s1 = 1;
  if ((0.0 * 0.0) > 0.5) {
    for (int i0 = 1; i0 < 2; i0++) {
      A1[(i0) * 20 + i0] = A0[i0];
    }
  }
}
