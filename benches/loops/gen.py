#!/usr/bin/env python3
"""Writes the loop collection of benches/loops/ (issue 63): short loops of the kinds the test
suites of vectorizing compilers hold, each a function that repeats its loop with an opaque call
after it, over file-scope arrays, in float and in double, as one program of several files.

Every loop was written for this collection. `python3 benches/loops/gen.py` rewrites the C files
(committed, so that tests and benchmarks need no Python); change the list here, not the C.

A loop is (name, kind, locals, body, after): `locals` are declarations before the repeat loop,
`body` the region between `#pragma scop` and `#pragma endscop`, `after` statements after the
region (results of scalars handed to `sink`). Arrays: a b c d e (N elements), aa bb cc (M x M),
ip (N indices in range, a permutation of blocks). REAL is the file's element type.
"""
import os

N, M = "N", "M"
L = []  # (name, kind, locals, body, after)


def loop(name, kind, body, locals="", after=""):
    L.append((name, kind, locals, body, after))


# The vector kinds.
loop("vadd", "vector", "for (i = 0; i < N; i++) a[i] = b[i] + c[i];")
loop("vmuladd", "vector", "for (i = 0; i < N; i++) a[i] = b[i] * c[i] + d[i];")
loop("vaxpy", "vector", "for (i = 0; i < N; i++) a[i] = b[i] + s * c[i];", "REAL s = 0.5;")
loop("vupdate", "vector", "for (i = 0; i < N; i++) a[i] += b[i] * c[i];")
loop("vdiv", "vector", "for (i = 0; i < N; i++) a[i] = b[i] / c[i];")
loop("vneg", "vector", "for (i = 0; i < N; i++) a[i] = -b[i];")
loop("vsquares", "vector", "for (i = 0; i < N; i++) a[i] = b[i] * b[i] - c[i] * c[i];")
loop("vprod", "vector", "for (i = 0; i < N; i++) a[i] = (b[i] + c[i]) * (d[i] - e[i]);")
loop("vmax", "vector", "for (i = 0; i < N; i++) a[i] = b[i] > c[i] ? b[i] : c[i];")
loop("vabs", "vector", "for (i = 0; i < N; i++) a[i] = b[i] < 0 ? -b[i] : b[i];")
loop("vaffine", "vector", "for (i = 0; i < N; i++) a[i] = 2 * b[i] + 1;")
loop("vcopy", "vector", "for (i = 0; i < N; i++) a[i] = b[i];")
loop("vfill", "vector", "for (i = 0; i < N; i++) a[i] = 0;")
loop("vreverse", "vector", "for (i = 0; i < N; i++) a[i] = b[N - 1 - i];")
loop("vgather2", "vector", "for (i = 0; i < N / 2; i++) a[i] = b[2 * i] + c[i];")
loop("vscatter2", "vector", "for (i = 0; i < N / 2; i++) a[2 * i] = b[i] * c[i];")
loop("vsum4", "vector", "for (i = 0; i < N; i++) a[i] = b[i] + c[i] + d[i] + e[i];")
loop("vtwo", "vector", "for (i = 0; i < N; i++) { a[i] = b[i] + c[i]; d[i] = b[i] - c[i]; }")
loop("vhorner", "vector", "for (i = 0; i < N; i++) a[i] = ((b[i] * x + c[i]) * x + d[i]) * x + e[i];", "REAL x = 0.75;")
loop("vblend", "vector", "for (i = 0; i < N; i++) a[i] = b[i] * t + c[i] * (1 - t);", "REAL t = 0.25;")
loop("vclamp", "vector", "for (i = 0; i < N; i++) a[i] = b[i] < lo ? lo : (b[i] > hi ? hi : b[i]);", "REAL lo = -1, hi = 1;")
loop("vinvscale", "vector", "for (i = 0; i < N; i++) a[i] = b[i] * (1 / s);", "REAL s = 3;")
loop("vconvert", "vector", "for (i = 0; i < N; i++) a[i] = (REAL)ip[i] * b[i];")
loop("vstride3", "vector", "for (i = 0; i < N / 3; i++) a[3 * i] = b[i] + c[3 * i];")
loop("vsqrt", "vector", "for (i = 0; i < N; i++) a[i] = sqrt(b[i] * b[i] + c[i] * c[i]);")
# Linear dependences.
loop("ldrec", "linear dependence", "for (i = 1; i < N; i++) a[i] = a[i - 1] + b[i];")
loop("ldfwd", "linear dependence", "for (i = 0; i < N - 1; i++) a[i + 1] = a[i] * c[i] + b[i];")
loop("ldanti", "linear dependence", "for (i = 0; i < N - 1; i++) a[i] = a[i + 1] + b[i];")
loop("ldshift", "linear dependence", "for (i = 0; i < N - 4; i++) a[i] = a[i + 4] + b[i] * c[i];")
loop("lddist4", "linear dependence", "for (i = 4; i < N; i++) a[i] = a[i - 4] * b[i] + c[i];")
loop("ldhalf", "linear dependence", "for (i = 0; i < N / 2; i++) a[i] = a[i + N / 2] + b[i];")
loop("ldhalfw", "linear dependence", "for (i = 0; i < N / 2; i++) a[i + N / 2] = a[i] + b[i];")
loop("ldpair", "linear dependence", "for (i = 1; i < N; i++) { b[i] = a[i - 1] + c[i]; a[i] = b[i] * d[i]; }")
loop("ldanti2", "linear dependence", "for (i = 1; i < N - 1; i++) { a[i] = b[i - 1] + c[i]; b[i] = b[i + 1] - d[i]; }")
loop("ldrev", "linear dependence", "for (i = N - 2; i >= 0; i--) a[i] = a[i + 1] * b[i] + c[i];")
# Induction variables.
loop("ivcount", "induction variable", "j = -1;\n    for (i = 0; i < N; i++) { j++; a[j] = b[i] + c[i]; }")
loop("ivstep2", "induction variable", "k = 0;\n    for (i = 0; i < N / 2; i++) { a[i] = b[k] * c[i]; k += 2; }")
loop("ivfloat", "induction variable", "for (i = 0; i < N; i++) a[i] = b[i] + (REAL)i;")
loop("ivtwo", "induction variable", "j = 0; k = N - 1;\n    for (i = 0; i < N; i++) { a[i] = b[j] + c[k]; j++; k--; }")
loop("ivwrap", "induction variable", "x = 0;\n    for (i = 0; i < N; i++) { x = x + 1; a[i] = x * b[i]; }", "REAL x;")
# Global data flow.
loop("gdftwo", "global data flow", "for (i = 0; i < N; i++) a[i] = b[i] + c[i];\n    for (i = 0; i < N; i++) d[i] = a[i] * e[i];")
loop("gdfshift", "global data flow", "for (i = 0; i < N; i++) a[i] = b[i] * c[i];\n    for (i = 0; i < N - 1; i++) d[i] = a[i] + a[i + 1];")
loop("gdfback", "global data flow", "for (i = 0; i < N; i++) { a[i] = b[i] + c[i]; b[i] = a[i] * d[i]; }")
loop("gdfchain", "global data flow", "for (i = 0; i < N; i++) a[i] = b[i] * 2;\n    for (i = 0; i < N; i++) b[i] = a[i] + c[i];\n    for (i = 0; i < N; i++) c[i] = b[i] - a[i];")
# Nonlinear dependences.
loop("nlmirror", "nonlinear dependence", "for (i = 0; i < N / 2; i++) a[i] = a[N - 1 - i] + b[i];")
loop("nltranspose", "nonlinear dependence", "for (i = 1; i < M; i++)\n      for (j = 0; j < i; j++) aa[i][j] = aa[j][i] + bb[i][j];")
loop("nlsquare", "nonlinear dependence", "for (i = 0; i < N / M; i++) a[i * M] = b[i * M] + aa[i][i];")
# Control flow.
loop("cfcond", "control flow", "for (i = 0; i < N; i++)\n      if (b[i] > 0) a[i] += b[i] * c[i];")
loop("cfifelse", "control flow", "for (i = 0; i < N; i++) {\n      if (a[i] > b[i]) a[i] = b[i];\n      else a[i] = c[i];\n    }")
loop("cfrelu", "control flow", "for (i = 0; i < N; i++) a[i] = b[i] > 0 ? b[i] : 0;")
loop("cfhalf", "control flow", "for (i = 0; i < N; i++) {\n      if (i < N / 2) a[i] = b[i];\n      else a[i] = c[i];\n    }")
loop("cfskip", "control flow", "for (i = 0; i < N; i++)\n      if (c[i] >= 0) a[i] = b[i] + c[i];")
loop("cfthree", "control flow", "for (i = 0; i < N; i++) {\n      if (d[i] < 0) a[i] += b[i] * c[i];\n      else if (d[i] == 0) a[i] += b[i] * b[i];\n      else a[i] += c[i] * c[i];\n    }")
loop("cfpair", "control flow", "for (i = 0; i < N; i++)\n      if (b[i] > 0) { a[i] = b[i]; c[i] = -b[i]; }")
loop("cfnested", "control flow", "for (i = 0; i < N; i++)\n      if (a[i] > 0)\n        if (b[i] > 0) a[i] += b[i];")
loop("cfdata", "control flow", "for (i = 1; i < N; i++)\n      if (a[i - 1] > 0) a[i] = a[i] * b[i];")
loop("cfelse2", "control flow", "for (i = 0; i < N; i++) {\n      if (e[i] > 0) { a[i] = b[i] + c[i]; }\n      else { d[i] = b[i] - c[i]; }\n    }")
# Symbolics.
loop("symstride", "symbolics", "for (i = 0; i < N; i++) a[i * n1] = b[i] + c[i];", "int n1 = 1;")
loop("symbound", "symbolics", "for (i = 0; i < n; i++) a[i] = b[i] * c[i];", "int n = N;")
loop("symoffset", "symbolics", "for (i = 0; i < N / 2; i++) a[i + m] = a[i] + b[i];", "int m = N / 2;")
loop("symdown", "symbolics", "for (i = n - 1; i >= 0; i--) a[i] = b[i] + c[i];", "int n = N;")
loop("symlow", "symbolics", "for (i = lo; i < N; i++) a[i] = a[i - lo] + b[i];", "int lo = 8;")
# Statement reordering, distribution, interchange.
loop("reorder", "statement reordering", "for (i = 0; i < N - 1; i++) { d[i] = a[i + 1] + e[i]; a[i] = b[i] + c[i]; }")
loop("reorder2", "statement reordering", "for (i = 1; i < N; i++) { a[i] = c[i] * d[i]; b[i] = a[i] + a[i - 1]; }")
loop("distrib", "loop distribution", "for (i = 1; i < N; i++) { a[i] = a[i - 1] * b[i]; d[i] = c[i] + e[i]; }")
loop("distrib2", "loop distribution", "for (i = 0; i < N; i++) { a[i] += b[i] * c[i]; d[i] = a[i] + e[i]; }")
loop("icolumn", "loop interchange", "for (j = 0; j < M; j++)\n      for (i = 0; i < M; i++) aa[i][j] = aa[i][j] + bb[i][j];")
loop("icolrec", "loop interchange", "for (i = 0; i < M; i++)\n      for (j = 1; j < M; j++) aa[j][i] = aa[j - 1][i] + bb[j][i];")
loop("irowrec", "loop interchange", "for (j = 0; j < M; j++)\n      for (i = 1; i < M; i++) aa[i][j] = aa[i - 1][j] + bb[i][j];")
loop("irowrec2", "loop interchange", "for (i = 0; i < M; i++)\n      for (j = 1; j < M; j++) aa[i][j] = aa[i][j - 1] + bb[i][j];")
loop("imatvec", "loop interchange", "for (i = 0; i < M; i++)\n      for (j = 0; j < M; j++) a[i] += aa[j][i] * b[j];")
loop("itranspose", "loop interchange", "for (i = 0; i < M; i++)\n      for (j = 0; j < M; j++) aa[i][j] = bb[j][i];")
loop("istencil", "loop interchange", "for (j = 1; j < M - 1; j++)\n      for (i = 1; i < M - 1; i++)\n        aa[i][j] = (bb[i - 1][j] + bb[i + 1][j] + bb[i][j - 1] + bb[i][j + 1]) * 0.25;")
loop("iwave", "loop interchange", "for (i = 1; i < M; i++)\n      for (j = 1; j < M; j++) aa[i][j] = aa[i - 1][j - 1] + bb[i][j];")
# Node splitting, scalar and array expansion, renaming.
loop("nodesplit", "node splitting", "for (i = 0; i < N - 1; i++) { a[i] = b[i] + c[i] * c[i] + b[i] * b[i] + c[i]; d[i] = a[i] + a[i + 1]; }")
loop("nodesplit2", "node splitting", "for (i = 0; i < N - 1; i++) { a[i] = b[i] * c[i]; b[i] = a[i + 1] + d[i]; }")
loop("sexpand", "scalar expansion", "for (i = 0; i < N; i++) { t = b[i] + c[i]; a[i] = t * t; }", "REAL t;")
loop("sexpand2", "scalar expansion", "for (i = 0; i < N; i++) { t = a[i] + b[i]; b[i] = t + c[i]; a[i] = t * d[i]; }", "REAL t;")
loop("sexpand3", "scalar expansion", "for (i = 0; i < N; i++) { s = b[i] * c[i]; a[i] = s + d[i]; e[i] = s - d[i]; }", "REAL s;")
loop("srename", "scalar renaming", "for (i = 0; i < N; i++) { t = b[i] * c[i]; a[i] = t + d[i]; t = e[i] * c[i]; d[i] = t + b[i]; }", "REAL t;")
loop("aexpand", "array expansion", "for (i = 0; i < M; i++) {\n      x = b[i];\n      for (j = 0; j < M; j++) aa[i][j] = x * cc[i][j];\n    }", "REAL x;")
loop("aexpand2", "array expansion", "for (i = 0; i < M; i++) {\n      for (j = 0; j < M; j++) a[j] = bb[i][j] + cc[i][j];\n      for (j = 0; j < M; j++) aa[i][j] = a[j] * 2;\n    }")
# Wrap-around variables.
loop("wrap1", "wrap-around", "im1 = N - 1;\n    for (i = 0; i < N; i++) { a[i] = (b[i] + b[im1]) * 0.5; im1 = i; }", "int im1;")
loop("wrapval", "wrap-around", "x = b[N - 1];\n    for (i = 0; i < N; i++) { a[i] = (b[i] + x) * 0.5; x = b[i]; }", "REAL x;")
loop("wrap2", "wrap-around", "im1 = N - 1; im2 = N - 2;\n    for (i = 0; i < N; i++) { a[i] = (b[i] + b[im1] + b[im2]) * 0.333; im2 = im1; im1 = i; }", "int im1, im2;")
# Reductions.
loop("rsum", "reduction", "s = 0;\n    for (i = 0; i < N; i++) s += a[i];", "REAL s = 0;", "sink(s);")
loop("rdot", "reduction", "s = 0;\n    for (i = 0; i < N; i++) s += a[i] * b[i];", "REAL s = 0;", "sink(s);")
loop("rmax", "reduction", "s = a[0];\n    for (i = 1; i < N; i++) if (a[i] > s) s = a[i];", "REAL s = 0;", "sink(s);")
loop("rminidx", "reduction", "s = a[0]; k = 0;\n    for (i = 1; i < N; i++) if (a[i] < s) { s = a[i]; k = i; }", "REAL s = 0;", "sink(s + k);")
loop("rprod", "reduction", "s = 1;\n    for (i = 0; i < N; i++) s *= (1 + a[i] * 1e-6);", "REAL s = 1;", "sink(s);")
loop("rsum2d", "reduction", "s = 0;\n    for (i = 0; i < M; i++)\n      for (j = 0; j < M; j++) s += aa[i][j];", "REAL s = 0;", "sink(s);")
loop("rcond", "reduction", "s = 0;\n    for (i = 0; i < N; i++) if (a[i] > 0) s += a[i];", "REAL s = 0;", "sink(s);")
loop("rtwo", "reduction", "s = 0; t = 0;\n    for (i = 0; i < N; i++) { s += a[i]; t += b[i] * b[i]; }", "REAL s = 0, t = 0;", "sink(s); sink(t);")
loop("rrows", "reduction", "for (i = 0; i < M; i++) {\n      s = 0;\n      for (j = 0; j < M; j++) s += aa[i][j];\n      a[i] = s;\n    }", "REAL s;")
loop("rcols", "reduction", "for (j = 0; j < M; j++)\n      for (i = 0; i < M; i++) a[j] += aa[i][j];")
# Recurrences.
loop("rec1", "recurrence", "for (i = 1; i < N; i++) a[i] = a[i - 1] * b[i] + c[i];")
loop("rec2", "recurrence", "for (i = 2; i < N; i++) a[i] = a[i - 1] + a[i - 2] * b[i];")
loop("recprefix", "recurrence", "for (i = 1; i < N; i++) b[i] = b[i - 1] + a[i];")
loop("reccol", "recurrence", "for (j = 1; j < M; j++)\n      for (i = 0; i < M; i++) aa[j][i] = aa[j - 1][i] + bb[j][i];")
loop("recdiag", "recurrence", "for (i = 1; i < M; i++) aa[i][i] = aa[i - 1][i - 1] * b[i] + c[i];")
# Searches.
loop("slast", "search", "k = -1;\n    for (i = 0; i < N; i++) if (a[i] < 0) k = i;", "", "sink(k);")
loop("sfirst", "search", "k = -1;\n    for (i = 0; i < N; i++) if (k < 0 && a[i] > 1) k = i;", "", "sink(k);")
loop("scount", "search", "k = 0;\n    for (i = 0; i < N; i++) if (a[i] > 0) k++;", "", "sink(k);")
# Packing.
loop("pack", "packing", "j = 0;\n    for (i = 0; i < N; i++) if (b[i] > 0) { a[j] = b[i]; j++; }", "", "sink(j);")
loop("unpack", "packing", "j = 0;\n    for (i = 0; i < N; i++) if (b[i] > 0) { j++; a[i] = c[j]; }", "", "sink(j);")
# Loop rerolling (hand-unrolled bodies).
loop("unroll5", "rerolling", "for (i = 0; i < N - 4; i += 5) {\n      a[i] += s * b[i]; a[i + 1] += s * b[i + 1]; a[i + 2] += s * b[i + 2];\n      a[i + 3] += s * b[i + 3]; a[i + 4] += s * b[i + 4];\n    }", "REAL s = 0.5;")
loop("unroll4", "rerolling", "for (i = 0; i < N; i += 4) {\n      a[i] = b[i] + c[i]; a[i + 1] = b[i + 1] + c[i + 1];\n      a[i + 2] = b[i + 2] + c[i + 2]; a[i + 3] = b[i + 3] + c[i + 3];\n    }")
loop("unrolldot", "rerolling", "s = 0;\n    for (i = 0; i < N - 4; i += 5)\n      s += a[i] * b[i] + a[i + 1] * b[i + 1] + a[i + 2] * b[i + 2] + a[i + 3] * b[i + 3] + a[i + 4] * b[i + 4];", "REAL s = 0;", "sink(s);")
loop("unroll2d", "rerolling", "for (i = 0; i < M; i++)\n      for (j = 0; j < M; j += 2) { aa[i][j] = bb[i][j] * 2; aa[i][j + 1] = bb[i][j + 1] * 2; }")
# Equivalencing (one array seen at two offsets).
loop("equiv", "equivalencing", "for (i = 0; i < N / 2 - 1; i++) a[i + N / 2] = a[i + 1] + b[i];")
loop("equiv2", "equivalencing", "for (i = 0; i < N / 2; i++) { a[i] = b[i] + c[i]; a[i + N / 2] = a[i] * d[i]; }")
# Indirect addressing.
loop("iscatter", "indirect addressing", "for (i = 0; i < N; i++) a[ip[i]] = b[i] + c[i];")
loop("igather", "indirect addressing", "for (i = 0; i < N; i++) a[i] = b[ip[i]] * c[i];")
loop("iupdate", "indirect addressing", "for (i = 0; i < N; i++) a[i] += b[ip[i]] * c[ip[i]];")
# Two-dimensional kinds.
loop("t2axpy", "two dimensions", "for (j = 0; j < M; j++)\n      for (i = 0; i < M; i++) aa[j][i] += bb[j][i] * c[i];")
loop("t2fma", "two dimensions", "for (i = 0; i < M; i++)\n      for (j = 0; j < M; j++) aa[i][j] = bb[i][j] * cc[i][j] + aa[i][j];")
loop("t2tri", "two dimensions", "for (i = 0; i < M; i++)\n      for (j = 0; j < i; j++) aa[i][j] = bb[i][j] + cc[j][i];")
loop("t2outer", "two dimensions", "for (i = 0; i < M; i++)\n      for (j = 0; j < M; j++) aa[i][j] = b[i] * c[j];")
loop("t2matmul", "two dimensions", "for (i = 0; i < 64; i++)\n      for (j = 0; j < 64; j++)\n        for (k = 0; k < 64; k++) aa[i][j] += bb[i][k] * cc[k][j];")
loop("t2diag", "two dimensions", "for (i = 0; i < M; i++) aa[i][i] = aa[i][i] + b[i];")
loop("t2anti", "two dimensions", "for (i = 0; i < M; i++) aa[i][M - 1 - i] = b[i] * c[i];")
loop("t2stencil9", "two dimensions", "for (i = 1; i < M - 1; i++)\n      for (j = 1; j < M - 1; j++)\n        aa[i][j] = (bb[i - 1][j - 1] + bb[i - 1][j] + bb[i - 1][j + 1] + bb[i][j - 1] + bb[i][j] + bb[i][j + 1] + bb[i + 1][j - 1] + bb[i + 1][j] + bb[i + 1][j + 1]) / 9;")
loop("t2jacobi", "two dimensions", "for (i = 1; i < M - 1; i++)\n      for (j = 1; j < M - 1; j++) aa[i][j] = 0.2 * (bb[i][j] + bb[i - 1][j] + bb[i + 1][j] + bb[i][j - 1] + bb[i][j + 1]);\n    for (i = 1; i < M - 1; i++)\n      for (j = 1; j < M - 1; j++) bb[i][j] = aa[i][j];")
loop("t2sym", "two dimensions", "for (i = 0; i < M; i++)\n      for (j = i; j < M; j++) aa[i][j] = aa[j][i] = bb[i][j] * 0.5;")
# Stencils and time loops in one dimension.
loop("st3", "stencil", "for (i = 1; i < N - 1; i++) a[i] = (b[i - 1] + b[i] + b[i + 1]) / 3;")
loop("stjacobi", "stencil", "for (t = 0; t < 4; t++) {\n      for (i = 1; i < N - 1; i++) a[i] = 0.33333 * (b[i - 1] + b[i] + b[i + 1]);\n      for (i = 1; i < N - 1; i++) b[i] = a[i];\n    }", "int t;")
loop("stseidel", "stencil", "for (i = 1; i < N - 1; i++) a[i] = (a[i - 1] + a[i] + a[i + 1]) / 3;")
loop("st5", "stencil", "for (i = 2; i < N - 2; i++) a[i] = b[i - 2] - 4 * b[i - 1] + 6 * b[i] - 4 * b[i + 1] + b[i + 2];")

