// run:
/* Integer counters of loop nests (the front end's `induction`): `k` walks a flat array along a
   column recurrence, stepped in the inner loop and once more in the outer one; `m` steps twice
   in one body, before and between its reads. Computed from the loops' counters, the nest is
   the model's to interchange and tile. Their last values are read after the loops. */
void int_counter_nest(double b[96][96], double c[96][96], double flat[9216], double out[2])
{
  int k = 1;
  for (int i = 0; i < 96; i++) {
    for (int j = 1; j < 96; j++) {
      b[j][i] = b[j - 1][i] + flat[k - 1] * c[j][i];
      k++;
    }
    k++;
  }
  int m = 0;
  for (int i = 0; i < 3000; i += 2) {
    m += 2;
    flat[m] = flat[m - 1] * 0.5;
    m = m + 1;
    flat[m + 4000] = c[i % 96][i / 96] + 1.0;
  }
  out[0] = k;
  out[1] = m;
}
