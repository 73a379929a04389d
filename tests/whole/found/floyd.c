/* Shortest paths by Floyd-Warshall on an int graph with an INF macro and a min helper. */
#include <stdio.h>
#define NV 60
#define INF (1 << 20)
static int dist[NV][NV];
static int min2(int a, int b) { return a < b ? a : b; }
int main(void) {
  int i, j, k;
  for (i = 0; i < NV; i++)
    for (j = 0; j < NV; j++)
      dist[i][j] = i == j ? 0 : ((i * 7 + j * 3) % 11 == 0 ? (i + j) % 9 + 1 : INF);
  for (k = 0; k < NV; k++)
    for (i = 0; i < NV; i++)
      for (j = 0; j < NV; j++)
        dist[i][j] = min2(dist[i][j], dist[i][k] + dist[k][j]);
  long s = 0;
  int reach = 0;
  for (i = 0; i < NV; i++)
    for (j = 0; j < NV; j++)
      if (dist[i][j] < INF) {
        s += dist[i][j];
        reach++;
      }
  printf("%ld %d\n", s, reach);
  return 0;
}
