/* Loops of the collection (benches/loops/gen.py writes this file): double. */
#include "loops.h"
typedef double REAL;
static REAL a[N], b[N], c[N], d[N], e[N];
static REAL aa[M][M], bb[M][M], cc[M][M];
static int ip[N];

static void init_double2(void) {
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

static unsigned long hash_double2(void) {
  unsigned long h = 1469598103934665603UL;
  h = hash_bytes(h, a, sizeof a); h = hash_bytes(h, b, sizeof b); h = hash_bytes(h, c, sizeof c);
  h = hash_bytes(h, d, sizeof d); h = hash_bytes(h, e, sizeof e);
  h = hash_bytes(h, aa, sizeof aa); h = hash_bytes(h, bb, sizeof bb); h = hash_bytes(h, cc, sizeof cc);
  return h;
}

/* loop distribution */
static void distrib_double2(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 1; i < N; i++) { a[i] = a[i - 1] * b[i]; d[i] = c[i] + e[i]; }
#pragma endscop
    dummy(a, aa);
  }
}

/* loop distribution */
static void distrib2_double2(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++) { a[i] += b[i] * c[i]; d[i] = a[i] + e[i]; }
#pragma endscop
    dummy(a, aa);
  }
}

/* loop interchange */
static void icolumn_double2(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS_2D; nl++) {
#pragma scop
    for (j = 0; j < M; j++)
      for (i = 0; i < M; i++) aa[i][j] = aa[i][j] + bb[i][j];
#pragma endscop
    dummy(a, aa);
  }
}

/* loop interchange */
static void icolrec_double2(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS_2D; nl++) {
#pragma scop
    for (i = 0; i < M; i++)
      for (j = 1; j < M; j++) aa[j][i] = aa[j - 1][i] + bb[j][i];
#pragma endscop
    dummy(a, aa);
  }
}

/* loop interchange */
static void irowrec_double2(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS_2D; nl++) {
#pragma scop
    for (j = 0; j < M; j++)
      for (i = 1; i < M; i++) aa[i][j] = aa[i - 1][j] + bb[i][j];
#pragma endscop
    dummy(a, aa);
  }
}

/* loop interchange */
static void irowrec2_double2(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS_2D; nl++) {
#pragma scop
    for (i = 0; i < M; i++)
      for (j = 1; j < M; j++) aa[i][j] = aa[i][j - 1] + bb[i][j];
#pragma endscop
    dummy(a, aa);
  }
}

/* loop interchange */
static void imatvec_double2(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS_2D; nl++) {
#pragma scop
    for (i = 0; i < M; i++)
      for (j = 0; j < M; j++) a[i] += aa[j][i] * b[j];
#pragma endscop
    dummy(a, aa);
  }
}

/* loop interchange */
static void itranspose_double2(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS_2D; nl++) {
#pragma scop
    for (i = 0; i < M; i++)
      for (j = 0; j < M; j++) aa[i][j] = bb[j][i];
#pragma endscop
    dummy(a, aa);
  }
}

/* loop interchange */
static void istencil_double2(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS_2D; nl++) {
#pragma scop
    for (j = 1; j < M - 1; j++)
      for (i = 1; i < M - 1; i++)
        aa[i][j] = (bb[i - 1][j] + bb[i + 1][j] + bb[i][j - 1] + bb[i][j + 1]) * 0.25;
#pragma endscop
    dummy(a, aa);
  }
}

/* loop interchange */
static void iwave_double2(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS_2D; nl++) {
#pragma scop
    for (i = 1; i < M; i++)
      for (j = 1; j < M; j++) aa[i][j] = aa[i - 1][j - 1] + bb[i][j];
#pragma endscop
    dummy(a, aa);
  }
}

/* node splitting */
static void nodesplit_double2(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N - 1; i++) { a[i] = b[i] + c[i] * c[i] + b[i] * b[i] + c[i]; d[i] = a[i] + a[i + 1]; }
#pragma endscop
    dummy(a, aa);
  }
}

/* node splitting */
static void nodesplit2_double2(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N - 1; i++) { a[i] = b[i] * c[i]; b[i] = a[i + 1] + d[i]; }
#pragma endscop
    dummy(a, aa);
  }
}

/* scalar expansion */
static void sexpand_double2(void) {
  int i, j, k, nl;
  REAL t;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++) { t = b[i] + c[i]; a[i] = t * t; }
#pragma endscop
    dummy(a, aa);
  }
}

