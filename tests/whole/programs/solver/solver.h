#define N 40
#define STEPS 6
extern double u[N][N], f[N][N];
void setup(void);
double solve(int steps);
double norm(int n, double r[n][n]);
