/* The game of life on a torus (neighbours by modulo) and on a fixed board (no wrap). */
#include <stdio.h>
#define N 48
static int board[N][N], next[N][N], fixed[N][N], fnext[N][N];
int main(void) {
  int i, j, g;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      fixed[i][j] = board[i][j] = ((i * 3 + j * 5) % 7) < 2;
  for (g = 0; g < 6; g++) {
    for (i = 0; i < N; i++)
      for (j = 0; j < N; j++) {
        int n = board[(i + N - 1) % N][j] + board[(i + 1) % N][j] + board[i][(j + N - 1) % N] + board[i][(j + 1) % N];
        next[i][j] = n == 3 || (board[i][j] && n == 2);
      }
    for (i = 0; i < N; i++)
      for (j = 0; j < N; j++)
        board[i][j] = next[i][j];
    for (i = 1; i < N - 1; i++)
      for (j = 1; j < N - 1; j++) {
        int n = fixed[i - 1][j] + fixed[i + 1][j] + fixed[i][j - 1] + fixed[i][j + 1];
        fnext[i][j] = n == 3 || (fixed[i][j] && n == 2);
      }
    for (i = 1; i < N - 1; i++)
      for (j = 1; j < N - 1; j++)
        fixed[i][j] = fnext[i][j];
  }
  int alive = 0, alive2 = 0;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      alive += board[i][j];
      alive2 += fixed[i][j];
    }
  printf("%d %d\n", alive, alive2);
  return 0;
}
