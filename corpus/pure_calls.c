// run: --set n=40 --set m=36
/* Calls of user functions declared `__attribute__((const))`: opaque operations on their
   arguments, in double, float and integer types, one calling another, in a stencil the
   strategy tiles and a product-like nest. Their definitions are here, so every backend runs
   them (the interpreter and native code through the interpreter, C as `static` copies). */
__attribute__((const)) static double weight(double x, int k) { return x * x / (1.0 + k); }
static inline int wrap_index(int i, int m) __attribute__((const));
static inline int wrap_index(int i, int m) { return (i * 7 + 3) % m; }
__attribute__((__const__)) float soft(float y);
float soft(float y) { return y < 0.0f ? 0.25f * y : y; }
__attribute__((const)) double blend(double a, double b) { return weight(a, 2) + 0.5 * b; }

void pure_calls(int n, int m, double A[n][m], double B[n][m], float F[n][m], int P[n][m])
{
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < m - 1; j++)
      B[i][j] = weight(A[i][j - 1] + A[i][j + 1], i) - blend(A[i - 1][j], A[i + 1][j]);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      F[i][j] = soft(F[i][j] - 0.5f) + (float)B[i][j];
      P[i][j] = wrap_index(i + j, m) + P[i][j] % 5;
    }
}
