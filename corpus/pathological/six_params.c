// run: --set n1=3 --set n2=4 --set n3=3 --set n4=4 --set n5=3 --set n6=4
/* Pathological: a six-deep nest with six parameters, skewed accesses and a reduction. */
void six_params(int n1, int n2, int n3, int n4, int n5, int n6,
                double A[n1 + n2][n3 + n4][n5 + n6], double B[n1][n2][n3][n4][n5][n6])
{
  for (int i = 0; i < n1; i++)
    for (int j = 0; j < n2; j++)
      for (int k = 0; k < n3; k++)
        for (int l = 0; l < n4; l++)
          for (int m = 0; m < n5; m++)
            for (int p = 0; p < n6; p++)
              A[i + j][k + l][m + p] += B[i][j][k][l][m][p] * A[i + j][k + l][p];
}
