// run: --set h=20 --set w=24
// bench: --set h=6000 --set w=6000
/* Image pipeline: a 5x5 convolution with a weight table. */
void conv2d(int h, int w, float in[h][w], float wt[5][5], float out[h][w])
{
  for (int y = 2; y < h - 2; y++)
    for (int x = 2; x < w - 2; x++) {
      out[y][x] = 0.0f;
      for (int dy = 0; dy < 5; dy++)
        for (int dx = 0; dx < 5; dx++)
          out[y][x] += wt[dy][dx] * in[y + dy - 2][x + dx - 2];
    }
}
