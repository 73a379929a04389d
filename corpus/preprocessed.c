// run: --set m=12
#include <math.h>
#define N 24
#define SQUARE(x) ((x) * (x))
/* Macros and a system header: the front end runs the preprocessor. */
void norms(int m, double A[m][N], double out[m])
{
  for (int i = 0; i < m; i++) {
    double s = 0;
    for (int j = 0; j < N; j++)
      s += SQUARE(A[i][j]);
    out[i] = sqrt(s);
  }
}
