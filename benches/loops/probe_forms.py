#!/usr/bin/env python3
"""Forms the loop collection lacks, a probe (issue 63), written apart from it: bounds read from
variables (a transpose, a column walk, a column recurrence, a product and a triangle of them),
`while` and `do` loops, pointer arithmetic, compound conditions, an early exit, a local array,
library calls, conversions of the counter, strided columns, a triangular solve and a
Gauss-Seidel sweep, in float and double, each region rewritten by `optimist c --threads 1`, the
original and the rewritten program compiled alike by gcc and clang-19 with `-O3 -march=native`,
each kind timed (best of 5 runs), per kind the speed-up and whether the results agree.
Usage: python3 benches/loops/probe_forms.py [OPTIMIST] (default target/release/optimist; run
from the repository root)."""
import os, sys

import probe

BIN = sys.argv[1] if len(sys.argv) > 1 else "target/release/optimist"
OUT = "target/probe-forms"
os.makedirs(OUT, exist_ok=True)
# (name, body, declarations, repetitions); N = 20000, M = 256; nn = N and mm = M at run time
kinds = [
 ("ptrans", "for (i = 0; i < mm; i++) for (j = 0; j < mm; j++) aa[i][j] = bb[j][i];", "", 100),
 ("pcolumn", "for (j = 0; j < mm; j++) for (i = 0; i < mm; i++) aa[i][j] += bb[i][j] * 0.5;", "", 100),
 ("pcolrec", "for (i = 0; i < mm; i++) for (j = 1; j < mm; j++) aa[j][i] = aa[j - 1][i] * 0.5 + bb[j][i];", "", 100),
 ("pmatmul", "for (i = 0; i < 64; i++) for (j = 0; j < q; j++) for (k = 0; k < q; k++) aa[i][j] += bb[i][k] * cc[k][j];", "int q = mm / 4;", 50),
 ("ptrimv", "for (i = 0; i < mm; i++) for (j = 0; j <= i; j++) a[i] += aa[i][j] * b[j];", "", 100),
 ("pvec", "for (i = 0; i < nn; i++) a[i] = b[i] * c[i] + d[i];", "", 400),
 ("pstencil", "for (i = 1; i < nn - 1; i++) a[i] = 0.25 * b[i - 1] + 0.5 * b[i] + 0.25 * b[i + 1];", "", 400),
 ("whileloop", "i = 0;\n    while (i < N) { a[i] = b[i] + c[i] * 2; i++; }", "", 400),
 ("doloop", "i = 0;\n    do { a[i] = b[i] - c[i]; i += 1; } while (i < N);", "", 400),
 ("ptrform", "for (i = 0; i < N; i++) *(a + i) = *(b + i) * *(c + i);", "", 400),
 ("andcond", "for (i = 0; i < N; i++) a[i] = (b[i] > 0 && c[i] > 0.5) ? b[i] : c[i];", "", 400),
 ("orcond", "for (i = 0; i < N; i++) if (b[i] < -1 || b[i] > 1) a[i] = 0; else a[i] = b[i] * d[i];", "", 400),
 ("exitloop", "for (i = 0; i < N; i++) { if (e[i] > 1e30) break; a[i] = b[i] + e[i]; }", "", 400),
 ("localarr", "for (i = 0; i < M; i++) { REAL t[M]; for (j = 0; j < M; j++) t[j] = bb[i][j] * 2; for (j = 0; j < M; j++) aa[i][j] = t[j] + t[M - 1 - j]; }", "", 100),
 ("calls", "for (i = 0; i < N; i++) a[i] = fabs(b[i]) + fmin(c[i], d[i]);", "", 400),
 ("ivconv", "for (i = 0; i < N; i++) a[i] = b[i] * (REAL)(i % 7) + (REAL)(i / 3);", "", 400),
 ("colstride", "for (i = 0; i < M; i++) for (j = 0; j < M / 2; j++) aa[i][2 * j] = bb[i][2 * j + 1] + cc[i][j];", "", 100),
 ("trisolve", "for (i = 0; i < M; i++) { x = b[i]; for (j = 0; j < i; j++) x -= aa[i][j] * c[j]; c[i] = x / (aa[i][i] + 2); }", "REAL x;", 100),
 ("seidel2d", "for (i = 1; i < M - 1; i++) for (j = 1; j < M - 1; j++) aa[i][j] = (aa[i - 1][j] + aa[i][j - 1] + aa[i][j] + aa[i + 1][j] + aa[i][j + 1]) * 0.2;", "", 50),
 ("colsum2", "for (j = 0; j < M; j++) { x = 0; y = 0; for (i = 0; i < M; i++) { x += aa[i][j]; y += bb[i][j] * aa[i][j]; } a[j] = x; b[j] = y; }", "REAL x, y;", 100),
 ("outer3", "for (i = 0; i < M; i++) for (j = 0; j < M; j++) aa[i][j] = a[i] * b[j] + c[j] * d[i] + cc[i][j];", "", 100),
 ("scale2d", "for (j = 0; j < M; j++) for (i = 0; i < M; i++) aa[i][j] = bb[i][j] * b[i] / c[j] ;", "", 100),
]
probe.write(
    OUT, kinds,
    "static REAL a[N], b[N], c[N], d[N], e[N];\nint nn = N, mm = M;\n"
    "static REAL aa[M][M], bb[M][M], cc[M][M];\n",
    "for (i = 0; i < N; i++) { a[i] = ((i * 7) % 23 - 11) * 0.125; b[i] = ((i * 5) % 19 - 9) * 0.25; c[i] = (i % 17) * 0.0625 + 0.5; d[i] = (i % 13 - 6) * 0.5; e[i] = (i % 29 - 3) * 0.125; }\n"
    "  for (i = 0; i < M; i++) for (j = 0; j < M; j++) { aa[i][j] = ((i * 3 + j) % 11) * 0.125; bb[i][j] = ((i + j * 5) % 7 - 3) * 0.5; cc[i][j] = ((i ^ j) % 5) * 0.25; }",
    ["a", "b", "c", "d", "e", "aa", "bb", "cc"])

probe.compare(OUT, BIN)
