/* Loops of the collection (benches/loops/gen.py writes this file): double. */
#include "loops.h"
typedef double REAL;
static REAL a[N], b[N], c[N], d[N], e[N];
static REAL aa[M][M], bb[M][M], cc[M][M];
static int ip[N];

static void init_double0(void) {
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

static unsigned long hash_double0(void) {
  unsigned long h = 1469598103934665603UL;
  h = hash_bytes(h, a, sizeof a); h = hash_bytes(h, b, sizeof b); h = hash_bytes(h, c, sizeof c);
  h = hash_bytes(h, d, sizeof d); h = hash_bytes(h, e, sizeof e);
  h = hash_bytes(h, aa, sizeof aa); h = hash_bytes(h, bb, sizeof bb); h = hash_bytes(h, cc, sizeof cc);
  return h;
}

/* vector */
static void vadd_double0(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++) a[i] = b[i] + c[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* vector */
static void vmuladd_double0(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++) a[i] = b[i] * c[i] + d[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* vector */
static void vaxpy_double0(void) {
  int i, j, k, nl;
  REAL s = 0.5;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++) a[i] = b[i] + s * c[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* vector */
static void vupdate_double0(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++) a[i] += b[i] * c[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* vector */
static void vdiv_double0(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++) a[i] = b[i] / c[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* vector */
static void vneg_double0(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++) a[i] = -b[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* vector */
static void vsquares_double0(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++) a[i] = b[i] * b[i] - c[i] * c[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* vector */
static void vprod_double0(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++) a[i] = (b[i] + c[i]) * (d[i] - e[i]);
#pragma endscop
    dummy(a, aa);
  }
}

/* vector */
static void vmax_double0(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++) a[i] = b[i] > c[i] ? b[i] : c[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* vector */
static void vabs_double0(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++) a[i] = b[i] < 0 ? -b[i] : b[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* vector */
static void vaffine_double0(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++) a[i] = 2 * b[i] + 1;
#pragma endscop
    dummy(a, aa);
  }
}

/* vector */
static void vcopy_double0(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++) a[i] = b[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* vector */
static void vfill_double0(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++) a[i] = 0;
#pragma endscop
    dummy(a, aa);
  }
}

/* vector */
static void vreverse_double0(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++) a[i] = b[N - 1 - i];
#pragma endscop
    dummy(a, aa);
  }
}

/* vector */
static void vgather2_double0(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N / 2; i++) a[i] = b[2 * i] + c[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* vector */
static void vscatter2_double0(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N / 2; i++) a[2 * i] = b[i] * c[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* vector */
static void vsum4_double0(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++) a[i] = b[i] + c[i] + d[i] + e[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* vector */
static void vtwo_double0(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++) { a[i] = b[i] + c[i]; d[i] = b[i] - c[i]; }
#pragma endscop
    dummy(a, aa);
  }
}

/* vector */
static void vhorner_double0(void) {
  int i, j, k, nl;
  REAL x = 0.75;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++) a[i] = ((b[i] * x + c[i]) * x + d[i]) * x + e[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* vector */
static void vblend_double0(void) {
  int i, j, k, nl;
  REAL t = 0.25;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++) a[i] = b[i] * t + c[i] * (1 - t);
#pragma endscop
    dummy(a, aa);
  }
}

/* vector */
static void vclamp_double0(void) {
  int i, j, k, nl;
  REAL lo = -1, hi = 1;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++) a[i] = b[i] < lo ? lo : (b[i] > hi ? hi : b[i]);
#pragma endscop
    dummy(a, aa);
  }
}

/* vector */
static void vinvscale_double0(void) {
  int i, j, k, nl;
  REAL s = 3;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++) a[i] = b[i] * (1 / s);
#pragma endscop
    dummy(a, aa);
  }
}

/* vector */
static void vconvert_double0(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++) a[i] = (REAL)ip[i] * b[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* vector */
static void vstride3_double0(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N / 3; i++) a[3 * i] = b[i] + c[3 * i];
#pragma endscop
    dummy(a, aa);
  }
}

