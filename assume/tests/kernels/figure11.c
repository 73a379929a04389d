// run: --set lb=3 --set ub=50
/* Figure 11: a `!=` exit, bounded only when lb <= ub (BL); for lb > ub the unsigned char
   counter wraps around to reach ub. */
void ne_loop(unsigned char lb, unsigned char ub, double A[256])
{
  for (unsigned char c = lb; c != ub; c++)
    A[c] = A[c] * 2.0 + 1.0;
}
