/* Loops of the collection (benches/loops/gen.py writes this file): float. */
#include "loops.h"
typedef float REAL;
static REAL a[N], b[N], c[N], d[N], e[N];
static REAL aa[M][M], bb[M][M], cc[M][M];
static int ip[N];

static void init_float1(void) {
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

static unsigned long hash_float1(void) {
  unsigned long h = 1469598103934665603UL;
  h = hash_bytes(h, a, sizeof a); h = hash_bytes(h, b, sizeof b); h = hash_bytes(h, c, sizeof c);
  h = hash_bytes(h, d, sizeof d); h = hash_bytes(h, e, sizeof e);
  h = hash_bytes(h, aa, sizeof aa); h = hash_bytes(h, bb, sizeof bb); h = hash_bytes(h, cc, sizeof cc);
  return h;
}

/* linear dependence */
static void ldpair_float1(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 1; i < N; i++) { b[i] = a[i - 1] + c[i]; a[i] = b[i] * d[i]; }
#pragma endscop
    dummy(a, aa);
  }
}

/* linear dependence */
static void ldanti2_float1(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 1; i < N - 1; i++) { a[i] = b[i - 1] + c[i]; b[i] = b[i + 1] - d[i]; }
#pragma endscop
    dummy(a, aa);
  }
}

/* linear dependence */
static void ldrev_float1(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = N - 2; i >= 0; i--) a[i] = a[i + 1] * b[i] + c[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* induction variable */
static void ivcount_float1(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    j = -1;
    for (i = 0; i < N; i++) { j++; a[j] = b[i] + c[i]; }
#pragma endscop
    dummy(a, aa);
  }
}

/* induction variable */
static void ivstep2_float1(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    k = 0;
    for (i = 0; i < N / 2; i++) { a[i] = b[k] * c[i]; k += 2; }
#pragma endscop
    dummy(a, aa);
  }
}

/* induction variable */
static void ivfloat_float1(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++) a[i] = b[i] + (REAL)i;
#pragma endscop
    dummy(a, aa);
  }
}

/* induction variable */
static void ivtwo_float1(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    j = 0; k = N - 1;
    for (i = 0; i < N; i++) { a[i] = b[j] + c[k]; j++; k--; }
#pragma endscop
    dummy(a, aa);
  }
}

/* induction variable */
static void ivwrap_float1(void) {
  int i, j, k, nl;
  REAL x;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    x = 0;
    for (i = 0; i < N; i++) { x = x + 1; a[i] = x * b[i]; }
#pragma endscop
    dummy(a, aa);
  }
}

/* global data flow */
static void gdftwo_float1(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++) a[i] = b[i] + c[i];
    for (i = 0; i < N; i++) d[i] = a[i] * e[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* global data flow */
static void gdfshift_float1(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++) a[i] = b[i] * c[i];
    for (i = 0; i < N - 1; i++) d[i] = a[i] + a[i + 1];
#pragma endscop
    dummy(a, aa);
  }
}

/* global data flow */
static void gdfback_float1(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++) { a[i] = b[i] + c[i]; b[i] = a[i] * d[i]; }
#pragma endscop
    dummy(a, aa);
  }
}

/* global data flow */
static void gdfchain_float1(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++) a[i] = b[i] * 2;
    for (i = 0; i < N; i++) b[i] = a[i] + c[i];
    for (i = 0; i < N; i++) c[i] = b[i] - a[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* nonlinear dependence */
static void nlmirror_float1(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N / 2; i++) a[i] = a[N - 1 - i] + b[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* nonlinear dependence */
static void nltranspose_float1(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS_2D; nl++) {
#pragma scop
    for (i = 1; i < M; i++)
      for (j = 0; j < i; j++) aa[i][j] = aa[j][i] + bb[i][j];
#pragma endscop
    dummy(a, aa);
  }
}

/* nonlinear dependence */
static void nlsquare_float1(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS_2D; nl++) {
#pragma scop
    for (i = 0; i < N / M; i++) a[i * M] = b[i * M] + aa[i][i];
#pragma endscop
    dummy(a, aa);
  }
}

/* control flow */
static void cfcond_float1(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++)
      if (b[i] > 0) a[i] += b[i] * c[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* control flow */
static void cfifelse_float1(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++) {
      if (a[i] > b[i]) a[i] = b[i];
      else a[i] = c[i];
    }
#pragma endscop
    dummy(a, aa);
  }
}

/* control flow */
static void cfrelu_float1(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++) a[i] = b[i] > 0 ? b[i] : 0;
#pragma endscop
    dummy(a, aa);
  }
}

/* control flow */
static void cfhalf_float1(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++) {
      if (i < N / 2) a[i] = b[i];
      else a[i] = c[i];
    }
#pragma endscop
    dummy(a, aa);
  }
}

/* control flow */
static void cfskip_float1(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++)
      if (c[i] >= 0) a[i] = b[i] + c[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* control flow */
static void cfthree_float1(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++) {
      if (d[i] < 0) a[i] += b[i] * c[i];
      else if (d[i] == 0) a[i] += b[i] * b[i];
      else a[i] += c[i] * c[i];
    }
#pragma endscop
    dummy(a, aa);
  }
}

