/* Loops of the collection (benches/loops/gen.py writes this file): float. */
#include "loops.h"
typedef float REAL;
static REAL a[N], b[N], c[N], d[N], e[N];
static REAL aa[M][M], bb[M][M], cc[M][M];
static int ip[N];

static void init_float3(void) {
  int i, j;
  for (i = 0; i < N; i++) {
    a[i] = (REAL)((i * 7) % 23 - 11) / 8;
    b[i] = (REAL)((i * 5) % 19 - 9) / 4;
    c[i] = (REAL)((i * 3) % 17 + 1) / 16;
    d[i] = (REAL)((i * 11) % 13 - 6) / 2;
    e[i] = (REAL)((i * 13) % 29 - 14) / 8;
    ip[i] = (i / 8) * 8 + 7 - i % 8;
  }
  for (i = 0; i < M; i++)
    for (j = 0; j < M; j++) {
      aa[i][j] = (REAL)((i * 3 + j * 5) % 31 - 15) / 16;
      bb[i][j] = (REAL)((i * 7 + j) % 37 - 18) / 8;
      cc[i][j] = (REAL)((i + j * 11) % 41 + 1) / 32;
    }
}

static unsigned long hash_float3(void) {
  unsigned long h = 1469598103934665603UL;
  h = hash_bytes(h, a, sizeof a); h = hash_bytes(h, b, sizeof b); h = hash_bytes(h, c, sizeof c);
  h = hash_bytes(h, d, sizeof d); h = hash_bytes(h, e, sizeof e);
  h = hash_bytes(h, aa, sizeof aa); h = hash_bytes(h, bb, sizeof bb); h = hash_bytes(h, cc, sizeof cc);
  return h;
}

/* recurrence */
static void rec2_float3(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 2; i < N; i++) a[i] = a[i - 1] + a[i - 2] * b[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* recurrence */
static void recprefix_float3(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 1; i < N; i++) b[i] = b[i - 1] + a[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* recurrence */
static void reccol_float3(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS_2D; nl++) {
#pragma scop
    for (j = 1; j < M; j++)
      for (i = 0; i < M; i++) aa[j][i] = aa[j - 1][i] + bb[j][i];
#pragma endscop
    dummy(a, aa);
  }
}

/* recurrence */
static void recdiag_float3(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS_2D; nl++) {
#pragma scop
    for (i = 1; i < M; i++) aa[i][i] = aa[i - 1][i - 1] * b[i] + c[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* search */
static void slast_float3(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    k = -1;
    for (i = 0; i < N; i++) if (a[i] < 0) k = i;
#pragma endscop
    sink(k);
    dummy(a, aa);
  }
}

/* search */
static void sfirst_float3(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    k = -1;
    for (i = 0; i < N; i++) if (k < 0 && a[i] > 1) k = i;
#pragma endscop
    sink(k);
    dummy(a, aa);
  }
}

/* search */
static void scount_float3(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    k = 0;
    for (i = 0; i < N; i++) if (a[i] > 0) k++;
#pragma endscop
    sink(k);
    dummy(a, aa);
  }
}

/* packing */
static void pack_float3(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    j = 0;
    for (i = 0; i < N; i++) if (b[i] > 0) { a[j] = b[i]; j++; }
#pragma endscop
    sink(j);
    dummy(a, aa);
  }
}

/* packing */
static void unpack_float3(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    j = 0;
    for (i = 0; i < N; i++) if (b[i] > 0) { j++; a[i] = c[j]; }
#pragma endscop
    sink(j);
    dummy(a, aa);
  }
}

/* rerolling */
static void unroll5_float3(void) {
  int i, j, k, nl;
  REAL s = 0.5;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N - 4; i += 5) {
      a[i] += s * b[i]; a[i + 1] += s * b[i + 1]; a[i + 2] += s * b[i + 2];
      a[i + 3] += s * b[i + 3]; a[i + 4] += s * b[i + 4];
    }
#pragma endscop
    dummy(a, aa);
  }
}

/* rerolling */
static void unroll4_float3(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i += 4) {
      a[i] = b[i] + c[i]; a[i + 1] = b[i + 1] + c[i + 1];
      a[i + 2] = b[i + 2] + c[i + 2]; a[i + 3] = b[i + 3] + c[i + 3];
    }
#pragma endscop
    dummy(a, aa);
  }
}

