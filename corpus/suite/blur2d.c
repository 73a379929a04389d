// run: --set h=20 --set w=24
// bench: --set h=4000 --set w=4000
/* Image pipeline: a separable 3x3 box blur, rows into tmp then columns into out. */
void blur2d(int h, int w, float in[h][w], float tmp[h][w], float out[h][w])
{
  for (int y = 0; y < h; y++)
    for (int x = 1; x < w - 1; x++)
      tmp[y][x] = (in[y][x - 1] + in[y][x] + in[y][x + 1]) * 0.333333f;
  for (int y = 1; y < h - 1; y++)
    for (int x = 1; x < w - 1; x++)
      out[y][x] = (tmp[y - 1][x] + tmp[y][x] + tmp[y + 1][x]) * 0.333333f;
}
