// The loop collection of benches/loops/ (cfifelse): the model evaluated the `else` statement's
// guard after the `then` statement had written what the condition reads, so both branches ran
// where `a[i] > b[i]` held (a[i] = b[i], then !(a[i] > b[i]), then a[i] = c[i]). A condition on
// data whose `then` branch writes what it reads is now refused when there is an `else`.
void kernel(float a[64], float b[64], float c[64]) {
  for (int i = 0; i < 64; i++) {
    if (a[i] > b[i])
      a[i] = b[i];
    else
      a[i] = c[i];
  }
}