FILES_PER_TYPE = 4


def emit(out_dir):
    os.makedirs(out_dir, exist_ok=True)
    tables = []
    per = (len(L) + FILES_PER_TYPE - 1) // FILES_PER_TYPE
    for ty in ("float", "double"):
        for f in range(FILES_PER_TYPE):
            chunk = L[f * per:(f + 1) * per]
            unit = f"{ty}{f}"
            tables.append((unit, len(chunk)))
            lines = [
                f"/* Loops of the collection (benches/loops/gen.py writes this file): {ty}. */",
                '#include "loops.h"',
                f"typedef {ty} REAL;",
                "static REAL a[N], b[N], c[N], d[N], e[N];",
                "static REAL aa[M][M], bb[M][M], cc[M][M];",
                "static int ip[N];",
                "",
                f"static void init_{unit}(void) {{",
                "  int i, j;",
                "  for (i = 0; i < N; i++) {",
                "    a[i] = (REAL)((i * 7) % 23 - 11) / 8;",
                "    b[i] = (REAL)((i * 5) % 19 - 9) / 4;",
                "    c[i] = (REAL)((i * 3) % 17 + 1) / 16;",
                "    d[i] = (REAL)((i * 11) % 13 - 6) / 2;",
                "    e[i] = (REAL)((i * 13) % 29 - 14) / 8;",
                "    ip[i] = (i / 8) * 8 + 7 - i % 8;",
                "  }",
                "  for (i = 0; i < M; i++)",
                "    for (j = 0; j < M; j++) {",
                "      aa[i][j] = (REAL)((i * 3 + j * 5) % 31 - 15) / 16;",
                "      bb[i][j] = (REAL)((i * 7 + j) % 37 - 18) / 8;",
                "      cc[i][j] = (REAL)((i + j * 11) % 41 + 1) / 32;",
                "    }",
                "}",
                "",
                f"static unsigned long hash_{unit}(void) {{",
                "  unsigned long h = 1469598103934665603UL;",
                "  h = hash_bytes(h, a, sizeof a); h = hash_bytes(h, b, sizeof b); h = hash_bytes(h, c, sizeof c);",
                "  h = hash_bytes(h, d, sizeof d); h = hash_bytes(h, e, sizeof e);",
                "  h = hash_bytes(h, aa, sizeof aa); h = hash_bytes(h, bb, sizeof bb); h = hash_bytes(h, cc, sizeof cc);",
                "  return h;",
                "}",
                "",
            ]
            names = []
            for (name, kind, locals, body, after) in chunk:
                fn = f"{name}_{unit}"
                names.append((fn, name, kind))
                two_d = "aa" in body or "M;" in body
                reps = "REPS_2D" if two_d else "REPS"
                lines += [
                    f"/* {kind} */",
                    f"static void {fn}(void) {{",
                    "  int i, j, k, nl;",
                ]
                if locals:
                    lines.append(f"  {locals}")
                lines += [
                    f"  for (nl = 0; nl < {reps}; nl++) {{",
                    "#pragma scop",
                    f"    {body}",
                    "#pragma endscop",
                ]
                if after:
                    lines.append(f"    {after}")
                lines += [
                    "    dummy(a, aa);",
                    "  }",
                    "}",
                    "",
                ]
            lines.append(f"const struct loop loops_{unit}[] = {{")
            for (fn, name, kind) in names:
                lines.append(f'  {{"{name}", "{ty}", "{kind}", {fn}, init_{unit}, hash_{unit}}},')
            lines.append("};")
            lines.append(f"const int n_loops_{unit} = {len(names)};")
            with open(os.path.join(out_dir, f"loops_{unit}.c"), "w") as out:
                out.write("\n".join(lines) + "\n")
    # main.c: the tables, the opaque calls, the timing.
    main = [
        "/* The loop collection's driver (benches/loops/gen.py writes this file): runs every loop",
        " * (or those named on the command line), printing its name, type, seconds and the hash of",
        " * the arrays and of the values handed to `sink`. */",
        '#include "loops.h"',
        "#include <stdio.h>",
        "#include <string.h>",
        "#include <time.h>",
        "",
    ]
    for unit, n in tables:
        main.append(f"extern const struct loop loops_{unit}[]; extern const int n_loops_{unit};")
    main += [
        "",
        "static unsigned long sunk = 1469598103934665603UL;",
        "void dummy(void *p, void *q) { __asm__ volatile(\"\" : : \"r\"(p), \"r\"(q) : \"memory\"); }",
        "void sink(double x) { sunk = hash_bytes(sunk, &x, sizeof x); }",
        "unsigned long hash_bytes(unsigned long h, const void *p, unsigned long n) {",
        "  const unsigned char *s = p;",
        "  for (unsigned long k = 0; k < n; k++) { h ^= s[k]; h *= 1099511628211UL; }",
        "  return h;",
        "}",
        "",
        "static void run(const struct loop *l, int argc, char **argv) {",
        "  if (argc > 1) {",
        "    int named = 0;",
        "    for (int k = 1; k < argc; k++) named |= strcmp(argv[k], l->name) == 0;",
        "    if (!named) return;",
        "  }",
        "  l->init();",
        "  sunk = 1469598103934665603UL;",
        "  struct timespec t0, t1;",
        "  clock_gettime(CLOCK_MONOTONIC, &t0);",
        "  l->run();",
        "  clock_gettime(CLOCK_MONOTONIC, &t1);",
        "  double s = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;",
        "  printf(\"%s %s %.6f %016lx %016lx\\n\", l->name, l->type, s, l->hash(), sunk);",
        "}",
        "",
        "int main(int argc, char **argv) {",
    ]
    for unit, n in tables:
        main.append(f"  for (int k = 0; k < n_loops_{unit}; k++) run(&loops_{unit}[k], argc, argv);")
    main += ["  return 0;", "}"]
    with open(os.path.join(out_dir, "main.c"), "w") as out:
        out.write("\n".join(main) + "\n")
    header = [
        "/* Shared by the loop collection's files (benches/loops/gen.py writes this file). */",
        "#ifndef LOOPS_H",
        "#define LOOPS_H",
        "#include <math.h>",
        "#define N 32000",
        "#define M 256",
        "/* Repetitions of each loop: the benchmark's defaults; the tests pass -DREPS=1. */",
        "#ifndef REPS",
        "#define REPS 400",
        "#endif",
        "#ifndef REPS_2D",
        "#define REPS_2D (REPS / 4 + 1)",
        "#endif",
        "struct loop {",
        "  const char *name, *type, *kind;",
        "  void (*run)(void);",
        "  void (*init)(void);",
        "  unsigned long (*hash)(void);",
        "};",
        "void dummy(void *p, void *q);",
        "void sink(double x);",
        "unsigned long hash_bytes(unsigned long h, const void *p, unsigned long n);",
        "#endif",
    ]
    with open(os.path.join(out_dir, "loops.h"), "w") as out:
        out.write("\n".join(header) + "\n")
    return len(L) * 2


if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    n = emit(os.path.join(here, "src"))
    print(f"{n} loops ({len(L)} kinds, float and double) in {os.path.join(here, 'src')}")
