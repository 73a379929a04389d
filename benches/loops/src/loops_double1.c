/* Loops of the collection (benches/loops/gen.py writes this file): double. */
#include "loops.h"
typedef double REAL;
static REAL a[N], b[N], c[N], d[N], e[N];
static REAL aa[M][M], bb[M][M], cc[M][M];
static int ip[N];

static void init_double1(void) {
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

static unsigned long hash_double1(void) {
  unsigned long h = 1469598103934665603UL;
  h = hash_bytes(h, a, sizeof a); h = hash_bytes(h, b, sizeof b); h = hash_bytes(h, c, sizeof c);
  h = hash_bytes(h, d, sizeof d); h = hash_bytes(h, e, sizeof e);
  h = hash_bytes(h, aa, sizeof aa); h = hash_bytes(h, bb, sizeof bb); h = hash_bytes(h, cc, sizeof cc);
  return h;
}

/* linear dependence */
static void ldpair_double1(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 1; i < N; i++) { b[i] = a[i - 1] + c[i]; a[i] = b[i] * d[i]; }
#pragma endscop
    dummy(a, aa);
  }
}

/* linear dependence */
static void ldanti2_double1(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 1; i < N - 1; i++) { a[i] = b[i - 1] + c[i]; b[i] = b[i + 1] - d[i]; }
#pragma endscop
    dummy(a, aa);
  }
}

/* linear dependence */
static void ldrev_double1(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = N - 2; i >= 0; i--) a[i] = a[i + 1] * b[i] + c[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* induction variable */
static void ivcount_double1(void) {
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
static void ivstep2_double1(void) {
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
static void ivfloat_double1(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++) a[i] = b[i] + (REAL)i;
#pragma endscop
    dummy(a, aa);
  }
}

/* induction variable */
static void ivtwo_double1(void) {
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
static void ivwrap_double1(void) {
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
static void gdftwo_double1(void) {
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
static void gdfshift_double1(void) {
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
static void gdfback_double1(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++) { a[i] = b[i] + c[i]; b[i] = a[i] * d[i]; }
#pragma endscop
    dummy(a, aa);
  }
}

/* global data flow */
static void gdfchain_double1(void) {
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
static void nlmirror_double1(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N / 2; i++) a[i] = a[N - 1 - i] + b[i];
#pragma endscop
    dummy(a, aa);
  }
}

/* nonlinear dependence */
static void nltranspose_double1(void) {
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
static void nlsquare_double1(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS_2D; nl++) {
#pragma scop
    for (i = 0; i < N / M; i++) a[i * M] = b[i * M] + aa[i][i];
#pragma endscop
    dummy(a, aa);
  }
}

/* control flow */
static void cfcond_double1(void) {
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
static void cfifelse_double1(void) {
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
static void cfrelu_double1(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N; i++) a[i] = b[i] > 0 ? b[i] : 0;
#pragma endscop
    dummy(a, aa);
  }
}

/* control flow */
static void cfhalf_double1(void) {
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
static void cfskip_double1(void) {
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
static void cfthree_double1(void) {
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
static void cfpair_double1(void) {
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
static void cfnested_double1(void) {
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
static void cfdata_double1(void) {
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
static void cfelse2_double1(void) {
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
static void symstride_double1(void) {
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
static void symbound_double1(void) {
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
static void symoffset_double1(void) {
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
static void symdown_double1(void) {
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
static void symlow_double1(void) {
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
static void reorder_double1(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 0; i < N - 1; i++) { d[i] = a[i + 1] + e[i]; a[i] = b[i] + c[i]; }
#pragma endscop
    dummy(a, aa);
  }
}

/* statement reordering */
static void reorder2_double1(void) {
  int i, j, k, nl;
  for (nl = 0; nl < REPS; nl++) {
#pragma scop
    for (i = 1; i < N; i++) { a[i] = c[i] * d[i]; b[i] = a[i] + a[i - 1]; }
#pragma endscop
    dummy(a, aa);
  }
}

const struct loop loops_double1[] = {
  {"ldpair", "double", "linear dependence", ldpair_double1, init_double1, hash_double1},
  {"ldanti2", "double", "linear dependence", ldanti2_double1, init_double1, hash_double1},
  {"ldrev", "double", "linear dependence", ldrev_double1, init_double1, hash_double1},
  {"ivcount", "double", "induction variable", ivcount_double1, init_double1, hash_double1},
  {"ivstep2", "double", "induction variable", ivstep2_double1, init_double1, hash_double1},
  {"ivfloat", "double", "induction variable", ivfloat_double1, init_double1, hash_double1},
  {"ivtwo", "double", "induction variable", ivtwo_double1, init_double1, hash_double1},
  {"ivwrap", "double", "induction variable", ivwrap_double1, init_double1, hash_double1},
  {"gdftwo", "double", "global data flow", gdftwo_double1, init_double1, hash_double1},
  {"gdfshift", "double", "global data flow", gdfshift_double1, init_double1, hash_double1},
  {"gdfback", "double", "global data flow", gdfback_double1, init_double1, hash_double1},
  {"gdfchain", "double", "global data flow", gdfchain_double1, init_double1, hash_double1},
  {"nlmirror", "double", "nonlinear dependence", nlmirror_double1, init_double1, hash_double1},
  {"nltranspose", "double", "nonlinear dependence", nltranspose_double1, init_double1, hash_double1},
  {"nlsquare", "double", "nonlinear dependence", nlsquare_double1, init_double1, hash_double1},
  {"cfcond", "double", "control flow", cfcond_double1, init_double1, hash_double1},
  {"cfifelse", "double", "control flow", cfifelse_double1, init_double1, hash_double1},
  {"cfrelu", "double", "control flow", cfrelu_double1, init_double1, hash_double1},
  {"cfhalf", "double", "control flow", cfhalf_double1, init_double1, hash_double1},
  {"cfskip", "double", "control flow", cfskip_double1, init_double1, hash_double1},
  {"cfthree", "double", "control flow", cfthree_double1, init_double1, hash_double1},
  {"cfpair", "double", "control flow", cfpair_double1, init_double1, hash_double1},
  {"cfnested", "double", "control flow", cfnested_double1, init_double1, hash_double1},
  {"cfdata", "double", "control flow", cfdata_double1, init_double1, hash_double1},
  {"cfelse2", "double", "control flow", cfelse2_double1, init_double1, hash_double1},
  {"symstride", "double", "symbolics", symstride_double1, init_double1, hash_double1},
  {"symbound", "double", "symbolics", symbound_double1, init_double1, hash_double1},
  {"symoffset", "double", "symbolics", symoffset_double1, init_double1, hash_double1},
  {"symdown", "double", "symbolics", symdown_double1, init_double1, hash_double1},
  {"symlow", "double", "symbolics", symlow_double1, init_double1, hash_double1},
  {"reorder", "double", "statement reordering", reorder_double1, init_double1, hash_double1},
  {"reorder2", "double", "statement reordering", reorder2_double1, init_double1, hash_double1},
};
const int n_loops_double1 = 32;
