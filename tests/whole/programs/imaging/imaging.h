#define H 36
#define W 52
void blur(int h, int w, float img[h][w], float out[h][w]);
void levels(int h, int w, float img[h][w], int hist[16]);
