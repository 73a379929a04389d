#pragma scop
for (t = 0; t < T; t++) {
  for (i = 1; i < N - 1; i++)
    B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
  for (i = 1; i < N - 1; i++)
    A[i] = B[i];
}
#pragma endscop
