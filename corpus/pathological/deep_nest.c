// run: --set n=3
/* Pathological: an eight-deep nest with a dependence along every loop. */
void deep_nest(int n, double A[n][n][n][n][n][n][n][n])
{
  for (int a = 1; a < n; a++)
    for (int b = 1; b < n; b++)
      for (int c = 1; c < n; c++)
        for (int d = 1; d < n; d++)
          for (int e = 1; e < n; e++)
            for (int f = 1; f < n; f++)
              for (int g = 1; g < n; g++)
                for (int h = 1; h < n; h++)
                  A[a][b][c][d][e][f][g][h] = A[a - 1][b][c][d][e][f][g][h - 1]
                      + A[a][b - 1][c][d][e][f][g - 1][h] + A[a][b][c - 1][d][e][f - 1][g][h]
                      + A[a][b][c][d - 1][e - 1][f][g][h];
}
