// run: --set start=4 --set num=20
/* Figure 13: fixed-size arrays indexed from start to start + num (IB). */
void copy_block(int start, int num, double A[64][64], double B[64][64])
{
  for (int i = start; i < start + num; i++)
    for (int j = start; j < start + num; j++)
      A[i][j] = B[i][j];
}
