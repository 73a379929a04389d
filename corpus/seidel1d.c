// run: --set steps=5 --set n=40
/* In-place 1-D smoothing: every point reads values written in the same sweep. */
void smooth(int steps, int n, float A[n])
{
  for (int t = 0; t < steps; t++)
    for (int i = 1; i <= n - 2; i++)
      A[i] = (A[i - 1] + A[i] + A[i + 1]) / 3.0f;
}
