/* Two kernels, each with its region, in one file: a blur over rows, then one over columns,
   and a float sum that returns its value. */
#include <stdio.h>
#include <string.h>
#define H 120
#define W 130
static float img[H][W], tmp[H][W], out[H][W];
void blur_rows(int h, int w, float In[H][W], float Out[H][W]) {
#pragma scop
  for (int i = 0; i < h; i++)
    for (int j = 1; j < w - 1; j++)
      Out[i][j] = (In[i][j - 1] + In[i][j] + In[i][j + 1]) / 3.0f;
#pragma endscop
}
void blur_columns(int h, int w, float In[H][W], float Out[H][W]) {
#pragma scop
  for (int i = 1; i < h - 1; i++)
    for (int j = 0; j < w; j++)
      Out[i][j] = (In[i - 1][j] + In[i][j] + In[i + 1][j]) / 3.0f;
#pragma endscop
}
double total(int h, int w, float A[H][W]) {
  double s = 0.0;
#pragma scop
  for (int i = 0; i < h; i++)
    for (int j = 0; j < w; j++)
      s += A[i][j];
#pragma endscop
  return s;
}
int main(void) {
  for (int i = 0; i < H; i++)
    for (int j = 0; j < W; j++)
      img[i][j] = (float)((i * 31 + j * 17) % 97) / 7.0f;
  blur_rows(H, W, img, tmp);
  blur_columns(H, W, tmp, out);
  unsigned long long h = 14695981039346656037ull;
  for (int i = 0; i < H; i++)
    for (int j = 0; j < W; j++) {
      unsigned int v;
      memcpy(&v, &out[i][j], 4);
      h = (h ^ v) * 1099511628211ull;
    }
  double s = total(H, W, out);
  unsigned long long t;
  memcpy(&t, &s, 8);
  printf("%016llx %016llx\n", h, t);
  return 0;
}
