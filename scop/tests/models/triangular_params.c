/* Triangular and parametric domains with min/max-like bounds written as conditions. */
void tri(int n, int m, double A[n][n])
{
  for (int i = 0; i < n; i++)
    for (int j = i; j < n; j++)
      if (j < m && i + j <= n)
        A[i][j] = A[j][i] + 1.0;
}