/* scalar expansion */
static void sexpand2_double2(void) {
  int i, j, k, nl;
  REAL t;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++) { t = a[i] + b[i]; b[i] = t + c[i]; a[i] = t * d[i]; }
#pragma endscop
    dummy(a, aa);
  }
}

/* scalar expansion */
static void sexpand3_double2(void) {
  int i, j, k, nl;
  REAL s;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++) { s = b[i] * c[i]; a[i] = s + d[i]; e[i] = s - d[i]; }
#pragma endscop
    dummy(a, aa);
  }
}

/* scalar renaming */
static void srename_double2(void) {
  int i, j, k, nl;
  REAL t;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++) { t = b[i] * c[i]; a[i] = t + d[i]; t = e[i] * c[i]; d[i] = t + b[i]; }
#pragma endscop
    dummy(a, aa);
  }
}

/* array expansion */
static void aexpand_double2(void) {
  int i, j, k, nl;
  REAL x;
  for (nl = 0; nl < REPS_2D; nl++) {
#pragma scop
    for (i = 0; i < M; i++) {
      x = b[i];
      for (j = 0; j < M; j++) aa[i][j] = x * cc[i][j];
    }
#pragma endscop
    dummy(a, aa);
  }
}

/* array expansion */
static void aexpand2_double2(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS_2D; nl++) {
#pragma scop
    for (i = 0; i < M; i++) {
      for (j = 0; j < M; j++) a[j] = bb[i][j] + cc[i][j];
      for (j = 0; j < M; j++) aa[i][j] = a[j] * 2;
    }
#pragma endscop
    dummy(a, aa);
  }
}

/* wrap-around */
static void wrap1_double2(void) {
  int i, j, k, nl;
  int im1;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    im1 = N - 1;
    for (i = 0; i < N; i++) { a[i] = (b[i] + b[im1]) * 0.5; im1 = i; }
#pragma endscop
    dummy(a, aa);
  }
}

/* wrap-around */
static void wrapval_double2(void) {
  int i, j, k, nl;
  REAL x;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    x = b[N - 1];
    for (i = 0; i < N; i++) { a[i] = (b[i] + x) * 0.5; x = b[i]; }
#pragma endscop
    dummy(a, aa);
  }
}

/* wrap-around */
static void wrap2_double2(void) {
  int i, j, k, nl;
  int im1, im2;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    im1 = N - 1; im2 = N - 2;
    for (i = 0; i < N; i++) { a[i] = (b[i] + b[im1] + b[im2]) * 0.333; im2 = im1; im1 = i; }
#pragma endscop
    dummy(a, aa);
  }
}

/* reduction */
static void rsum_double2(void) {
  int i, j, k, nl;
  REAL s = 0;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    s = 0;
    for (i = 0; i < N; i++) s += a[i];
#pragma endscop
    sink(s);
    dummy(a, aa);
  }
}

/* reduction */
static void rdot_double2(void) {
  int i, j, k, nl;
  REAL s = 0;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    s = 0;
    for (i = 0; i < N; i++) s += a[i] * b[i];
#pragma endscop
    sink(s);
    dummy(a, aa);
  }
}

/* reduction */
static void rmax_double2(void) {
  int i, j, k, nl;
  REAL s = 0;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    s = a[0];
    for (i = 1; i < N; i++) if (a[i] > s) s = a[i];
#pragma endscop
    sink(s);
    dummy(a, aa);
  }
}

/* reduction */
static void rminidx_double2(void) {
  int i, j, k, nl;
  REAL s = 0;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    s = a[0]; k = 0;
    for (i = 1; i < N; i++) if (a[i] < s) { s = a[i]; k = i; }
#pragma endscop
    sink(s + k);
    dummy(a, aa);
  }
}

/* reduction */
static void rprod_double2(void) {
  int i, j, k, nl;
  REAL s = 1;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    s = 1;
    for (i = 0; i < N; i++) s *= (1 + a[i] * 1e-6);
#pragma endscop
    sink(s);
    dummy(a, aa);
  }
}

/* reduction */
static void rsum2d_double2(void) {
  int i, j, k, nl;
  REAL s = 0;
  for (nl = 0; nl < REPS_2D; nl++) {
#pragma scop
    s = 0;
    for (i = 0; i < M; i++)
      for (j = 0; j < M; j++) s += aa[i][j];
#pragma endscop
    sink(s);
    dummy(a, aa);
  }
}

