// run: --set h=34 --set w=37
/* Harris corner response: image gradients, their products, 3x3 sums of the products, and the
   response det - k trace^2. Every intermediate image is local; only `out` is observable. */
void harris(int h, int w, float in[h][w], float out[h][w])
{
  float ix[256][256];
  float iy[256][256];
  float ixx[256][256];
  float iyy[256][256];
  float ixy[256][256];
  for (int y = 1; y < h - 1; y++)
    for (int x = 1; x < w - 1; x++) {
      ix[y][x] = in[y][x + 1] - in[y][x - 1];
      iy[y][x] = in[y + 1][x] - in[y - 1][x];
    }
  for (int y = 1; y < h - 1; y++)
    for (int x = 1; x < w - 1; x++) {
      ixx[y][x] = ix[y][x] * ix[y][x];
      iyy[y][x] = iy[y][x] * iy[y][x];
      ixy[y][x] = ix[y][x] * iy[y][x];
    }
  for (int y = 2; y < h - 2; y++)
    for (int x = 2; x < w - 2; x++) {
      float sxx = ixx[y - 1][x - 1] + ixx[y - 1][x] + ixx[y - 1][x + 1]
                + ixx[y][x - 1] + ixx[y][x] + ixx[y][x + 1]
                + ixx[y + 1][x - 1] + ixx[y + 1][x] + ixx[y + 1][x + 1];
      float syy = iyy[y - 1][x - 1] + iyy[y - 1][x] + iyy[y - 1][x + 1]
                + iyy[y][x - 1] + iyy[y][x] + iyy[y][x + 1]
                + iyy[y + 1][x - 1] + iyy[y + 1][x] + iyy[y + 1][x + 1];
      float sxy = ixy[y - 1][x - 1] + ixy[y - 1][x] + ixy[y - 1][x + 1]
                + ixy[y][x - 1] + ixy[y][x] + ixy[y][x + 1]
                + ixy[y + 1][x - 1] + ixy[y + 1][x] + ixy[y + 1][x + 1];
      out[y][x] = sxx * syy - sxy * sxy - 0.04f * (sxx + syy) * (sxx + syy);
    }
}
