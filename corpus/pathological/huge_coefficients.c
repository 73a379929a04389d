// run: --set n=5 --len A=200
/* Pathological: subscripts and bounds with large coefficients and remainders of them (isl's
   integer divisions with large constants), next to a stencil on the same array. */
void huge_coefficients(int n, double *A, double B[n][n])
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n && j < 1000003 * i + 999983; j++)
      B[i][j] = A[(1000003 * i + 999983 * j) % 97] + A[(65537 * i + 257 * j) % 101 + 90];
  for (int i = 1; i < n; i++)
    for (int j = 1; j < n; j++)
      B[i][j] = B[i - 1][j] * 0.5 + B[i][(2147483 * j + 1) % n] * 0.25;
}