/* vector */
static void vsqrt_double0(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++) a[i] = sqrt(b[i] * b[i] + c[i] * c[i]);
#pragma endscop
    dummy(a, aa);
  }
}

/* linear dependence */
static void ldrec_double0(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 1; i < N; i++) a[i] = a[i - 1] + b[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* linear dependence */
static void ldfwd_double0(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N - 1; i++) a[i + 1] = a[i] * c[i] + b[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* linear dependence */
static void ldanti_double0(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N - 1; i++) a[i] = a[i + 1] + b[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* linear dependence */
static void ldshift_double0(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N - 4; i++) a[i] = a[i + 4] + b[i] * c[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* linear dependence */
static void lddist4_double0(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 4; i < N; i++) a[i] = a[i - 4] * b[i] + c[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* linear dependence */
static void ldhalf_double0(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N / 2; i++) a[i] = a[i + N / 2] + b[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* linear dependence */
static void ldhalfw_double0(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N / 2; i++) a[i + N / 2] = a[i] + b[i];
#pragma endscop
    dummy(a, aa);
  }
}

const struct loop loops_double0[] = {
  {"vadd", "double", "vector", vadd_double0, init_double0, hash_double0},
  {"vmuladd", "double", "vector", vmuladd_double0, init_double0, hash_double0},
  {"vaxpy", "double", "vector", vaxpy_double0, init_double0, hash_double0},
  {"vupdate", "double", "vector", vupdate_double0, init_double0, hash_double0},
  {"vdiv", "double", "vector", vdiv_double0, init_double0, hash_double0},
  {"vneg", "double", "vector", vneg_double0, init_double0, hash_double0},
  {"vsquares", "double", "vector", vsquares_double0, init_double0, hash_double0},
  {"vprod", "double", "vector", vprod_double0, init_double0, hash_double0},
  {"vmax", "double", "vector", vmax_double0, init_double0, hash_double0},
  {"vabs", "double", "vector", vabs_double0, init_double0, hash_double0},
  {"vaffine", "double", "vector", vaffine_double0, init_double0, hash_double0},
  {"vcopy", "double", "vector", vcopy_double0, init_double0, hash_double0},
  {"vfill", "double", "vector", vfill_double0, init_double0, hash_double0},
  {"vreverse", "double", "vector", vreverse_double0, init_double0, hash_double0},
  {"vgather2", "double", "vector", vgather2_double0, init_double0, hash_double0},
  {"vscatter2", "double", "vector", vscatter2_double0, init_double0, hash_double0},
  {"vsum4", "double", "vector", vsum4_double0, init_double0, hash_double0},
  {"vtwo", "double", "vector", vtwo_double0, init_double0, hash_double0},
  {"vhorner", "double", "vector", vhorner_double0, init_double0, hash_double0},
  {"vblend", "double", "vector", vblend_double0, init_double0, hash_double0},
  {"vclamp", "double", "vector", vclamp_double0, init_double0, hash_double0},
  {"vinvscale", "double", "vector", vinvscale_double0, init_double0, hash_double0},
  {"vconvert", "double", "vector", vconvert_double0, init_double0, hash_double0},
  {"vstride3", "double", "vector", vstride3_double0, init_double0, hash_double0},
  {"vsqrt", "double", "vector", vsqrt_double0, init_double0, hash_double0},
  {"ldrec", "double", "linear dependence", ldrec_double0, init_double0, hash_double0},
  {"ldfwd", "double", "linear dependence", ldfwd_double0, init_double0, hash_double0},
  {"ldanti", "double", "linear dependence", ldanti_double0, init_double0, hash_double0},
  {"ldshift", "double", "linear dependence", ldshift_double0, init_double0, hash_double0},
  {"lddist4", "double", "linear dependence", lddist4_double0, init_double0, hash_double0},
  {"ldhalf", "double", "linear dependence", ldhalf_double0, init_double0, hash_double0},
  {"ldhalfw", "double", "linear dependence", ldhalfw_double0, init_double0, hash_double0},
};
const int n_loops_double0 = 32;