/* control flow */
static void cfpair_float1(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++)
      if (b[i] > 0) { a[i] = b[i]; c[i] = -b[i]; }
#pragma endscop
    dummy(a, aa);
  }
}

/* control flow */
static void cfnested_float1(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++)
      if (a[i] > 0)
        if (b[i] > 0) a[i] += b[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* control flow */
static void cfdata_float1(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 1; i < N; i++)
      if (a[i - 1] > 0) a[i] = a[i] * b[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* control flow */
static void cfelse2_float1(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++) {
      if (e[i] > 0) { a[i] = b[i] + c[i]; }
      else { d[i] = b[i] - c[i]; }
    }
#pragma endscop
    dummy(a, aa);
  }
}

/* symbolics */
static void symstride_float1(void) {
  int i, j, k, nl;
  int n1 = 1;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++) a[i * n1] = b[i] + c[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* symbolics */
static void symbound_float1(void) {
  int i, j, k, nl;
  int n = N;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < n; i++) a[i] = b[i] * c[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* symbolics */
static void symoffset_float1(void) {
  int i, j, k, nl;
  int m = N / 2;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N / 2; i++) a[i + m] = a[i] + b[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* symbolics */
static void symdown_float1(void) {
  int i, j, k, nl;
  int n = N;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = n - 1; i >= 0; i--) a[i] = b[i] + c[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* symbolics */
static void symlow_float1(void) {
  int i, j, k, nl;
  int lo = 8;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = lo; i < N; i++) a[i] = a[i - lo] + b[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* statement reordering */
static void reorder_float1(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N - 1; i++) { d[i] = a[i + 1] + e[i]; a[i] = b[i] + c[i]; }
#pragma endscop
    dummy(a, aa);
  }
}

/* statement reordering */
static void reorder2_float1(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 1; i < N; i++) { a[i] = c[i] * d[i]; b[i] = a[i] + a[i - 1]; }
#pragma endscop
    dummy(a, aa);
  }
}

const struct loop loops_float1[] = {
  {"ldpair", "float", "linear dependence", ldpair_float1, init_float1, hash_float1},
  {"ldanti2", "float", "linear dependence", ldanti2_float1, init_float1, hash_float1},
  {"ldrev", "float", "linear dependence", ldrev_float1, init_float1, hash_float1},
  {"ivcount", "float", "induction variable", ivcount_float1, init_float1, hash_float1},
  {"ivstep2", "float", "induction variable", ivstep2_float1, init_float1, hash_float1},
  {"ivfloat", "float", "induction variable", ivfloat_float1, init_float1, hash_float1},
  {"ivtwo", "float", "induction variable", ivtwo_float1, init_float1, hash_float1},
  {"ivwrap", "float", "induction variable", ivwrap_float1, init_float1, hash_float1},
  {"gdftwo", "float", "global data flow", gdftwo_float1, init_float1, hash_float1},
  {"gdfshift", "float", "global data flow", gdfshift_float1, init_float1, hash_float1},
  {"gdfback", "float", "global data flow", gdfback_float1, init_float1, hash_float1},
  {"gdfchain", "float", "global data flow", gdfchain_float1, init_float1, hash_float1},
  {"nlmirror", "float", "nonlinear dependence", nlmirror_float1, init_float1, hash_float1},
  {"nltranspose", "float", "nonlinear dependence", nltranspose_float1, init_float1, hash_float1},
  {"nlsquare", "float", "nonlinear dependence", nlsquare_float1, init_float1, hash_float1},
  {"cfcond", "float", "control flow", cfcond_float1, init_float1, hash_float1},
  {"cfifelse", "float", "control flow", cfifelse_float1, init_float1, hash_float1},
  {"cfrelu", "float", "control flow", cfrelu_float1, init_float1, hash_float1},
  {"cfhalf", "float", "control flow", cfhalf_float1, init_float1, hash_float1},
  {"cfskip", "float", "control flow", cfskip_float1, init_float1, hash_float1},
  {"cfthree", "float", "control flow", cfthree_float1, init_float1, hash_float1},
  {"cfpair", "float", "control flow", cfpair_float1, init_float1, hash_float1},
  {"cfnested", "float", "control flow", cfnested_float1, init_float1, hash_float1},
  {"cfdata", "float", "control flow", cfdata_float1, init_float1, hash_float1},
  {"cfelse2", "float", "control flow", cfelse2_float1, init_float1, hash_float1},
  {"symstride", "float", "symbolics", symstride_float1, init_float1, hash_float1},
  {"symbound", "float", "symbolics", symbound_float1, init_float1, hash_float1},
  {"symoffset", "float", "symbolics", symoffset_float1, init_float1, hash_float1},
  {"symdown", "float", "symbolics", symdown_float1, init_float1, hash_float1},
  {"symlow", "float", "symbolics", symlow_float1, init_float1, hash_float1},
  {"reorder", "float", "statement reordering", reorder_float1, init_float1, hash_float1},
  {"reorder2", "float", "statement reordering", reorder2_float1, init_float1, hash_float1},
};
const int n_loops_float1 = 32;
