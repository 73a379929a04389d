/* A read and a write of the same element in one instance: a same-instance anti-dependence. */
void bump(int n, int A[n])
{
  for (int i = 0; i < n; i++)
    A[i] = A[i] + 1;
}
