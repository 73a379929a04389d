// run: --set T=4 --set R=6 --set S=7 --len In=432 --len Out=432
/* border3d.c with flat pointers (paper 001, Listing 7): sizes `R + 2` and `S + 2`, the shape of
   §4 that the division alone cannot find. */
void border3d(int T, int R, int S, double *In, double *Out)
{
  for (int i = 1; i <= T; i++)
    for (int j = 1; j <= R; j++)
      for (int k = 1; k <= S; k++)
        Out[(i * (R + 2) + j) * (S + 2) + k] =
            (In[((i - 1) * (R + 2) + j - 1) * (S + 2) + k - 1] + In[((i - 1) * (R + 2) + j + 1) * (S + 2) + k + 1]
             + In[((i + 1) * (R + 2) + j - 1) * (S + 2) + k + 1] + In[((i + 1) * (R + 2) + j + 1) * (S + 2) + k - 1]) / 4;
}
