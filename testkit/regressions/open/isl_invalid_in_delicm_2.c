// run: --set n=0 --set m=0 --set alpha=0.25 --len A0=480
// setup: 60
// OPEN (soak 2026-11-27, seed 1795750573): auto, register blocks, every pass, threads 1, vector true, registers true: pass `delicm`: isl error (invalid): affine expression involves some of the domain dimensions (at ./isl_domain_factor_templ.c:26)
// The isl error of isl_invalid_in_delicm.c again (isl_domain_factor_templ.c:26), in another
// program: isl reports it as an error, the optimization is lost and the faithful code runs with
// the interpreter's bits. Not fixed.
__attribute__((const)) static double optimist_wave(double x) { return x * 0.5 - 0.25; }
__attribute__((const)) static int optimist_tri(int x) { return x % 7 - 3; }
void kernel(int n, int m, double alpha, double *A0, int L[16]) {
  double s0 = 0.0;
  int s1 = 1;
  for (int i0 = 1; i0 < 8; i0 += 2) {
    for (int i1 = i0 + 1 - 1; i1 >= 1; i1--) {
      s1 += (int)(A0[(2 * i0 + 0) * 20 + i0]);
      s1 = (int)(A0[(i0) * 20 + i0]);
    }
  }
}
