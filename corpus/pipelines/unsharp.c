// run: --set h=38 --set w=41 --set amount=0.75
/* Unsharp mask: a separable blur in two local images, then the input sharpened by its
   difference to the blur. Only `out` is observable. */
void unsharp(int h, int w, float amount, float in[h][w], float out[h][w])
{
  float bx[512][512];
  float by[512][512];
  for (int y = 0; y < h; y++)
    for (int x = 1; x < w - 1; x++)
      bx[y][x] = 0.25f * in[y][x - 1] + 0.5f * in[y][x] + 0.25f * in[y][x + 1];
  for (int y = 1; y < h - 1; y++)
    for (int x = 1; x < w - 1; x++)
      by[y][x] = 0.25f * bx[y - 1][x] + 0.5f * bx[y][x] + 0.25f * bx[y + 1][x];
  for (int y = 1; y < h - 1; y++)
    for (int x = 1; x < w - 1; x++)
      out[y][x] = in[y][x] + amount * (in[y][x] - by[y][x]);
}
