/* The loop counter is changed in the body: the loop is not a counted loop. */
void skip(int n, double A[n])
{
  for (int i = 0; i < n; i++) {
    A[i] = 1.0;
    i = i + 1;
  }
}
