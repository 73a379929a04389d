/* Loops of the collection (benches/loops/gen.py writes this file): float. */
#include "loops.h"
typedef float REAL;
static REAL a[N], b[N], c[N], d[N], e[N];
static REAL aa[M][M], bb[M][M], cc[M][M];
static int ip[N];

static void init_float0(void) {
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

static unsigned long hash_float0(void) {
  unsigned long h = 1469598103934665603UL;
  h = hash_bytes(h, a, sizeof a); h = hash_bytes(h, b, sizeof b); h = hash_bytes(h, c, sizeof c);
  h = hash_bytes(h, d, sizeof d); h = hash_bytes(h, e, sizeof e);
  h = hash_bytes(h, aa, sizeof aa); h = hash_bytes(h, bb, sizeof bb); h = hash_bytes(h, cc, sizeof cc);
  return h;
}

/* vector */
static void vadd_float0(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++) a[i] = b[i] + c[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* vector */
static void vmuladd_float0(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++) a[i] = b[i] * c[i] + d[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* vector */
static void vaxpy_float0(void) {
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
static void vupdate_float0(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++) a[i] += b[i] * c[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* vector */
static void vdiv_float0(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++) a[i] = b[i] / c[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* vector */
static void vneg_float0(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++) a[i] = -b[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* vector */
static void vsquares_float0(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++) a[i] = b[i] * b[i] - c[i] * c[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* vector */
static void vprod_float0(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++) a[i] = (b[i] + c[i]) * (d[i] - e[i]);
#pragma endscop
    dummy(a, aa);
  }
}

/* vector */
static void vmax_float0(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++) a[i] = b[i] > c[i] ? b[i] : c[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* vector */
static void vabs_float0(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++) a[i] = b[i] < 0 ? -b[i] : b[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* vector */
static void vaffine_float0(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++) a[i] = 2 * b[i] + 1;
#pragma endscop
    dummy(a, aa);
  }
}

/* vector */
static void vcopy_float0(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++) a[i] = b[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* vector */
static void vfill_float0(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++) a[i] = 0;
#pragma endscop
    dummy(a, aa);
  }
}

/* vector */
static void vreverse_float0(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++) a[i] = b[N - 1 - i];
#pragma endscop
    dummy(a, aa);
  }
}

/* vector */
static void vgather2_float0(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N / 2; i++) a[i] = b[2 * i] + c[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* vector */
static void vscatter2_float0(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N / 2; i++) a[2 * i] = b[i] * c[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* vector */
static void vsum4_float0(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++) a[i] = b[i] + c[i] + d[i] + e[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* vector */
static void vtwo_float0(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++) { a[i] = b[i] + c[i]; d[i] = b[i] - c[i]; }
#pragma endscop
    dummy(a, aa);
  }
}

/* vector */
static void vhorner_float0(void) {
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
static void vblend_float0(void) {
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
static void vclamp_float0(void) {
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
static void vinvscale_float0(void) {
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
static void vconvert_float0(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++) a[i] = (REAL)ip[i] * b[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* vector */
static void vstride3_float0(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N / 3; i++) a[3 * i] = b[i] + c[3 * i];
#pragma endscop
    dummy(a, aa);
  }
}

/* vector */
static void vsqrt_float0(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++) a[i] = sqrt(b[i] * b[i] + c[i] * c[i]);
#pragma endscop
    dummy(a, aa);
  }
}

/* linear dependence */
static void ldrec_float0(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 1; i < N; i++) a[i] = a[i - 1] + b[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* linear dependence */
static void ldfwd_float0(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N - 1; i++) a[i + 1] = a[i] * c[i] + b[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* linear dependence */
static void ldanti_float0(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N - 1; i++) a[i] = a[i + 1] + b[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* linear dependence */
static void ldshift_float0(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N - 4; i++) a[i] = a[i + 4] + b[i] * c[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* linear dependence */
static void lddist4_float0(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 4; i < N; i++) a[i] = a[i - 4] * b[i] + c[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* linear dependence */
static void ldhalf_float0(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N / 2; i++) a[i] = a[i + N / 2] + b[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* linear dependence */
static void ldhalfw_float0(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N / 2; i++) a[i + N / 2] = a[i] + b[i];
#pragma endscop
    dummy(a, aa);
  }
}

const struct loop loops_float0[] = {
  {"vadd", "float", "vector", vadd_float0, init_float0, hash_float0},
  {"vmuladd", "float", "vector", vmuladd_float0, init_float0, hash_float0},
  {"vaxpy", "float", "vector", vaxpy_float0, init_float0, hash_float0},
  {"vupdate", "float", "vector", vupdate_float0, init_float0, hash_float0},
  {"vdiv", "float", "vector", vdiv_float0, init_float0, hash_float0},
  {"vneg", "float", "vector", vneg_float0, init_float0, hash_float0},
  {"vsquares", "float", "vector", vsquares_float0, init_float0, hash_float0},
  {"vprod", "float", "vector", vprod_float0, init_float0, hash_float0},
  {"vmax", "float", "vector", vmax_float0, init_float0, hash_float0},
  {"vabs", "float", "vector", vabs_float0, init_float0, hash_float0},
  {"vaffine", "float", "vector", vaffine_float0, init_float0, hash_float0},
  {"vcopy", "float", "vector", vcopy_float0, init_float0, hash_float0},
  {"vfill", "float", "vector", vfill_float0, init_float0, hash_float0},
  {"vreverse", "float", "vector", vreverse_float0, init_float0, hash_float0},
  {"vgather2", "float", "vector", vgather2_float0, init_float0, hash_float0},
  {"vscatter2", "float", "vector", vscatter2_float0, init_float0, hash_float0},
  {"vsum4", "float", "vector", vsum4_float0, init_float0, hash_float0},
  {"vtwo", "float", "vector", vtwo_float0, init_float0, hash_float0},
  {"vhorner", "float", "vector", vhorner_float0, init_float0, hash_float0},
  {"vblend", "float", "vector", vblend_float0, init_float0, hash_float0},
  {"vclamp", "float", "vector", vclamp_float0, init_float0, hash_float0},
  {"vinvscale", "float", "vector", vinvscale_float0, init_float0, hash_float0},
  {"vconvert", "float", "vector", vconvert_float0, init_float0, hash_float0},
  {"vstride3", "float", "vector", vstride3_float0, init_float0, hash_float0},
  {"vsqrt", "float", "vector", vsqrt_float0, init_float0, hash_float0},
  {"ldrec", "float", "linear dependence", ldrec_float0, init_float0, hash_float0},
  {"ldfwd", "float", "linear dependence", ldfwd_float0, init_float0, hash_float0},
  {"ldanti", "float", "linear dependence", ldanti_float0, init_float0, hash_float0},
  {"ldshift", "float", "linear dependence", ldshift_float0, init_float0, hash_float0},
  {"lddist4", "float", "linear dependence", lddist4_float0, init_float0, hash_float0},
  {"ldhalf", "float", "linear dependence", ldhalf_float0, init_float0, hash_float0},
  {"ldhalfw", "float", "linear dependence", ldhalfw_float0, init_float0, hash_float0},
};
const int n_loops_float0 = 32;