/* reduction */
static void rcond_double2(void) {
  int i, j, k, nl;
  REAL s = 0;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    s = 0;
    for (i = 0; i < N; i++) if (a[i] > 0) s += a[i];
#pragma endscop
    sink(s);
    dummy(a, aa);
  }
}

/* reduction */
static void rtwo_double2(void) {
  int i, j, k, nl;
  REAL s = 0, t = 0;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    s = 0; t = 0;
    for (i = 0; i < N; i++) { s += a[i]; t += b[i] * b[i]; }
#pragma endscop
    sink(s); sink(t);
    dummy(a, aa);
  }
}

/* reduction */
static void rrows_double2(void) {
  int i, j, k, nl;
  REAL s;
  for (nl = 0; nl < REPS_2D; nl++) {
#pragma scop
    for (i = 0; i < M; i++) {
      s = 0;
      for (j = 0; j < M; j++) s += aa[i][j];
      a[i] = s;
    }
#pragma endscop
    dummy(a, aa);
  }
}

/* reduction */
static void rcols_double2(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS_2D; nl++) {
#pragma scop
    for (j = 0; j < M; j++)
      for (i = 0; i < M; i++) a[j] += aa[i][j];
#pragma endscop
    dummy(a, aa);
  }
}

/* recurrence */
static void rec1_double2(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 1; i < N; i++) a[i] = a[i - 1] * b[i] + c[i];
#pragma endscop
    dummy(a, aa);
  }
}

const struct loop loops_double2[] = {
  {"distrib", "double", "loop distribution", distrib_double2, init_double2, hash_double2},
  {"distrib2", "double", "loop distribution", distrib2_double2, init_double2, hash_double2},
  {"icolumn", "double", "loop interchange", icolumn_double2, init_double2, hash_double2},
  {"icolrec", "double", "loop interchange", icolrec_double2, init_double2, hash_double2},
  {"irowrec", "double", "loop interchange", irowrec_double2, init_double2, hash_double2},
  {"irowrec2", "double", "loop interchange", irowrec2_double2, init_double2, hash_double2},
  {"imatvec", "double", "loop interchange", imatvec_double2, init_double2, hash_double2},
  {"itranspose", "double", "loop interchange", itranspose_double2, init_double2, hash_double2},
  {"istencil", "double", "loop interchange", istencil_double2, init_double2, hash_double2},
  {"iwave", "double", "loop interchange", iwave_double2, init_double2, hash_double2},
  {"nodesplit", "double", "node splitting", nodesplit_double2, init_double2, hash_double2},
  {"nodesplit2", "double", "node splitting", nodesplit2_double2, init_double2, hash_double2},
  {"sexpand", "double", "scalar expansion", sexpand_double2, init_double2, hash_double2},
  {"sexpand2", "double", "scalar expansion", sexpand2_double2, init_double2, hash_double2},
  {"sexpand3", "double", "scalar expansion", sexpand3_double2, init_double2, hash_double2},
  {"srename", "double", "scalar renaming", srename_double2, init_double2, hash_double2},
  {"aexpand", "double", "array expansion", aexpand_double2, init_double2, hash_double2},
  {"aexpand2", "double", "array expansion", aexpand2_double2, init_double2, hash_double2},
  {"wrap1", "double", "wrap-around", wrap1_double2, init_double2, hash_double2},
  {"wrapval", "double", "wrap-around", wrapval_double2, init_double2, hash_double2},
  {"wrap2", "double", "wrap-around", wrap2_double2, init_double2, hash_double2},
  {"rsum", "double", "reduction", rsum_double2, init_double2, hash_double2},
  {"rdot", "double", "reduction", rdot_double2, init_double2, hash_double2},
  {"rmax", "double", "reduction", rmax_double2, init_double2, hash_double2},
  {"rminidx", "double", "reduction", rminidx_double2, init_double2, hash_double2},
  {"rprod", "double", "reduction", rprod_double2, init_double2, hash_double2},
  {"rsum2d", "double", "reduction", rsum2d_double2, init_double2, hash_double2},
  {"rcond", "double", "reduction", rcond_double2, init_double2, hash_double2},
  {"rtwo", "double", "reduction", rtwo_double2, init_double2, hash_double2},
  {"rrows", "double", "reduction", rrows_double2, init_double2, hash_double2},
  {"rcols", "double", "reduction", rcols_double2, init_double2, hash_double2},
  {"rec1", "double", "recurrence", rec1_double2, init_double2, hash_double2},
};
const int n_loops_double2 = 32;
