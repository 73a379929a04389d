/* A bound read from memory inside the loop nest: not invariant, so not modeled. */
void rows(int n, int len[n], double A[n][64])
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < len[i]; j++)
      A[i][j] = 0.0;
}
