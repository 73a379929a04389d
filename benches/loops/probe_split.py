#!/usr/bin/env python3
"""Transposes, floating counters and node splitting, a probe (issue 63), written apart from the
loop collection: seven transposes (square arrays of 128, 256 and 512, one of 200, a rectangle,
a symmetrized sum, a triangle mirrored), five floating counters and five node splits (one in
two dimensions), in float and double, each region rewritten by `optimist c --threads 1`, the
original and the rewritten program compiled alike by gcc and clang-19 with `-O3 -march=native`,
each kind timed (best of 5 runs), per kind the speed-up and whether the results agree.
Usage: python3 benches/loops/probe_split.py [OPTIMIST] (default target/release/optimist; run
from the repository root)."""
import os, sys

import probe

BIN = sys.argv[1] if len(sys.argv) > 1 else "target/release/optimist"
OUT = "target/probe-split"
os.makedirs(OUT, exist_ok=True)
# (name, body, declarations, repetitions)
kinds = [
 ("tr256", "for (i = 0; i < 256; i++) for (j = 0; j < 256; j++) A[i][j] = B[j][i];", "", 100),
 ("tr128", "for (i = 0; i < 128; i++) for (j = 0; j < 128; j++) S[i][j] = T[j][i] * 2;", "", 400),
 ("tr512", "for (i = 0; i < 512; i++) for (j = 0; j < 512; j++) W[i][j] = V[j][i];", "", 25),
 ("tr200", "for (i = 0; i < 200; i++) for (j = 0; j < 200; j++) P[i][j] = Q[j][i] + 1;", "", 160),
 ("trrect", "for (i = 0; i < 128; i++) for (j = 0; j < 512; j++) R[i][j] = V[j][i];", "", 100),
 ("trsym", "for (i = 0; i < 256; i++) for (j = 0; j < 256; j++) A[i][j] = (B[i][j] + B[j][i]) * 0.5;", "", 100),
 ("trtri", "for (i = 1; i < 256; i++) for (j = 0; j < i; j++) A[j][i] = A[i][j] * s;", "REAL s = 0.75;", 100),
 ("fcone", "x = 0;\n    for (i = 0; i < N; i++) { x = x + 1; a[i] = x * b[i]; }", "REAL x;", 400),
 ("fctwo", "x = 0;\n    for (i = 0; i < N; i++) { x += 2.0; a[i] = b[i] / x; }", "REAL x;", 400),
 ("fcdown", "y = 100;\n    for (i = 0; i < N; i++) { a[i] = b[i] - y * c[i]; y -= 3; }", "REAL y;", 400),
 ("fcpair", "x = 1; y = 0;\n    for (i = 0; i < N; i++) { a[i] = x * b[i] + y; x += 1; y = y + 4; }", "REAL x, y;", 400),
 ("fccond", "x = 0;\n    for (i = 0; i < N; i++) { if (b[i] > 0) a[i] = x; x++; }", "REAL x;", 400),
 ("nsmul", "for (i = 0; i < N - 1; i++) { a[i] = b[i] * c[i] * d[i]; b[i] = a[i] * a[i + 1] * d[i]; }", "", 400),
 ("nsthree", "for (i = 0; i < N - 1; i++) { a[i] = b[i] + c[i] * d[i]; b[i] = a[i] + d[i] * e[i]; a[i] = b[i] + a[i + 1] * d[i]; }", "", 400),
 ("nsnext", "for (i = 0; i < N - 1; i++) { a[i] = b[i] + c[i]; b[i] = c[i] + b[i]; a[i + 1] = b[i] + a[i + 1] * d[i]; }", "", 400),
 ("nstwo", "for (i = 0; i < N - 2; i++) { a[i] = b[i] * 3; d[i] = a[i] + a[i + 1]; e[i] = a[i + 2] - a[i]; }", "", 400),
 ("ns2d", "for (i = 0; i < 256; i++) for (j = 0; j < 255; j++) { A[i][j] = B[i][j] * 2; C[i][j] = A[i][j] + A[i][j + 1]; }", "", 100),
]
for T in ["float", "double"]:
  out = [f"#include <stdio.h>\n#include <time.h>\n#define N 20000\ntypedef {T} REAL;\n"
         "static REAL a[N], b[N], c[N], d[N], e[N];\n"
         "static REAL A[256][256], B[256][256], C[256][256], S[128][128], T[128][128], W[512][512], V[512][512], P[200][200], Q[200][200], R[128][512];\n"
         "void dummy(REAL *, REAL *);\n"]
  for n, body, decl, reps in kinds:
    out.append(f"static void {n}(void) {{\n  int i, j, nl;\n  {decl}\n  for (nl = 0; nl < {reps}; nl++) {{\n#pragma scop\n    {body}\n#pragma endscop\n    dummy(a, A[0]);\n  }}\n}}\n")
  out.append("void dummy(REAL *x, REAL *y) { __asm__ volatile(\"\" :: \"r\"(x), \"r\"(y) : \"memory\"); }\n")
  out.append("static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }\n")
  out.append("static void init(void) { int i, j; for (i = 0; i < N; i++) { a[i] = (i * 7) % 23 - 11; b[i] = ((i * 5) % 19 - 9) * 0.25; c[i] = (i % 17) * 0.0625; d[i] = (i % 13 - 6) * 0.5; e[i] = (i % 29) * 0.125; }\n"
             "  for (i = 0; i < 256; i++) for (j = 0; j < 256; j++) { A[i][j] = (i * 3 + j) % 11; B[i][j] = ((i + j * 5) % 7) * 0.5; C[i][j] = 0; }\n"
             "  for (i = 0; i < 128; i++) for (j = 0; j < 128; j++) { S[i][j] = 0; T[i][j] = (i * j) % 9; }\n"
             "  for (i = 0; i < 512; i++) for (j = 0; j < 512; j++) { W[i][j] = 0; V[i][j] = (i + 2 * j) % 13; }\n"
             "  for (i = 0; i < 200; i++) for (j = 0; j < 200; j++) { P[i][j] = 0; Q[i][j] = (i * 5 + j) % 7; }\n"
             "  for (i = 0; i < 128; i++) for (j = 0; j < 512; j++) R[i][j] = 0; }\n")
  out.append("static unsigned long mix(unsigned long h, const void *p, unsigned long n) { const unsigned char *q = p; while (n--) h = h * 1099511628211UL ^ *q++; return h; }\n")
  out.append("static unsigned long hash(void) { unsigned long h = 1469598103934665603UL; h = mix(h, a, sizeof a); h = mix(h, b, sizeof b); h = mix(h, d, sizeof d); h = mix(h, e, sizeof e);\n"
             "  h = mix(h, A, sizeof A); h = mix(h, C, sizeof C); h = mix(h, S, sizeof S); h = mix(h, W, sizeof W); h = mix(h, P, sizeof P); h = mix(h, R, sizeof R); return h; }\n")
  out.append("int main(void) {\n  double t, best;\n  int r;\n")
  for n, _, _, _ in kinds:
    out.append(f"  best = 1e9; for (r = 0; r < 5; r++) {{ init(); t = now(); {n}(); t = now() - t; if (t < best) best = t; }}\n  printf(\"{n} {T} %.6f %lx\\n\", best * 1e3, hash());\n")
  out.append("  return 0;\n}\n")
  open(f"{OUT}/p_{T}.c", "w").write("".join(out))

probe.compare(OUT, BIN)
