// run: --set n=200
/* unsigned char arithmetic wraps; an unsigned char counter with a `!=` exit. */
void checksum(int n, unsigned char data[n], unsigned char out[4], unsigned short sums[8])
{
  for (int i = 0; i < n; i++)
    data[i] = data[i] * 37 + 11;
  for (unsigned char c = 0; c != 8; c++)
    sums[c] = 65500;
  for (int i = 0; i < n; i++)
    sums[i % 8] += data[i] * 3;
  unsigned char x = 250;
  for (int k = 0; k < 4; k++) {
    x += 3;
    out[k] = (unsigned char)(x << 2) ^ (x >> 1);
  }
}
