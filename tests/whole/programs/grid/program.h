#define N 48
void grid_init(void);
void grid_step(int steps);
double grid_sum(void);
void field_scale(int n, float a, float X[n], float Y[n]);
void products_mm(int n, double C[n][n], double A[n][n], double B[n][n]);
double products_trace(int n);