/* rerolling */
static void unrolldot_float3(void) {
  int i, j, k, nl;
  REAL s = 0;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    s = 0;
    for (i = 0; i < N - 4; i += 5)
      s += a[i] * b[i] + a[i + 1] * b[i + 1] + a[i + 2] * b[i + 2] + a[i + 3] * b[i + 3] + a[i + 4] * b[i + 4];
#pragma endscop
    sink(s);
    dummy(a, aa);
  }
}

/* rerolling */
static void unroll2d_float3(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS_2D; nl++) {
#pragma scop
    for (i = 0; i < M; i++)
      for (j = 0; j < M; j += 2) { aa[i][j] = bb[i][j] * 2; aa[i][j + 1] = bb[i][j + 1] * 2; }
#pragma endscop
    dummy(a, aa);
  }
}

/* equivalencing */
static void equiv_float3(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N / 2 - 1; i++) a[i + N / 2] = a[i + 1] + b[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* equivalencing */
static void equiv2_float3(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N / 2; i++) { a[i] = b[i] + c[i]; a[i + N / 2] = a[i] * d[i]; }
#pragma endscop
    dummy(a, aa);
  }
}

/* indirect addressing */
static void iscatter_float3(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++) a[ip[i]] = b[i] + c[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* indirect addressing */
static void igather_float3(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++) a[i] = b[ip[i]] * c[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* indirect addressing */
static void iupdate_float3(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++) a[i] += b[ip[i]] * c[ip[i]];
#pragma endscop
    dummy(a, aa);
  }
}

/* two dimensions */
static void t2axpy_float3(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS_2D; nl++) {
#pragma scop
    for (j = 0; j < M; j++)
      for (i = 0; i < M; i++) aa[j][i] += bb[j][i] * c[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* two dimensions */
static void t2fma_float3(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS_2D; nl++) {
#pragma scop
    for (i = 0; i < M; i++)
      for (j = 0; j < M; j++) aa[i][j] = bb[i][j] * cc[i][j] + aa[i][j];
#pragma endscop
    dummy(a, aa);
  }
}

/* two dimensions */
static void t2tri_float3(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS_2D; nl++) {
#pragma scop
    for (i = 0; i < M; i++)
      for (j = 0; j < i; j++) aa[i][j] = bb[i][j] + cc[j][i];
#pragma endscop
    dummy(a, aa);
  }
}

/* two dimensions */
static void t2outer_float3(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS_2D; nl++) {
#pragma scop
    for (i = 0; i < M; i++)
      for (j = 0; j < M; j++) aa[i][j] = b[i] * c[j];
#pragma endscop
    dummy(a, aa);
  }
}

/* two dimensions */
static void t2matmul_float3(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS_2D; nl++) {
#pragma scop
    for (i = 0; i < 64; i++)
      for (j = 0; j < 64; j++)
        for (k = 0; k < 64; k++) aa[i][j] += bb[i][k] * cc[k][j];
#pragma endscop
    dummy(a, aa);
  }
}

/* two dimensions */
static void t2diag_float3(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS_2D; nl++) {
#pragma scop
    for (i = 0; i < M; i++) aa[i][i] = aa[i][i] + b[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* two dimensions */
static void t2anti_float3(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS_2D; nl++) {
#pragma scop
    for (i = 0; i < M; i++) aa[i][M - 1 - i] = b[i] * c[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* two dimensions */
static void t2stencil9_float3(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS_2D; nl++) {
#pragma scop
    for (i = 1; i < M - 1; i++)
      for (j = 1; j < M - 1; j++)
        aa[i][j] = (bb[i - 1][j - 1] + bb[i - 1][j] + bb[i - 1][j + 1] + bb[i][j - 1] + bb[i][j] + bb[i][j + 1] + bb[i + 1][j - 1] + bb[i + 1][j] + bb[i + 1][j + 1]) / 9;
#pragma endscop
    dummy(a, aa);
  }
}

/* two dimensions */
static void t2jacobi_float3(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS_2D; nl++) {
#pragma scop
    for (i = 1; i < M - 1; i++)
      for (j = 1; j < M - 1; j++) aa[i][j] = 0.2 * (bb[i][j] + bb[i - 1][j] + bb[i + 1][j] + bb[i][j - 1] + bb[i][j + 1]);
    for (i = 1; i < M - 1; i++)
      for (j = 1; j < M - 1; j++) bb[i][j] = aa[i][j];
#pragma endscop
    dummy(a, aa);
  }
}

/* two dimensions */
static void t2sym_float3(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS_2D; nl++) {
#pragma scop
    for (i = 0; i < M; i++)
      for (j = i; j < M; j++) aa[i][j] = aa[j][i] = bb[i][j] * 0.5;
#pragma endscop
    dummy(a, aa);
  }
}

/* stencil */
static void st3_float3(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 1; i < N - 1; i++) a[i] = (b[i - 1] + b[i] + b[i + 1]) / 3;
#pragma endscop
    dummy(a, aa);
  }
}

