#!/usr/bin/env python3
"""Rows of sums, a probe (issue 63): ten row kinds in float and double, each region rewritten by
`optimist c --threads 1`, original and rewritten compiled alike by gcc and clang-19 with
`-O3 -march=native`, each kind timed (best of 5 runs of 400 calls), per kind the speed-up and
whether the results agree. Usage: python3 benches/loops/probe_rows.py [OPTIMIST]
(default target/release/optimist; run from the repository root)."""
import os, sys

import probe

BIN = sys.argv[1] if len(sys.argv) > 1 else "target/release/optimist"
OUT = "target/probe-rows"
os.makedirs(OUT, exist_ok=True)
kinds = [
 ("rowacc", "for (i = 0; i < M; i++) for (j = 0; j < M; j++) a[i] += aa[i][j];", ""),
 ("matvec", "for (i = 0; i < M; i++) { s = 0; for (j = 0; j < M; j++) s += aa[i][j] * b[j]; a[i] = s; }", "REAL s;"),
 ("matvec2", "for (i = 0; i < M; i++) { s = 0; t = 0; for (j = 0; j < M; j++) { s += aa[i][j] * b[j]; t += bb[i][j] * b[j]; } a[i] = s; c[i] = t; }", "REAL s, t;"),
 ("rowdot", "for (i = 0; i < M; i++) { a[i] = 0; for (j = 0; j < M; j++) a[i] = a[i] + aa[i][j] * bb[i][j]; }", ""),
 ("rownorm", "for (i = 0; i < M; i++) { s = 0; for (j = 0; j < M; j++) s += aa[i][j] * aa[i][j]; a[i] = s * 0.5; }", "REAL s;"),
 ("rowodd", "for (i = 0; i < M - 1; i++) { s = 1; for (j = 1; j < M - 2; j++) s = s + aa[i][j] * b[j]; a[i] = s; }", "REAL s;"),
 ("rowmax2", "for (i = 0; i < M; i++) { s = 0; for (j = 0; j < M; j++) s = s * 0.5 + aa[i][j]; a[i] = s; }", "REAL s;"),
 ("colsum", "for (j = 0; j < M; j++) { s = 0; for (i = 0; i < M; i++) s += aa[i][j]; a[j] = s; }", "REAL s;"),
 ("rowprod", "for (i = 0; i < M; i++) { s = 1; for (j = 0; j < M; j++) s *= 1 + aa[i][j] * 1e-3; a[i] = s; }", "REAL s;"),
 ("rowsub", "for (i = 0; i < M; i++) { s = b[i]; for (j = 0; j < M; j++) s -= aa[i][j] * c[j]; a[i] = s / 2; }", "REAL s;"),
]
for T in ["float", "double"]:
  out = [f"#include <stdio.h>\n#include <time.h>\n#define M 256\ntypedef {T} REAL;\nREAL aa[M][M], bb[M][M], a[M], b[M], c[M];\nvoid dummy(REAL *, REAL *);\n"]
  for n, body, decl in kinds:
    out.append(f"static void {n}(void) {{\n  int i, j, nl;\n  {decl}\n  for (nl = 0; nl < 400; nl++) {{\n#pragma scop\n    {body}\n#pragma endscop\n    dummy(a, c);\n  }}\n}}\n")
  out.append("void dummy(REAL *x, REAL *y) { __asm__ volatile(\"\" :: \"r\"(x), \"r\"(y) : \"memory\"); }\n")
  out.append("static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }\n")
  out.append("static void init(void) { int i, j; for (i = 0; i < M; i++) { a[i] = i % 3; b[i] = (i % 7) * 0.25; c[i] = (i % 5) * 0.5; for (j = 0; j < M; j++) { aa[i][j] = ((i * 7 + j * 3) % 11) * 0.1; bb[i][j] = ((i + j) % 5) * 0.25 - 0.5; } } }\n")
  out.append("static double hash(void) { double h = 0; int i; for (i = 0; i < M; i++) h = h * 0.5 + a[i] + c[i]; return h; }\n")
  out.append("int main(void) {\n  double t, best;\n  int r;\n")
  for n, _, _ in kinds:
    out.append(f"  best = 1e9; for (r = 0; r < 5; r++) {{ init(); t = now(); {n}(); t = now() - t; if (t < best) best = t; }}\n  printf(\"{n} {T} %.6f %.17g\\n\", best * 1e3, hash());\n")
  out.append("  return 0;\n}\n")
  open(f"{OUT}/p_{T}.c", "w").write("".join(out))

probe.compare(OUT, BIN)
