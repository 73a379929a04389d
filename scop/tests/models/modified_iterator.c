/* The loop counter is changed in the middle of the body: the loop is not a counted loop (a
   step as the body's last statement would be one: `corpus/counter_steps.c`). */
void skip(int n, double A[n])
{
  for (int i = 0; i < n; i++) {
    A[i] = 1.0;
    i = i + 1;
    A[i] = 2.0;
  }
}
