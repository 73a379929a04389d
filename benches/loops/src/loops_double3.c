/* Loops of the collection (benches/loops/gen.py writes this file): double. */
#include "loops.h"
typedef double REAL;
static REAL a[N], b[N], c[N], d[N], e[N];
static REAL aa[M][M], bb[M][M], cc[M][M];
static int ip[N];

static void init_double3(void) {
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

static unsigned long hash_double3(void) {
  unsigned long h = 1469598103934665603UL;
  h = hash_bytes(h, a, sizeof a); h = hash_bytes(h, b, sizeof b); h = hash_bytes(h, c, sizeof c);
  h = hash_bytes(h, d, sizeof d); h = hash_bytes(h, e, sizeof e);
  h = hash_bytes(h, aa, sizeof aa); h = hash_bytes(h, bb, sizeof bb); h = hash_bytes(h, cc, sizeof cc);
  return h;
}

/* recurrence */
static void rec2_double3(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 2; i < N; i++) a[i] = a[i - 1] + a[i - 2] * b[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* recurrence */
static void recprefix_double3(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 1; i < N; i++) b[i] = b[i - 1] + a[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* recurrence */
static void reccol_double3(void) {
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
static void recdiag_double3(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS_2D; nl++) {
#pragma scop
    for (i = 1; i < M; i++) aa[i][i] = aa[i - 1][i - 1] * b[i] + c[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* search */
static void slast_double3(void) {
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
static void sfirst_double3(void) {
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
static void scount_double3(void) {
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
static void pack_double3(void) {
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
static void unpack_double3(void) {
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
static void unroll5_double3(void) {
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
static void unroll4_double3(void) {
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
static void unrolldot_double3(void) {
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
static void unroll2d_double3(void) {
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
static void equiv_double3(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N / 2 - 1; i++) a[i + N / 2] = a[i + 1] + b[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* equivalencing */
static void equiv2_double3(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N / 2; i++) { a[i] = b[i] + c[i]; a[i + N / 2] = a[i] * d[i]; }
#pragma endscop
    dummy(a, aa);
  }
}

/* indirect addressing */
static void iscatter_double3(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++) a[ip[i]] = b[i] + c[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* indirect addressing */
static void igather_double3(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++) a[i] = b[ip[i]] * c[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* indirect addressing */
static void iupdate_double3(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++) a[i] += b[ip[i]] * c[ip[i]];
#pragma endscop
    dummy(a, aa);
  }
}

/* two dimensions */
static void t2axpy_double3(void) {
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
static void t2fma_double3(void) {
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
static void t2tri_double3(void) {
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
static void t2outer_double3(void) {
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
static void t2matmul_double3(void) {
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
static void t2diag_double3(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS_2D; nl++) {
#pragma scop
    for (i = 0; i < M; i++) aa[i][i] = aa[i][i] + b[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* two dimensions */
static void t2anti_double3(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS_2D; nl++) {
#pragma scop
    for (i = 0; i < M; i++) aa[i][M - 1 - i] = b[i] * c[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* two dimensions */
static void t2stencil9_double3(void) {
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
static void t2jacobi_double3(void) {
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
static void t2sym_double3(void) {
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
static void st3_double3(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 1; i < N - 1; i++) a[i] = (b[i - 1] + b[i] + b[i + 1]) / 3;
#pragma endscop
    dummy(a, aa);
  }
}

/* stencil */
static void stjacobi_double3(void) {
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
static void stseidel_double3(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 1; i < N - 1; i++) a[i] = (a[i - 1] + a[i] + a[i + 1]) / 3;
#pragma endscop
    dummy(a, aa);
  }
}

/* stencil */
static void st5_double3(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 2; i < N - 2; i++) a[i] = b[i - 2] - 4 * b[i - 1] + 6 * b[i] - 4 * b[i + 1] + b[i + 2];
#pragma endscop
    dummy(a, aa);
  }
}

const struct loop loops_double3[] = {
  {"rec2", "double", "recurrence", rec2_double3, init_double3, hash_double3},
  {"recprefix", "double", "recurrence", recprefix_double3, init_double3, hash_double3},
  {"reccol", "double", "recurrence", reccol_double3, init_double3, hash_double3},
  {"recdiag", "double", "recurrence", recdiag_double3, init_double3, hash_double3},
  {"slast", "double", "search", slast_double3, init_double3, hash_double3},
  {"sfirst", "double", "search", sfirst_double3, init_double3, hash_double3},
  {"scount", "double", "search", scount_double3, init_double3, hash_double3},
  {"pack", "double", "packing", pack_double3, init_double3, hash_double3},
  {"unpack", "double", "packing", unpack_double3, init_double3, hash_double3},
  {"unroll5", "double", "rerolling", unroll5_double3, init_double3, hash_double3},
  {"unroll4", "double", "rerolling", unroll4_double3, init_double3, hash_double3},
  {"unrolldot", "double", "rerolling", unrolldot_double3, init_double3, hash_double3},
  {"unroll2d", "double", "rerolling", unroll2d_double3, init_double3, hash_double3},
  {"equiv", "double", "equivalencing", equiv_double3, init_double3, hash_double3},
  {"equiv2", "double", "equivalencing", equiv2_double3, init_double3, hash_double3},
  {"iscatter", "double", "indirect addressing", iscatter_double3, init_double3, hash_double3},
  {"igather", "double", "indirect addressing", igather_double3, init_double3, hash_double3},
  {"iupdate", "double", "indirect addressing", iupdate_double3, init_double3, hash_double3},
  {"t2axpy", "double", "two dimensions", t2axpy_double3, init_double3, hash_double3},
  {"t2fma", "double", "two dimensions", t2fma_double3, init_double3, hash_double3},
  {"t2tri", "double", "two dimensions", t2tri_double3, init_double3, hash_double3},
  {"t2outer", "double", "two dimensions", t2outer_double3, init_double3, hash_double3},
  {"t2matmul", "double", "two dimensions", t2matmul_double3, init_double3, hash_double3},
  {"t2diag", "double", "two dimensions", t2diag_double3, init_double3, hash_double3},
  {"t2anti", "double", "two dimensions", t2anti_double3, init_double3, hash_double3},
  {"t2stencil9", "double", "two dimensions", t2stencil9_double3, init_double3, hash_double3},
  {"t2jacobi", "double", "two dimensions", t2jacobi_double3, init_double3, hash_double3},
  {"t2sym", "double", "two dimensions", t2sym_double3, init_double3, hash_double3},
  {"st3", "double", "stencil", st3_double3, init_double3, hash_double3},
  {"stjacobi", "double", "stencil", stjacobi_double3, init_double3, hash_double3},
  {"stseidel", "double", "stencil", stseidel_double3, init_double3, hash_double3},
  {"st5", "double", "stencil", st5_double3, init_double3, hash_double3},
};
const int n_loops_double3 = 32;
