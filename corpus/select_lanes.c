// run: --set n=37 --set m=13
/* Conditional expressions in loops that run in vector lanes: both arms computed in every lane
   and a mask from the comparison picking one (doubles, floats, signed and unsigned integers of
   32 and 64 bits), and a row split where the dependences of its loop meet (Floyd-Warshall's
   shape, on 64-bit integers). */
void select_lanes(int n, int m, double A[n][m], double B[n][m], float F[n][m], int I[n][m],
                  unsigned U[n][m], long L[n][n])
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      B[i][j] = A[i][j] > 0.25 ? A[i][j] * 2.0 : 0.5 - A[i][j];
      F[i][j] = F[i][j] <= (float)0.5 ? F[i][j] + 1.0f : -F[i][j];
      I[i][j] = I[i][j] != 3 ? I[i][j] * 3 - 7 : I[i][j];
      U[i][j] = U[i][j] >= 2147483648u ? U[i][j] - 5u : U[i][j] + 5u;
    }
  for (int k = 0; k < n; k++)
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        L[i][j] = L[i][k] + L[k][j] < L[i][j] ? L[i][k] + L[k][j] : L[i][j];
}
