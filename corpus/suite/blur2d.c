// run: --set h=20 --set w=24
// bench: --set h=8000 --set w=8000
/* Image pipeline: a separable 5-tap binomial blur, rows into tmp then columns into out. */
void blur2d(int h, int w, float in[h][w], float tmp[h][w], float out[h][w])
{
  for (int y = 0; y < h; y++)
    for (int x = 2; x < w - 2; x++)
      tmp[y][x] = (in[y][x - 2] + 4.0f * in[y][x - 1] + 6.0f * in[y][x] + 4.0f * in[y][x + 1]
                   + in[y][x + 2]) * 0.0625f;
  for (int y = 2; y < h - 2; y++)
    for (int x = 2; x < w - 2; x++)
      out[y][x] = (tmp[y - 2][x] + 4.0f * tmp[y - 1][x] + 6.0f * tmp[y][x] + 4.0f * tmp[y + 1][x]
                   + tmp[y + 2][x]) * 0.0625f;
}
