// run: --set w=12 --set h=37 --set alpha=0.25
// bench: --set w=4096 --set h=2160 --set alpha=0.25
/* Deriche's recursive (IIR) edge-detection filter: causal and anticausal passes along the rows,
   then along the columns, each a scalar recurrence, in eight loop nests. */
void deriche(int w, int h, float alpha, float imgIn[w][h], float imgOut[w][h], float y1[w][h],
             float y2[w][h])
{
  float k = (1.0f - expf(-alpha)) * (1.0f - expf(-alpha))
          / (1.0f + 2.0f * alpha * expf(-alpha) - expf(2.0f * alpha));
  float a1 = k;
  float a5 = k;
  float a2 = k * expf(-alpha) * (alpha - 1.0f);
  float a6 = a2;
  float a3 = k * expf(-alpha) * (alpha + 1.0f);
  float a7 = a3;
  float a4 = -k * expf(-2.0f * alpha);
  float a8 = a4;
  float b1 = powf(2.0f, -alpha);
  float b2 = -expf(-2.0f * alpha);
  float c1 = 1.0f;
  float c2 = 1.0f;
  for (int i = 0; i < w; i++) {
    float ym1 = 0.0f;
    float ym2 = 0.0f;
    float xm1 = 0.0f;
    for (int j = 0; j < h; j++) {
      y1[i][j] = a1 * imgIn[i][j] + a2 * xm1 + b1 * ym1 + b2 * ym2;
      xm1 = imgIn[i][j];
      ym2 = ym1;
      ym1 = y1[i][j];
    }
  }
  for (int i = 0; i < w; i++) {
    float yp1 = 0.0f;
    float yp2 = 0.0f;
    float xp1 = 0.0f;
    float xp2 = 0.0f;
    for (int j = h - 1; j >= 0; j--) {
      y2[i][j] = a3 * xp1 + a4 * xp2 + b1 * yp1 + b2 * yp2;
      xp2 = xp1;
      xp1 = imgIn[i][j];
      yp2 = yp1;
      yp1 = y2[i][j];
    }
  }
  for (int i = 0; i < w; i++)
    for (int j = 0; j < h; j++)
      imgOut[i][j] = c1 * (y1[i][j] + y2[i][j]);
  for (int j = 0; j < h; j++) {
    float tm1 = 0.0f;
    float ym1 = 0.0f;
    float ym2 = 0.0f;
    for (int i = 0; i < w; i++) {
      y1[i][j] = a5 * imgOut[i][j] + a6 * tm1 + b1 * ym1 + b2 * ym2;
      tm1 = imgOut[i][j];
      ym2 = ym1;
      ym1 = y1[i][j];
    }
  }
  for (int j = 0; j < h; j++) {
    float tp1 = 0.0f;
    float tp2 = 0.0f;
    float yp1 = 0.0f;
    float yp2 = 0.0f;
    for (int i = w - 1; i >= 0; i--) {
      y2[i][j] = a7 * tp1 + a8 * tp2 + b1 * yp1 + b2 * yp2;
      tp2 = tp1;
      tp1 = imgOut[i][j];
      yp2 = yp1;
      yp1 = y2[i][j];
    }
  }
  for (int i = 0; i < w; i++)
    for (int j = 0; j < h; j++)
      imgOut[i][j] = c2 * (y1[i][j] + y2[i][j]);
}
