// run:
/* A 5-point stencil on a fixed-size 100 x 100 grid. */
void fixed2d(double A[100][100], double B[100][100])
{
  for (int i = 1; i < 99; i++)
    for (int j = 1; j < 99; j++)
      B[i][j] = 0.2 * (A[i][j] + A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]);
}
