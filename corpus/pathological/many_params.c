// run: --set p0=3 --set p1=4 --set p2=5 --set p3=3 --set p4=4 --set p5=5 --set p6=3 --set p7=4 --set p8=5 --set p9=3 --set p10=4 --set p11=5
/* Pathological: twelve parameters, each bounding its own loop of a chain of statements that
   read what the one before wrote, so every dependence and the run-time check speak of all. */
void many_params(int p0, int p1, int p2, int p3, int p4, int p5, int p6, int p7, int p8, int p9, int p10, int p11, double A[13][8])
{
  for (int i = 0; i < p0 && i < 8; i++)
    A[1][i] = A[0][i] + A[0][(i + p1) % 8] * 0.5;
  for (int i = 0; i < p1 && i < 8; i++)
    A[2][i] = A[1][i] + A[1][(i + p2) % 8] * 0.5;
  for (int i = 0; i < p2 && i < 8; i++)
    A[3][i] = A[2][i] + A[2][(i + p3) % 8] * 0.5;
  for (int i = 0; i < p3 && i < 8; i++)
    A[4][i] = A[3][i] + A[3][(i + p4) % 8] * 0.5;
  for (int i = 0; i < p4 && i < 8; i++)
    A[5][i] = A[4][i] + A[4][(i + p5) % 8] * 0.5;
  for (int i = 0; i < p5 && i < 8; i++)
    A[6][i] = A[5][i] + A[5][(i + p6) % 8] * 0.5;
  for (int i = 0; i < p6 && i < 8; i++)
    A[7][i] = A[6][i] + A[6][(i + p7) % 8] * 0.5;
  for (int i = 0; i < p7 && i < 8; i++)
    A[8][i] = A[7][i] + A[7][(i + p8) % 8] * 0.5;
  for (int i = 0; i < p8 && i < 8; i++)
    A[9][i] = A[8][i] + A[8][(i + p9) % 8] * 0.5;
  for (int i = 0; i < p9 && i < 8; i++)
    A[10][i] = A[9][i] + A[9][(i + p10) % 8] * 0.5;
  for (int i = 0; i < p10 && i < 8; i++)
    A[11][i] = A[10][i] + A[10][(i + p11) % 8] * 0.5;
  for (int i = 0; i < p11 && i < 8; i++)
    A[12][i] = A[11][i] + A[11][(i + p0) % 8] * 0.5;
}
