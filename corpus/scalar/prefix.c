// run: --set n=40
/* prefix.c with the running sum in a scalar: its value is live from one iteration to the next
   and B[i] is written right after it is computed, so no element is free to hold it: DeLICM
   must leave it alone, and the hashes stay the program's. */
void prefix(int n, double A[n], double B[n])
{
  double s = 0.0;
  for (int i = 0; i < n; i++) {
    s = s + A[i];
    B[i] = s;
  }
}
