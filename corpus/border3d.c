// run: --set T=4 --set R=6 --set S=7
/* A 3-D diagonal stencil over data with a one-element border (paper 001, Listing 6): every
   dimension has size `P + 2`. */
void border3d(int T, int R, int S, double In[T + 2][R + 2][S + 2], double Out[T + 2][R + 2][S + 2])
{
  for (int i = 1; i <= T; i++)
    for (int j = 1; j <= R; j++)
      for (int k = 1; k <= S; k++)
        Out[i][j][k] = (In[i - 1][j - 1][k - 1] + In[i - 1][j + 1][k + 1]
                        + In[i + 1][j - 1][k + 1] + In[i + 1][j + 1][k - 1]) / 4;
}
