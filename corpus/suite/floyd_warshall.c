// run: --set n=20
// bench: --set n=1000
/* Dynamic programming: all-pairs shortest paths on integer weights. */
void floyd_warshall(int n, int path[n][n])
{
  for (int k = 0; k < n; k++)
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        path[i][j] = path[i][j] < path[i][k] + path[k][j] ? path[i][j] : path[i][k] + path[k][j];
}
