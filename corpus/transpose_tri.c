// run:
/* A triangle added to its mirror on fixed-size `float` arrays whose rows are 1024 bytes apart
   (narrowed tiles, as in transpose.c: 16 x 16 here, the triangle's edge tiles cut). */
void transpose_tri(float F[256][256], float G[256][256])
{
  for (int i = 1; i < 256; i++)
    for (int j = 0; j < i; j++)
      F[i][j] = F[j][i] + G[i][j];
}