/* stencil */
static void stjacobi_float3(void) {
  int i, j, k, nl;
  int t;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (t = 0; t < 4; t++) {
      for (i = 1; i < N - 1; i++) a[i] = 0.33333 * (b[i - 1] + b[i] + b[i + 1]);
      for (i = 1; i < N - 1; i++) b[i] = a[i];
    }
#pragma endscop
    dummy(a, aa);
  }
}

/* stencil */
static void stseidel_float3(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 1; i < N - 1; i++) a[i] = (a[i - 1] + a[i] + a[i + 1]) / 3;
#pragma endscop
    dummy(a, aa);
  }
}

/* stencil */
static void st5_float3(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 2; i < N - 2; i++) a[i] = b[i - 2] - 4 * b[i - 1] + 6 * b[i] - 4 * b[i + 1] + b[i + 2];
#pragma endscop
    dummy(a, aa);
  }
}

const struct loop loops_float3[] = {
  {"rec2", "float", "recurrence", rec2_float3, init_float3, hash_float3},
  {"recprefix", "float", "recurrence", recprefix_float3, init_float3, hash_float3},
  {"reccol", "float", "recurrence", reccol_float3, init_float3, hash_float3},
  {"recdiag", "float", "recurrence", recdiag_float3, init_float3, hash_float3},
  {"slast", "float", "search", slast_float3, init_float3, hash_float3},
  {"sfirst", "float", "search", sfirst_float3, init_float3, hash_float3},
  {"scount", "float", "search", scount_float3, init_float3, hash_float3},
  {"pack", "float", "packing", pack_float3, init_float3, hash_float3},
  {"unpack", "float", "packing", unpack_float3, init_float3, hash_float3},
  {"unroll5", "float", "rerolling", unroll5_float3, init_float3, hash_float3},
  {"unroll4", "float", "rerolling", unroll4_float3, init_float3, hash_float3},
  {"unrolldot", "float", "rerolling", unrolldot_float3, init_float3, hash_float3},
  {"unroll2d", "float", "rerolling", unroll2d_float3, init_float3, hash_float3},
  {"equiv", "float", "equivalencing", equiv_float3, init_float3, hash_float3},
  {"equiv2", "float", "equivalencing", equiv2_float3, init_float3, hash_float3},
  {"iscatter", "float", "indirect addressing", iscatter_float3, init_float3, hash_float3},
  {"igather", "float", "indirect addressing", igather_float3, init_float3, hash_float3},
  {"iupdate", "float", "indirect addressing", iupdate_float3, init_float3, hash_float3},
  {"t2axpy", "float", "two dimensions", t2axpy_float3, init_float3, hash_float3},
  {"t2fma", "float", "two dimensions", t2fma_float3, init_float3, hash_float3},
  {"t2tri", "float", "two dimensions", t2tri_float3, init_float3, hash_float3},
  {"t2outer", "float", "two dimensions", t2outer_float3, init_float3, hash_float3},
  {"t2matmul", "float", "two dimensions", t2matmul_float3, init_float3, hash_float3},
  {"t2diag", "float", "two dimensions", t2diag_float3, init_float3, hash_float3},
  {"t2anti", "float", "two dimensions", t2anti_float3, init_float3, hash_float3},
  {"t2stencil9", "float", "two dimensions", t2stencil9_float3, init_float3, hash_float3},
  {"t2jacobi", "float", "two dimensions", t2jacobi_float3, init_float3, hash_float3},
  {"t2sym", "float", "two dimensions", t2sym_float3, init_float3, hash_float3},
  {"st3", "float", "stencil", st3_float3, init_float3, hash_float3},
  {"stjacobi", "float", "stencil", stjacobi_float3, init_float3, hash_float3},
  {"stseidel", "float", "stencil", stseidel_float3, init_float3, hash_float3},
  {"st5", "float", "stencil", st5_float3, init_float3, hash_float3},
};
const int n_loops_float3 = 32;
