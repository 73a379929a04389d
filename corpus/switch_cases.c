// run: --set n=40 --set kind=1
/* `switch` statements as structured code writes them: on a parameter (a boundary kind), on
   the counter (grouped cases, `default` among them), and on data a clause changes (with a
   clause that falls through into the next). */
void switch_cases(int n, int kind, double U[n], int T[n], double V[n])
{
  for (int i = 0; i < n; i++) {
    switch (kind) {
    case 0:
      U[i] = 1.0;
      break;
    case 1:
      U[i] = U[i] * 0.5 + i;
      break;
    default:
      U[i] = -U[i];
    }
  }
  for (int i = 0; i < n; i++) {
    switch (i % 4) {
    case 0:
    case 2:
      V[i] = V[i] + 1.0;
      break;
    default:
      V[i] = V[i] * 2.0;
      break;
    case 3:
      V[i] = 0.25;
      break;
    }
  }
  for (int i = 0; i < n; i++) {
    switch (T[i] & 3) {
    case 1:
      T[i] = T[i] + 2;
    case 2:
      U[i] = U[i] + T[i];
      break;
    case 3:
      T[i] = 0;
      break;
    }
  }
}
