// run:
/* A transpose of a fixed-size array whose rows are 2048 bytes apart (`loopy`'s tile sizes: a
   column's lines crowd 2 of the first cache's 64 sets, so the tiles are narrowed to 8 x 8). */
void transpose(double A[256][256], double B[256][256])
{
  for (int i = 0; i < 256; i++)
    for (int j = 0; j < 256; j++)
      A[i][j] = B[j][i] * 0.5;
}
