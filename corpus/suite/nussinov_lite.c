// run: --set n=20
// bench: --set n=1500
/* Dynamic programming: a maximum over split points of a triangular table (the core of
   Nussinov's RNA folding), on integers. */
void nussinov_lite(int n, int table[n][n])
{
  for (int i = n - 1; i >= 0; i--)
    for (int j = i + 1; j < n; j++)
      for (int k = i + 1; k < j; k++)
        table[i][j] = table[i][j] > table[i][k] + table[k + 1][j]
                        ? table[i][j] : table[i][k] + table[k + 1][j];
}
