// run: --set k=3 --array grid=3,4,7,9
/* Figure 1: loop bounds loaded from grid[0] and grid[1] (RT), a fixed-size array indexed up to
   them (IB), and grid written through the same kind of pointer as rhs (AA). */
void compute_rhs(int k, int grid[4], int rhs[8][8][5])
{
  for (int j = 0; j < grid[0] + 1; j++)
    for (int i = 0; i < grid[1] + 1; i++)
      for (int m = 0; m < 5; m++)
        rhs[j][i][m] = grid[2] * 1000 + j * 100 + i * 10 + m;
  grid[k] = grid[3] + 1;
}
