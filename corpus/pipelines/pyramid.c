// run: --set h=20 --set w=23
/* One step of an image pyramid: a 3-tap blur along each axis into local images, then every
   second pixel of the blur kept (out is half the size of in). */
void pyramid(int h, int w, float in[2 * h + 2][2 * w + 2], float out[h][w])
{
  float bx[520][520];
  float by[520][520];
  for (int y = 0; y < 2 * h + 2; y++)
    for (int x = 1; x < 2 * w + 1; x++)
      bx[y][x] = 0.25f * in[y][x - 1] + 0.5f * in[y][x] + 0.25f * in[y][x + 1];
  for (int y = 1; y < 2 * h + 1; y++)
    for (int x = 1; x < 2 * w + 1; x++)
      by[y][x] = 0.25f * bx[y - 1][x] + 0.5f * bx[y][x] + 0.25f * bx[y + 1][x];
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      out[y][x] = by[2 * y + 1][2 * x + 1];
}
