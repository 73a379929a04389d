// run:
/* Floating counters (the front end's `counted`): a `float` stepped by one before its read, a
   `double` stepped down by two after it, computed from the loop's counter (exact: every value
   is an integer the type holds), so the loop runs in lanes. Their last values are read after
   the loop. */
void float_counter(float a[4000], float b[4000], double c[4000], double out[2])
{
  float x = 0;
  double y = 100;
  for (int i = 0; i < 4000; i++) {
    x = x + 1;
    a[i] = x * b[i];
    c[i] = y - b[i];
    y -= 2.0;
  }
  out[0] = x;
  out[1] = y;
}
