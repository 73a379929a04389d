#!/usr/bin/env python3
"""Kinds the loop collection lacks, a probe (issue 63), written apart from it: parametric shifts,
partial recurrences, conditional and wrap-around scalars, wrap-around indices, coupled and
indexed reductions, running sums, two-dimensional counters, triangular and imperfect nests,
wavefronts, halved and indirect indices, conditional pairs and three-dimensional permutations,
in float and double, each region rewritten by `optimist c --threads 1`, the original and the
rewritten program compiled alike by gcc and clang-19 with `-O3 -march=native`, each kind timed
(best of 5 runs), per kind the speed-up and whether the results agree.
Usage: python3 benches/loops/probe_kinds.py [OPTIMIST] (default target/release/optimist; run
from the repository root)."""
import os, sys

import probe

BIN = sys.argv[1] if len(sys.argv) > 1 else "target/release/optimist"
OUT = "target/probe-kinds"
os.makedirs(OUT, exist_ok=True)
# (name, body, declarations, repetitions); N = 20000, M = 256, L = 48
kinds = [
 ("shiftk", "for (i = 0; i < N - 64; i++) a[i] = a[i + sk] + b[i] * c[i];", "", 400),
 ("shiftneg", "for (i = 8; i < N; i++) a[i] = a[i - sn] * 0.5 + b[i];", "", 400),
 ("partrec", "for (i = 1; i < N; i++) { a[i] += c[i] * d[i]; b[i] = b[i - 1] + a[i] + d[i]; }", "", 400),
 ("twice", "for (i = 1; i < N; i++) { a[i] += b[i] * c[i]; e[i] = e[i - 1] * 0.999; a[i] -= b[i] * c[i]; }", "", 400),
 ("condscal", "for (i = 0; i < N; i++) { if (a[i] > b[i]) { t = a[i] - b[i] * d[i]; c[i] += t; a[i] = t; } }", "REAL t = 0;", 400),
 ("condwrap", "t = 0;\n    for (i = 0; i < N; i++) { if (a[i] > 0) t = d[i] * d[i]; b[i] = t * c[i] + d[i]; }", "REAL t;", 400),
 ("twowrap", "x = b[N - 1]; y = b[N - 2];\n    for (i = 0; i < N; i++) { a[i] = (b[i] + x + y) * 0.25; y = x; x = b[i]; }", "REAL x, y;", 400),
 ("wrapidx", "k = N - 1;\n    for (i = 0; i < N; i++) { a[i] = (b[i] + b[k]) * 0.5; k = i; }", "", 400),
 ("wrapidx2", "k = N - 1; m = N - 2;\n    for (i = 0; i < N; i++) { a[i] = (b[i] + b[k] + b[m]) * 0.3; m = k; k = i; }", "", 400),
 ("readfirst", "for (i = 0; i < N; i++) a[i] = a[0] + b[i];", "", 400),
 ("tempswap", "for (i = 1; i < N; i++) { t = a[i] + b[i]; a[i] = t + c[i - 1]; t = c[i] * d[i]; c[i] = t; }", "REAL t;", 400),
 ("cross", "for (i = 0; i < N; i++) { x = a[N - 1 - i] + b[i] * c[i]; a[i] = x - 1; b[i] = x; }", "REAL x;", 400),
 ("condtwo", "for (i = 0; i < N; i++) if (e[i] >= 0) { a[i] += c[i] * d[i]; b[i] += c[i] * c[i]; }", "", 400),
 ("condafter", "for (i = 0; i < N; i++) { a[i] += d[i] * e[i]; if (a[i] < 0) b[i] += d[i] * e[i]; c[i] += a[i] * d[i]; }", "", 400),
 ("condelse", "for (i = 0; i < N; i++) { a[i] = c[i] + e[i] * d[i]; if (a[i] > 0) b[i] = a[i] + b[i]; else a[i] = d[i] * e[i]; }", "", 400),
 ("condidx", "for (i = 0; i < N; i++) { if (i + 1 < N / 2) a[i] += b[i] * c[i]; else a[i] += b[i] * d[i]; }", "", 400),
 ("condnz", "for (i = 0; i < N; i++) if (b[i] != 0) a[i] += b[i] * c[i];", "", 400),
 ("maxidx", "s = b[0]; k = 0;\n    for (i = 1; i < N; i++) if (b[i] > s) { s = b[i]; k = i; }\n    a[0] = s + k;", "REAL s;", 400),
 ("maxabs", "s = b[0] < 0 ? -b[0] : b[0];\n    for (i = 1; i < N; i++) { x = b[i] < 0 ? -b[i] : b[i]; if (x > s) s = x; }\n    a[0] = s;", "REAL s, x;", 400),
 ("coupled", "s = 0; x = 0;\n    for (i = 0; i < N; i++) { a[i] = b[i] + d[i]; s += a[i]; c[i] = b[i] * e[i]; x += c[i]; }\n    d[0] = s + x;", "REAL s, x;", 400),
 ("runsum", "s = 0;\n    for (i = 0; i < N; i++) { s += b[i]; a[i] = s; }", "REAL s;", 400),
 ("condsum", "s = 0;\n    for (i = 0; i < N; i++) if (b[i] > 0) s += b[i];\n    a[0] = s;", "REAL s;", 400),
 ("rec2nd", "for (i = 2; i < N; i++) a[i] = a[i] + a[i - 1] * b[i] + a[i - 2] * c[i];", "", 400),
 ("pack2d", "k = 0;\n    for (i = 0; i < M; i++) for (j = 0; j < M; j++) if (bb[i][j] > 0) { flat[k] = aa[i][j]; k++; }", "", 100),
 ("unrollgat", "for (i = 0; i < N - 4; i += 5) { a[i] = b[ip[i]] * c[i]; a[i + 1] = b[ip[i + 1]] * c[i + 1]; a[i + 2] = b[ip[i + 2]] * c[i + 2]; a[i + 3] = b[ip[i + 3]] * c[i + 3]; a[i + 4] = b[ip[i + 4]] * c[i + 4]; }", "", 400),
 ("indboth", "for (i = 0; i < N; i++) a[ip[i]] = b[ip[i]] + c[i];", "", 400),
 ("indrev", "for (i = 0; i < N; i++) { k = ip[i]; a[i] = b[i] + c[N - 1 - k] * d[i]; }", "", 400),
 ("halfidx", "for (i = 0; i < N; i++) a[i] = b[i] + c[i / 2] * d[i];", "", 400),
 ("count2d", "k = -1;\n    for (i = 0; i < M; i++) for (j = 0; j < M; j++) { k++; flat[k] = aa[i][j] + bb[i][j] * cc[i][j]; }", "", 100),
 ("colcount", "k = 1;\n    for (i = 0; i < M; i++) { for (j = 1; j < M; j++) { bb[j][i] = bb[j - 1][i] + flat[k - 1] * cc[j][i]; k++; } k++; }", "", 100),
 ("rowrec", "for (i = 1; i < M; i++) for (j = 0; j < M; j++) aa[i][j] = aa[i - 1][j] + bb[i][j] * cc[i][j];", "", 100),
 ("wave", "for (i = 1; i < M; i++) for (j = 1; j < M; j++) aa[i][j] = (aa[i][j - 1] + aa[i - 1][j]) * 0.5;", "", 100),
 ("trirec", "for (i = 1; i < M; i++) for (j = 1; j <= i; j++) aa[i][j] = aa[i][j - 1] * aa[i][j - 1] * 0.001 + bb[i][j];", "", 100),
 ("colrow", "for (i = 1; i < M; i++) { for (j = 1; j < M; j++) cc[j][i] = aa[j][i] + bb[j - 1][i]; for (j = 1; j < M; j++) bb[j][i] = bb[j][i - 1] + cc[j][i]; }", "", 100),
 ("imperfect", "for (i = 0; i < M; i++) { a[i] += b[i] * c[i]; for (j = 1; j < M; j++) aa[j][i] = aa[j - 1][i] + bb[j][i] * a[i]; }", "", 100),
 ("expand1", "for (i = 0; i < M; i++) for (j = 1; j < M; j++) { a[j] = 1 - a[j - 1]; aa[j][i] = a[j] + bb[j][i] * d[j]; }", "", 100),
 ("colsub", "for (i = 1; i < M; i++) for (j = 0; j < M; j++) { a[i] = aa[j][i] - a[i - 1]; aa[j][i] = a[i] + bb[j][i]; }", "", 100),
 ("diagupd", "for (i = 0; i < M; i++) aa[i][i] += bb[i][i] * cc[i][i];", "", 4000),
 ("identity", "for (i = 0; i < M; i++) { for (j = 0; j < M; j++) aa[j][i] = 0; aa[i][i] = 1; }", "", 100),
 ("conv", "for (j = 0; j < 64; j++) for (i = 0; i < N / 2; i++) a[i] += b[i + 63 - j] * c[j];", "", 20),
 ("perm3", "for (k = 0; k < L; k++) for (j = 0; j < L; j++) for (i = 0; i < L; i++) X[i][j][k] = Y[i][j][k] * 2 + Z[i][j][k];", "", 100),
 ("perm3b", "for (j = 0; j < L; j++) for (k = 0; k < L; k++) for (i = 0; i < L; i++) X[i][j][k] += Y[k][j][i];", "", 100),
 ("cplx", "for (i = 0; i < N / 2; i++) { a[i] = b[2 * i] * c[2 * i] - b[2 * i + 1] * c[2 * i + 1]; d[i] = b[2 * i] * c[2 * i + 1] + b[2 * i + 1] * c[2 * i]; }", "", 400),
 ("vpvtv", "for (i = 0; i < N; i++) a[i] += b[i] * c[i] + d[i] * e[i] - b[i];", "", 400),
 ("lerp2d", "for (i = 0; i < M; i++) for (j = 0; j < M; j++) aa[i][j] = bb[i][j] + (cc[i][j] - bb[i][j]) * b[j];", "", 100),
 ("symm", "for (i = 0; i < M; i++) for (j = 0; j < M; j++) aa[i][j] = bb[i][j] + bb[j][i] + cc[i][j];", "", 100),
]
probe.write(
    OUT, kinds,
    "static REAL a[N], b[N], c[N], d[N], e[N], flat[M * M];\nstatic int ip[N];\nint sk = 3, sn = 8;\n"
    "static REAL aa[M][M], bb[M][M], cc[M][M], X[L][L][L], Y[L][L][L], Z[L][L][L];\n",
    "for (i = 0; i < N; i++) { a[i] = ((i * 7) % 23 - 11) * 0.125; b[i] = ((i * 5) % 19 - 9) * 0.25; c[i] = (i % 17) * 0.0625; d[i] = (i % 13 - 6) * 0.5; e[i] = (i % 29 - 3) * 0.125; ip[i] = (i * 7919) % N; }\n"
    "  for (i = 0; i < M; i++) for (j = 0; j < M; j++) { aa[i][j] = ((i * 3 + j) % 11) * 0.125; bb[i][j] = ((i + j * 5) % 7 - 3) * 0.5; cc[i][j] = ((i ^ j) % 5) * 0.25; flat[i * M + j] = 0; }\n"
    "  for (i = 0; i < L; i++) for (j = 0; j < L; j++) for (k = 0; k < L; k++) { X[i][j][k] = 0; Y[i][j][k] = (i + 2 * j + 3 * k) % 7; Z[i][j][k] = (i * j + k) % 5; }",
    ["a", "b", "c", "d", "e", "flat", "aa", "bb", "cc", "X"])

probe.compare(OUT, BIN)
