// run: --set h=40 --set w=36
/* A separable 3x3 box blur: the horizontal pass goes to a local image, the vertical pass reads
   it. Expression propagation computes the horizontal sums where the vertical pass reads them. */
void blur_sep(int h, int w, float in[h][w], float out[h][w])
{
  float bx[512][512];
  for (int y = 0; y < h; y++)
    for (int x = 1; x < w - 1; x++)
      bx[y][x] = (in[y][x - 1] + in[y][x] + in[y][x + 1]) / 3.0f;
  for (int y = 1; y < h - 1; y++)
    for (int x = 1; x < w - 1; x++)
      out[y][x] = (bx[y - 1][x] + bx[y][x] + bx[y + 1][x]) / 3.0f;
}
