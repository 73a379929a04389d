#!/usr/bin/env python3
"""Writes tests/whole/collection/: whole C programs (global or local arrays, sizes as macros
or read from argv, helper functions, their own main and printing) each holding one
`#pragma scop` region, for `tests/whole_programs.rs` (`optimist c` on each, compiled by cc,
must print what the original prints).

Every kernel and program here was written for optimist's tests (no source copied from
elsewhere). Each kernel is dressed in one of seven program styles, so that the collection
covers the ways such programs hold their data:

  globals    global arrays, the region in main between initialisation and printing
  static_fn  a static kernel function (void) working on global arrays and sizes
  params     a kernel function taking sizes, scalars and arrays as parameters
  malloc     arrays from malloc as pointers to rows, the region in main
  argv       sizes read from argv (default: the macros), arrays of run-time shape
  repeat     static local arrays, the region inside a loop of main that runs it twice
  scalars    like globals, with the kernel's scalars as locals of main

The files whose names start with `hand_` are written by hand (peculiarities of such programs:
the macros of tiling tools, OpenMP pragmas in a region, enumeration sizes and structs,
character data, and two regions that cannot be kernels); this script leaves them alone.

Run it from the repository's root: python3 scripts/whole-collection.py
"""
import os
import re

HEADER = """#include <stdio.h>
#include <stdlib.h>
#include <math.h>
"""

HASH = """static unsigned long long hash_bytes(unsigned long long h, const void *p, size_t len) {
  const unsigned char *b = p;
  for (size_t q = 0; q < len; q++) {
    h ^= b[q];
    h *= 1099511628211ull;
  }
  return h;
}
"""

# name, sizes {name: value}, element type, arrays [(name, dims, init or None)],
# scalars [(name, type, value)], result scalar (name, type, initial) or None, body, style
K = []


def k(name, sizes, ty, arrays, body, scalars=(), result=None, style=None):
    K.append(dict(name=name, sizes=sizes, ty=ty, arrays=arrays, body=body.strip("\n"),
                  scalars=list(scalars), result=result, style=style))


k("gemm", dict(ni=30, nj=34, nk=38), "double",
  [("C", "ni nj", None), ("A", "ni nk", None), ("B", "nk nj", None)], """
for (i = 0; i < ni; i++) {
  for (j = 0; j < nj; j++)
    C[i][j] *= beta;
  for (k = 0; k < nk; k++)
    for (j = 0; j < nj; j++)
      C[i][j] += alpha * A[i][k] * B[k][j];
}""", scalars=[("alpha", "double", "1.5"), ("beta", "double", "1.2")])

k("two_mm", dict(ni=24, nj=28, nk=30, nl=26), "double",
  [("tmp", "ni nj", None), ("A", "ni nk", None), ("B", "nk nj", None), ("C", "nj nl", None),
   ("D", "ni nl", None)], """
for (i = 0; i < ni; i++)
  for (j = 0; j < nj; j++) {
    tmp[i][j] = 0.0;
    for (k = 0; k < nk; ++k)
      tmp[i][j] += alpha * A[i][k] * B[k][j];
  }
for (i = 0; i < ni; i++)
  for (j = 0; j < nl; j++) {
    D[i][j] *= beta;
    for (k = 0; k < nj; ++k)
      D[i][j] += tmp[i][k] * C[k][j];
  }""", scalars=[("alpha", "double", "1.5"), ("beta", "double", "1.2")])

k("three_mm", dict(ni=20, nj=22, nk=24, nl=26, nm=28), "double",
  [("E", "ni nj", None), ("A", "ni nk", None), ("B", "nk nj", None), ("F", "nj nl", None),
   ("C", "nj nm", None), ("D", "nm nl", None), ("G", "ni nl", None)], """
for (i = 0; i < ni; i++)
  for (j = 0; j < nj; j++) {
    E[i][j] = 0.0;
    for (k = 0; k < nk; ++k)
      E[i][j] += A[i][k] * B[k][j];
  }
for (i = 0; i < nj; i++)
  for (j = 0; j < nl; j++) {
    F[i][j] = 0.0;
    for (k = 0; k < nm; ++k)
      F[i][j] += C[i][k] * D[k][j];
  }
for (i = 0; i < ni; i++)
  for (j = 0; j < nl; j++) {
    G[i][j] = 0.0;
    for (k = 0; k < nj; ++k)
      G[i][j] += E[i][k] * F[k][j];
  }""")

k("atax", dict(m=38, n=42), "double",
  [("A", "m n", None), ("x", "n", None), ("y", "n", None), ("tmp", "m", None)], """
for (i = 0; i < n; i++)
  y[i] = 0;
for (i = 0; i < m; i++) {
  tmp[i] = 0.0;
  for (j = 0; j < n; j++)
    tmp[i] = tmp[i] + A[i][j] * x[j];
  for (j = 0; j < n; j++)
    y[j] = y[j] + A[i][j] * tmp[i];
}""")

k("bicg", dict(m=36, n=40), "double",
  [("A", "n m", None), ("s", "m", None), ("q", "n", None), ("p", "m", None), ("r", "n", None)], """
for (i = 0; i < m; i++)
  s[i] = 0;
for (i = 0; i < n; i++) {
  q[i] = 0.0;
  for (j = 0; j < m; j++) {
    s[j] = s[j] + r[i] * A[i][j];
    q[i] = q[i] + A[i][j] * p[j];
  }
}""")

k("mvt", dict(n=50), "double",
  [("x1", "n", None), ("x2", "n", None), ("y1", "n", None), ("y2", "n", None), ("A", "n n", None)], """
for (i = 0; i < n; i++)
  for (j = 0; j < n; j++)
    x1[i] = x1[i] + A[i][j] * y1[j];
for (i = 0; i < n; i++)
  for (j = 0; j < n; j++)
    x2[i] = x2[i] + A[j][i] * y2[j];""")

k("gesummv", dict(n=45), "double",
  [("A", "n n", None), ("B", "n n", None), ("tmp", "n", None), ("x", "n", None), ("y", "n", None)], """
for (i = 0; i < n; i++) {
  tmp[i] = 0.0;
  y[i] = 0.0;
  for (j = 0; j < n; j++) {
    tmp[i] = A[i][j] * x[j] + tmp[i];
    y[i] = B[i][j] * x[j] + y[i];
  }
  y[i] = alpha * tmp[i] + beta * y[i];
}""", scalars=[("alpha", "double", "1.5"), ("beta", "double", "1.2")])

k("syrk", dict(n=30, m=26), "double",
  [("C", "n n", None), ("A", "n m", None)], """
for (i = 0; i < n; i++) {
  for (j = 0; j <= i; j++)
    C[i][j] *= beta;
  for (k = 0; k < m; k++)
    for (j = 0; j <= i; j++)
      C[i][j] += alpha * A[i][k] * A[j][k];
}""", scalars=[("alpha", "double", "1.5"), ("beta", "double", "1.2")])

k("syr2k", dict(n=28, m=24), "double",
  [("C", "n n", None), ("A", "n m", None), ("B", "n m", None)], """
for (i = 0; i < n; i++) {
  for (j = 0; j <= i; j++)
    C[i][j] *= beta;
  for (k = 0; k < m; k++)
    for (j = 0; j <= i; j++)
      C[i][j] += A[j][k] * alpha * B[i][k] + B[j][k] * alpha * A[i][k];
}""", scalars=[("alpha", "double", "1.5"), ("beta", "double", "1.2")])

k("trmm", dict(m=30, n=26), "double",
  [("A", "m m", None), ("B", "m n", None)], """
for (i = 0; i < m; i++)
  for (j = 0; j < n; j++) {
    for (k = i + 1; k < m; k++)
      B[i][j] += A[k][i] * B[k][j];
    B[i][j] = alpha * B[i][j];
  }""", scalars=[("alpha", "double", "1.5")])

k("symm", dict(m=26, n=30), "double",
  [("C", "m n", None), ("A", "m m", None), ("B", "m n", None)], """
for (i = 0; i < m; i++)
  for (j = 0; j < n; j++) {
    acc = 0;
    for (k = 0; k < i; k++) {
      C[k][j] += alpha * B[i][j] * A[i][k];
      acc += B[k][j] * A[i][k];
    }
    C[i][j] = beta * C[i][j] + alpha * B[i][j] * A[i][i] + alpha * acc;
  }""", scalars=[("alpha", "double", "1.5"), ("beta", "double", "1.2"), ("acc", "double", "0.0")])

k("gemver", dict(n=40), "double",
  [("A", "n n", None), ("u1", "n", None), ("v1", "n", None), ("u2", "n", None), ("v2", "n", None),
   ("w", "n", None), ("x", "n", None), ("y", "n", None), ("z", "n", None)], """
for (i = 0; i < n; i++)
  for (j = 0; j < n; j++)
    A[i][j] = A[i][j] + u1[i] * v1[j] + u2[i] * v2[j];
for (i = 0; i < n; i++)
  for (j = 0; j < n; j++)
    x[i] = x[i] + beta * A[j][i] * y[j];
for (i = 0; i < n; i++)
  x[i] = x[i] + z[i];
for (i = 0; i < n; i++)
  for (j = 0; j < n; j++)
    w[i] = w[i] + alpha * A[i][j] * x[j];""", scalars=[("alpha", "double", "1.5"), ("beta", "double", "1.2")])

k("doitgen", dict(nr=10, nq=12, np=14), "double",
  [("A", "nr nq np", None), ("C4", "np np", None), ("sum", "np", None)], """
for (r = 0; r < nr; r++)
  for (q = 0; q < nq; q++) {
    for (p = 0; p < np; p++) {
      sum[p] = 0.0;
      for (s = 0; s < np; s++)
        sum[p] += A[r][q][s] * C4[s][p];
    }
    for (p = 0; p < np; p++)
      A[r][q][p] = sum[p];
  }""")

k("jacobi_1d", dict(n=60, tsteps=20), "double",
  [("A", "n", None), ("B", "n", None)], """
for (t = 0; t < tsteps; t++) {
  for (i = 1; i < n - 1; i++)
    B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
  for (i = 1; i < n - 1; i++)
    A[i] = 0.33333 * (B[i - 1] + B[i] + B[i + 1]);
}""")

k("jacobi_2d", dict(n=30, tsteps=10), "double",
  [("A", "n n", None), ("B", "n n", None)], """
for (t = 0; t < tsteps; t++) {
  for (i = 1; i < n - 1; i++)
    for (j = 1; j < n - 1; j++)
      B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][1 + j] + A[1 + i][j] + A[i - 1][j]);
  for (i = 1; i < n - 1; i++)
    for (j = 1; j < n - 1; j++)
      A[i][j] = 0.2 * (B[i][j] + B[i][j - 1] + B[i][1 + j] + B[1 + i][j] + B[i - 1][j]);
}""")

k("heat_3d", dict(n=14, tsteps=6), "double",
  [("A", "n n n", None), ("B", "n n n", None)], """
for (t = 1; t <= tsteps; t++) {
  for (i = 1; i < n - 1; i++)
    for (j = 1; j < n - 1; j++)
      for (k = 1; k < n - 1; k++)
        B[i][j][k] = 0.125 * (A[i + 1][j][k] - 2.0 * A[i][j][k] + A[i - 1][j][k])
                   + 0.125 * (A[i][j + 1][k] - 2.0 * A[i][j][k] + A[i][j - 1][k])
                   + 0.125 * (A[i][j][k + 1] - 2.0 * A[i][j][k] + A[i][j][k - 1]) + A[i][j][k];
  for (i = 1; i < n - 1; i++)
    for (j = 1; j < n - 1; j++)
      for (k = 1; k < n - 1; k++)
        A[i][j][k] = 0.125 * (B[i + 1][j][k] - 2.0 * B[i][j][k] + B[i - 1][j][k])
                   + 0.125 * (B[i][j + 1][k] - 2.0 * B[i][j][k] + B[i][j - 1][k])
                   + 0.125 * (B[i][j][k + 1] - 2.0 * B[i][j][k] + B[i][j][k - 1]) + B[i][j][k];
}""")

k("fdtd_2d", dict(tmax=8, nx=26, ny=30), "double",
  [("ex", "nx ny", None), ("ey", "nx ny", None), ("hz", "nx ny", None), ("fict", "tmax", None)], """
for (t = 0; t < tmax; t++) {
  for (j = 0; j < ny; j++)
    ey[0][j] = fict[t];
  for (i = 1; i < nx; i++)
    for (j = 0; j < ny; j++)
      ey[i][j] = ey[i][j] - 0.5 * (hz[i][j] - hz[i - 1][j]);
  for (i = 0; i < nx; i++)
    for (j = 1; j < ny; j++)
      ex[i][j] = ex[i][j] - 0.5 * (hz[i][j] - hz[i][j - 1]);
  for (i = 0; i < nx - 1; i++)
    for (j = 0; j < ny - 1; j++)
      hz[i][j] = hz[i][j] - 0.7 * (ex[i][j + 1] - ex[i][j] + ey[i + 1][j] - ey[i][j]);
}""")

k("seidel_2d", dict(n=30, tsteps=6), "double",
  [("A", "n n", None)], """
for (t = 0; t <= tsteps - 1; t++)
  for (i = 1; i <= n - 2; i++)
    for (j = 1; j <= n - 2; j++)
      A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1]
                 + A[i][j - 1] + A[i][j] + A[i][j + 1]
                 + A[i + 1][j - 1] + A[i + 1][j] + A[i + 1][j + 1]) / 9.0;""")

SPD = "(i == j ? {n} + 1.0 : 1.0 / (1.0 + (i > j ? i - j : j - i)))"

k("lu", dict(n=30), "double",
  [("A", "n n", SPD.format(n="n"))], """
for (i = 0; i < n; i++) {
  for (j = 0; j < i; j++) {
    for (k = 0; k < j; k++)
      A[i][j] -= A[i][k] * A[k][j];
    A[i][j] /= A[j][j];
  }
  for (j = i; j < n; j++)
    for (k = 0; k < i; k++)
      A[i][j] -= A[i][k] * A[k][j];
}""")

k("cholesky", dict(n=30), "double",
  [("A", "n n", SPD.format(n="n"))], """
for (i = 0; i < n; i++) {
  for (j = 0; j < i; j++) {
    for (k = 0; k < j; k++)
      A[i][j] -= A[i][k] * A[j][k];
    A[i][j] /= A[j][j];
  }
  for (k = 0; k < i; k++)
    A[i][i] -= A[i][k] * A[i][k];
  A[i][i] = sqrt(A[i][i]);
}""")

k("trisolv", dict(n=50), "double",
  [("L", "n n", SPD.format(n="n")), ("x", "n", None), ("b", "n", None)], """
for (i = 0; i < n; i++) {
  x[i] = b[i];
  for (j = 0; j < i; j++)
    x[i] -= L[i][j] * x[j];
  x[i] = x[i] / L[i][i];
}""")

k("floyd_warshall", dict(n=36), "int",
  [("path", "n n", "(i * 7 + j * 13) % 29 + 1")], """
for (k = 0; k < n; k++)
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      path[i][j] = path[i][j] < path[i][k] + path[k][j] ? path[i][j] : path[i][k] + path[k][j];""")

k("nussinov", dict(n=40), "int",
  [("seq", "n", "(i * 5 + 1) % 4"), ("table", "n n", "0")], """
for (i = n - 1; i >= 0; i--)
  for (j = i + 1; j < n; j++) {
    if (j - 1 >= 0)
      table[i][j] = table[i][j] > table[i][j - 1] ? table[i][j] : table[i][j - 1];
    if (i + 1 < n)
      table[i][j] = table[i][j] > table[i + 1][j] ? table[i][j] : table[i + 1][j];
    if (j - 1 >= 0 && i + 1 < n) {
      if (i < j - 1)
        table[i][j] = table[i][j] > table[i + 1][j - 1] + (seq[i] + seq[j] == 3 ? 1 : 0)
          ? table[i][j] : table[i + 1][j - 1] + (seq[i] + seq[j] == 3 ? 1 : 0);
      else
        table[i][j] = table[i][j] > table[i + 1][j - 1] ? table[i][j] : table[i + 1][j - 1];
    }
    for (k = i + 1; k < j; k++)
      table[i][j] = table[i][j] > table[i][k] + table[k + 1][j] ? table[i][j] : table[i][k] + table[k + 1][j];
  }""")

k("covariance", dict(m=24, n=30), "double",
  [("data", "n m", None), ("cov", "m m", None), ("mean", "m", None)], """
for (j = 0; j < m; j++) {
  mean[j] = 0.0;
  for (i = 0; i < n; i++)
    mean[j] += data[i][j];
  mean[j] /= float_n;
}
for (i = 0; i < n; i++)
  for (j = 0; j < m; j++)
    data[i][j] -= mean[j];
for (i = 0; i < m; i++)
  for (j = i; j < m; j++) {
    cov[i][j] = 0.0;
    for (k = 0; k < n; k++)
      cov[i][j] += data[k][i] * data[k][j];
    cov[i][j] /= (float_n - 1.0);
    cov[j][i] = cov[i][j];
  }""", scalars=[("float_n", "double", "30.0")])

k("correlation", dict(m=20, n=26), "double",
  [("data", "n m", None), ("corr", "m m", None), ("mean", "m", None), ("stddev", "m", None)], """
for (j = 0; j < m; j++) {
  mean[j] = 0.0;
  for (i = 0; i < n; i++)
    mean[j] += data[i][j];
  mean[j] /= float_n;
}
for (j = 0; j < m; j++) {
  stddev[j] = 0.0;
  for (i = 0; i < n; i++)
    stddev[j] += (data[i][j] - mean[j]) * (data[i][j] - mean[j]);
  stddev[j] /= float_n;
  stddev[j] = sqrt(stddev[j]);
  stddev[j] = stddev[j] <= eps ? 1.0 : stddev[j];
}
for (i = 0; i < n; i++)
  for (j = 0; j < m; j++) {
    data[i][j] -= mean[j];
    data[i][j] /= sqrt(float_n) * stddev[j];
  }
for (i = 0; i < m - 1; i++) {
  corr[i][i] = 1.0;
  for (j = i + 1; j < m; j++) {
    corr[i][j] = 0.0;
    for (k = 0; k < n; k++)
      corr[i][j] += (data[k][i] * data[k][j]);
    corr[j][i] = corr[i][j];
  }
}
corr[m - 1][m - 1] = 1.0;""", scalars=[("float_n", "double", "26.0"), ("eps", "double", "0.1")])

k("gramschmidt", dict(m=24, n=20), "double",
  [("A", "m n", "(double)((i * j) % m) / m * 100.0 + 10.0"), ("R", "n n", None), ("Q", "m n", None)], """
for (k = 0; k < n; k++) {
  nrm = 0.0;
  for (i = 0; i < m; i++)
    nrm += A[i][k] * A[i][k];
  R[k][k] = sqrt(nrm);
  for (i = 0; i < m; i++)
    Q[i][k] = A[i][k] / R[k][k];
  for (j = k + 1; j < n; j++) {
    R[k][j] = 0.0;
    for (i = 0; i < m; i++)
      R[k][j] += Q[i][k] * A[i][j];
    for (i = 0; i < m; i++)
      A[i][j] = A[i][j] - Q[i][k] * R[k][j];
  }
}""", scalars=[("nrm", "double", "0.0")])

k("conv2d", dict(h=40, w=44), "float",
  [("img", "h w", None), ("out", "h w", None), ("f", "3 3", None)], """
for (i = 1; i < h - 1; i++)
  for (j = 1; j < w - 1; j++) {
    out[i][j] = 0.0f;
    for (k = 0; k < 3; k++)
      for (l = 0; l < 3; l++)
        out[i][j] += f[k][l] * img[i + k - 1][j + l - 1];
  }""")

k("box_blur", dict(h=50, w=40), "float",
  [("img", "h w", None), ("tmp", "h w", None), ("out", "h w", None)], """
for (i = 0; i < h; i++)
  for (j = 1; j < w - 1; j++)
    tmp[i][j] = (img[i][j - 1] + img[i][j] + img[i][j + 1]) / 3.0f;
for (i = 1; i < h - 1; i++)
  for (j = 1; j < w - 1; j++)
    out[i][j] = (tmp[i - 1][j] + tmp[i][j] + tmp[i + 1][j]) / 3.0f;""")

k("transpose", dict(n=48, m=36), "double",
  [("A", "n m", None), ("B", "m n", None)], """
for (i = 0; i < n; i++)
  for (j = 0; j < m; j++)
    B[j][i] = A[i][j];""")

k("matvec", dict(n=60, m=50), "double",
  [("A", "n m", None), ("x", "m", None), ("y", "n", None)], """
for (i = 0; i < n; i++) {
  y[i] = 0.0;
  for (j = 0; j < m; j++)
    y[i] += A[i][j] * x[j];
}""")

k("prefix_sum", dict(n=100), "double",
  [("a", "n", None), ("b", "n", None)], """
b[0] = a[0];
for (i = 1; i < n; i++)
  b[i] = b[i - 1] + a[i];""")

k("histogram", dict(n=200, bins=16), "int",
  [("data", "n", "(i * 37 + 11) % 16"), ("hist", "bins", "0")], """
for (i = 0; i < n; i++)
  hist[data[i]] += 1;""")

k("dot", dict(n=120), "double",
  [("x", "n", None), ("y", "n", None)], """
for (i = 0; i < n; i++)
  s += x[i] * y[i];""", result=("s", "double", "0.0"))

k("norm2", dict(n=90), "double",
  [("x", "n", None)], """
s = 0.0;
for (i = 0; i < n; i++)
  s += x[i] * x[i];
s = sqrt(s);""", result=("s", "double", "0.0"))

k("saxpy", dict(n=150), "float",
  [("x", "n", None), ("y", "n", None)], """
for (i = 0; i < n; i++)
  y[i] = a * x[i] + y[i];""", scalars=[("a", "float", "2.5f")])

k("outer", dict(n=40, m=44), "double",
  [("u", "n", None), ("v", "m", None), ("A", "n m", None)], """
for (i = 0; i < n; i++)
  for (j = 0; j < m; j++)
    A[i][j] = u[i] * v[j];""")

k("contraction", dict(a=8, b=9, c=10, d=11), "double",
  [("T", "a b c", None), ("M", "c d", None), ("R", "a b d", None)], """
for (i = 0; i < a; i++)
  for (j = 0; j < b; j++)
    for (l = 0; l < d; l++) {
      R[i][j][l] = 0.0;
      for (k = 0; k < c; k++)
        R[i][j][l] += T[i][j][k] * M[k][l];
    }""")

k("life", dict(n=32), "int",
  [("G", "n n", "(i * 3 + j * 5) % 7 < 3"), ("H", "n n", "0")], """
for (i = 1; i < n - 1; i++)
  for (j = 1; j < n - 1; j++) {
    H[i][j] = G[i - 1][j - 1] + G[i - 1][j] + G[i - 1][j + 1] + G[i][j - 1]
            + G[i][j + 1] + G[i + 1][j - 1] + G[i + 1][j] + G[i + 1][j + 1];
    H[i][j] = H[i][j] == 3 || (H[i][j] == 2 && G[i][j]) ? 1 : 0;
  }""")

k("max_pool", dict(n=40, m=48), "float",
  [("in", "n m", None), ("out", "n m", "0")], """
for (i = 0; i < n / 2; i++)
  for (j = 0; j < m / 2; j++) {
    out[i][j] = in[2 * i][2 * j];
    out[i][j] = in[2 * i][2 * j + 1] > out[i][j] ? in[2 * i][2 * j + 1] : out[i][j];
    out[i][j] = in[2 * i + 1][2 * j] > out[i][j] ? in[2 * i + 1][2 * j] : out[i][j];
    out[i][j] = in[2 * i + 1][2 * j + 1] > out[i][j] ? in[2 * i + 1][2 * j + 1] : out[i][j];
  }""")

k("min_plus", dict(n=30), "int",
  [("A", "n n", "(i * 11 + j * 3) % 23"), ("B", "n n", "(i * 5 + j * 17) % 19"), ("C", "n n", "0")], """
for (i = 0; i < n; i++)
  for (j = 0; j < n; j++) {
    C[i][j] = A[i][0] + B[0][j];
    for (k = 1; k < n; k++)
      C[i][j] = A[i][k] + B[k][j] < C[i][j] ? A[i][k] + B[k][j] : C[i][j];
  }""")

k("conv1d", dict(n=200, taps=7), "double",
  [("x", "n", None), ("h", "taps", None), ("y", "n", None)], """
for (i = taps - 1; i < n; i++) {
  y[i] = 0.0;
  for (k = 0; k < taps; k++)
    y[i] += h[k] * x[i - k];
}""")

k("horner", dict(n=80, deg=6), "double",
  [("x", "n", None), ("c", "deg", None), ("y", "n", None)], """
for (i = 0; i < n; i++) {
  v = c[deg - 1];
  for (k = deg - 2; k >= 0; k--)
    v = v * x[i] + c[k];
  y[i] = v;
}""", scalars=[("v", "double", "0.0")])

k("int_mod", dict(n=60, m=40), "int",
  [("A", "n m", "(i * 31 + j * 7) % 101 - 50"), ("B", "n m", "0")], """
for (i = 0; i < n; i++)
  for (j = 0; j < m; j++)
    B[i][j] = (A[i][j] * 7 + i) % 13 + A[i][j] / 3 - (j % 4);""")

k("wavefront", dict(n=40), "double",
  [("A", "n n", None)], """
for (i = 1; i < n; i++)
  for (j = 1; j < n; j++)
    A[i][j] = 0.5 * A[i - 1][j] + 0.25 * A[i][j - 1] + 0.125 * A[i - 1][j - 1];""")

k("sor", dict(n=34, tsteps=5), "double",
  [("A", "n n", None)], """
for (t = 0; t < tsteps; t++)
  for (i = 1; i < n - 1; i++)
    for (j = 1; j < n - 1; j++)
      A[i][j] = (1.0 - omega) * A[i][j]
              + omega * 0.25 * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]);""",
  scalars=[("omega", "double", "1.25")])

k("row_normalize", dict(n=30, m=40), "double",
  [("A", "n m", None), ("rs", "n", None)], """
for (i = 0; i < n; i++) {
  rs[i] = 0.0;
  for (j = 0; j < m; j++)
    rs[i] += A[i][j];
  for (j = 0; j < m; j++)
    A[i][j] = A[i][j] / rs[i];
}""")

k("lower_matvec", dict(n=56), "double",
  [("L", "n n", None), ("x", "n", None), ("y", "n", None)], """
for (i = 0; i < n; i++) {
  y[i] = 0.0;
  for (j = 0; j <= i; j++)
    y[i] += L[i][j] * x[j];
}""")

k("forward_subst", dict(n=40), "double",
  [("A", "n n", SPD.format(n="n")), ("b", "n", None), ("y", "n", None)], """
for (i = 0; i < n; i++) {
  w = b[i];
  for (j = 0; j < i; j++)
    w = w - A[i][j] * y[j];
  y[i] = w;
}""", scalars=[("w", "double", "0.0")])

k("durbin", dict(n=40), "double",
  [("r", "n", "1.0 / (i + 2.0)"), ("y", "n", None), ("z", "n", None)], """
y[0] = -r[0];
beta = 1.0;
alpha = -r[0];
for (k = 1; k < n; k++) {
  beta = (1 - alpha * alpha) * beta;
  sum = 0.0;
  for (i = 0; i < k; i++)
    sum += r[k - i - 1] * y[i];
  alpha = -(r[k] + sum) / beta;
  for (i = 0; i < k; i++)
    z[i] = y[i] + alpha * y[k - i - 1];
  for (i = 0; i < k; i++)
    y[i] = z[i];
  y[k] = alpha;
}""", scalars=[("alpha", "double", "0.0"), ("beta", "double", "0.0"), ("sum", "double", "0.0")])

k("adi_rows", dict(n=30, tsteps=4), "double",
  [("u", "n n", None), ("v", "n n", None), ("p", "n n", None), ("q", "n n", None)], """
for (t = 1; t <= tsteps; t++) {
  for (i = 1; i < n - 1; i++) {
    v[0][i] = 1.0;
    p[i][0] = 0.0;
    q[i][0] = v[0][i];
    for (j = 1; j < n - 1; j++) {
      p[i][j] = -0.25 / (0.5 * p[i][j - 1] + 1.5);
      q[i][j] = (u[j][i - 1] + 0.5 * u[j][i] - 0.25 * u[j][i + 1] - 0.5 * q[i][j - 1])
              / (0.5 * p[i][j - 1] + 1.5);
    }
    v[n - 1][i] = 1.0;
    for (j = n - 2; j >= 1; j--)
      v[j][i] = p[i][j] * v[j + 1][i] + q[i][j];
  }
  for (i = 1; i < n - 1; i++)
    for (j = 1; j < n - 1; j++)
      u[i][j] = v[i][j];
}""")

k("iir_rows", dict(h=30, w=50), "float",
  [("img", "h w", None), ("out", "h w", None)], """
for (i = 0; i < h; i++) {
  ym1 = 0.0f;
  xm1 = 0.0f;
  for (j = 0; j < w; j++) {
    out[i][j] = 0.4f * img[i][j] + 0.2f * xm1 + 0.3f * ym1;
    xm1 = img[i][j];
    ym1 = out[i][j];
  }
}""", scalars=[("ym1", "float", "0.0f"), ("xm1", "float", "0.0f")])

k("column_sums", dict(n=50, m=40), "double",
  [("A", "n m", None), ("cs", "m", "0")], """
for (i = 0; i < n; i++)
  for (j = 0; j < m; j++)
    cs[j] += A[i][j];""")

k("threshold", dict(h=40, w=40), "int",
  [("img", "h w", "(i * 17 + j * 29) % 256"), ("bin", "h w", "0")], """
for (i = 0; i < h; i++)
  for (j = 0; j < w; j++)
    bin[i][j] = img[i][j] > level ? 255 : 0;""", scalars=[("level", "int", "128")])

k("kron", dict(n=6, m=7), "double",
  [("A", "n n", None), ("B", "m m", None), ("K", "n m n m", None)], """
for (i = 0; i < n; i++)
  for (k = 0; k < m; k++)
    for (j = 0; j < n; j++)
      for (l = 0; l < m; l++)
        K[i][k][j][l] = A[i][j] * B[k][l];""")

k("stencil_9pt", dict(n=36), "double",
  [("A", "n n", None), ("B", "n n", None)], """
for (i = 2; i < n - 2; i++)
  for (j = 2; j < n - 2; j++)
    B[i][j] = (16.0 * A[i][j] - A[i - 2][j] - A[i + 2][j] - A[i][j - 2] - A[i][j + 2]
              + 2.0 * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1])) / 24.0;""")

k("count_positive", dict(n=150), "int",
  [("x", "n", "(i * 37) % 11 - 5")], """
for (i = 0; i < n; i++)
  if (x[i] > 0)
    c += 1;""", result=("c", "int", "0"))

k("max_abs", dict(n=140), "double",
  [("x", "n", "sin(i * 0.7) * (i % 9)")], """
for (i = 0; i < n; i++)
  mx = fabs(x[i]) > mx ? fabs(x[i]) : mx;""", result=("mx", "double", "0.0"))

k("scaled_rows", dict(n=40, m=30), "double",
  [("A", "n m", None), ("B", "n m", None), ("d", "n", None)], """
for (i = 0; i < n; i++)
  for (j = 0; j < m; j++)
    B[i][j] = d[i] * A[i][j] + (i + j) * 0.5;""")

k("symmetrize", dict(n=40), "double",
  [("A", "n n", None)], """
for (i = 0; i < n; i++)
  for (j = i + 1; j < n; j++) {
    A[i][j] = 0.5 * (A[i][j] + A[j][i]);
    A[j][i] = A[i][j];
  }""")

k("bubble_pass", dict(n=64), "int",
  [("a", "n", "(i * 41 + 7) % 64")], """
for (i = 0; i < n - 1; i++)
  for (j = 0; j < n - 1 - i; j++) {
    tmp = a[j] > a[j + 1] ? a[j + 1] : a[j];
    a[j + 1] = a[j] > a[j + 1] ? a[j] : a[j + 1];
    a[j] = tmp;
  }""", scalars=[("tmp", "int", "0")])

STYLES = ["globals", "static_fn", "params", "malloc", "argv", "repeat", "scalars"]

LOOP_VARS = ["i", "j", "k", "l", "t", "r", "q", "p", "s"]


def idents(text):
    return set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", text))


def program(n, spec):
    style = spec["style"] or STYLES[n % len(STYLES)]
    name, ty, sizes, body = spec["name"], spec["ty"], spec["sizes"], spec["body"]
    arrays, scalars, result = spec["arrays"], spec["scalars"], spec["result"]
    used = idents(body)
    array_names = {a[0] for a in arrays}
    scalar_names = {s[0] for s in scalars}
    size_names = list(sizes)
    counters = set(re.findall(r"for \(([a-z]+) =", body))
    loop_vars = [v for v in LOOP_VARS if v in counters]
    taken = array_names | scalar_names | set(sizes) | ({result[0]} if result else set())
    for v in ("i", "j", "k", "l"):
        if v not in loop_vars and v not in taken:
            loop_vars.append(v)
    M = lambda s: s.upper() if s in sizes else s  # a size's macro

    def dims(a, macro):
        return [M(d) if macro else d for d in a[1].split()]

    def decl(a, how):
        nm = a[0]
        ds = dims(a, how != "runtime")
        if how in ("global", "static", "param"):
            pre = "static " if how == "static" else ""
            return f"{pre}{ty} {nm}{''.join(f'[{d}]' for d in ds)}"
        total = " * ".join(f"(size_t){d}" for d in ds)
        if len(ds) == 1:
            return f"{ty} *{nm} = malloc(sizeof({ty}) * {total})"
        rows = "".join(f"[{d}]" for d in ds[1:])
        return f"{ty} (*{nm}){rows} = malloc(sizeof({ty}) * {total})"

    def init(a, ind):
        nm, ds = a[0], a[1].split()
        vs = ["i", "j", "k", "l"][: len(ds)]
        primes = [7, 13, 5, 3]
        h = sum(ord(c) for c in nm)
        formula = a[2]
        if formula is None:
            terms = " + ".join(f"{v} * {primes[x]}" for x, v in enumerate(vs))
            mod = 17 + h % 11
            if ty == "int":
                formula = f"({terms} + {h % 5}) % {mod}"
            else:
                formula = f"({ty})(({terms} + {h % 5}) % {mod}) / {mod}.0{'f' if ty == 'float' else ''} + 0.5{'f' if ty == 'float' else ''}"
        sub = "".join(f"[{v}]" for v in vs)
        out = []
        for x, (v, d) in enumerate(zip(vs, ds)):
            out.append(f"{ind}{'  ' * x}for ({v} = 0; {v} < {d}; {v}++)")
        out.append(f"{ind}{'  ' * len(vs)}{nm}{sub} = {formula};")
        return "\n".join(out)

    def hashes(ind, runtime=False):
        out = [f"{ind}unsigned long long checksum = 14695981039346656037ull;"]
        for a in arrays:
            ds = a[1].split()
            total = " * ".join(f"(size_t){d}" for d in ds)
            out.append(f"{ind}checksum = hash_bytes(checksum, {a[0]}, sizeof({ty}) * {total});")
        out.append(f'{ind}printf("{name} %016llx\\n", checksum);')
        if result:
            fmt = "%d" if result[1] == "int" else "%a"
            out.append(f'{ind}printf("result {fmt}\\n", {result[0]});')
        return "\n".join(out)

    def region(ind):
        lines = ["#pragma scop"] + [ind + l if l else l for l in body.split("\n")] + ["#pragma endscop"]
        return "\n".join(lines)

    macros = "".join(f"#define {s.upper()} {v}\n" for s, v in sizes.items())
    sc_decls = lambda ind, pre="": "".join(f"{ind}{pre}{t} {s} = {v};\n" for s, t, v in scalars)
    res_decl = lambda ind, pre="": (f"{ind}{pre}{result[1]} {result[0]} = {result[2]};\n" if result else "")
    lv = ", ".join(loop_vars)
    title = f"/* {name}: a whole program in the {style} style, for optimist's tests (written for them). */\n"
    out = title + HEADER + macros + HASH
    if style in ("globals", "scalars", "static_fn"):
        out += "".join(decl(a, "global") + ";\n" for a in arrays)
        if style == "static_fn":
            out += "".join(f"static int {s} = {s.upper()};\n" for s in size_names)
            out += sc_decls("", "static ")
            out += res_decl("", "static ")
            out += f"static void kernel_{name}(void) {{\n  int {lv};\n{region('  ')}\n}}\n"
            out += "int main() {\n"
            out += f"  int {lv};\n"
            out += "".join(init(a, "  ") + "\n" for a in arrays)
            out += f"  kernel_{name}();\n"
            out += hashes("  ") + "\n  return 0;\n}\n"
        else:
            if style == "globals":
                out += "".join(f"int {s} = {s.upper()};\n" for s in size_names)
                out += sc_decls("")
                out += res_decl("")
            out += "int main(void) {\n"
            out += f"  int {lv};\n"
            if style == "scalars":
                out += "".join(f"  int {s} = {s.upper()};\n" for s in size_names)
                out += sc_decls("  ") + res_decl("  ")
            out += "".join(init(a, "  ") + "\n" for a in arrays)
            out += region("  ") + "\n"
            out += hashes("  ") + "\n  return 0;\n}\n"
    elif style == "params":
        ps = [f"int {s}" for s in size_names] + [f"{t} {s}" for s, t, _ in scalars]
        ps += [decl(a, "param") for a in arrays]
        ret = result[1] if result else "void"
        out += f"static {ret} kernel_{name}({', '.join(ps)}) {{\n  int {lv};\n"
        out += res_decl("  ")
        out += region("  ") + "\n"
        out += (f"  return {result[0]};\n" if result else "") + "}\n"
        out += "int main(void) {\n"
        out += f"  int {lv};\n"
        out += "".join(f"  int {s} = {s.upper()};\n" for s in size_names)
        out += sc_decls("  ")
        out += "".join("  " + decl(a, "static") + ";\n" for a in arrays)
        out += "".join(init(a, "  ") + "\n" for a in arrays)
        args = size_names + [s for s, _, _ in scalars] + [a[0] for a in arrays]
        call = f"kernel_{name}({', '.join(args)})"
        out += (f"  {result[1]} {result[0]} = {call};\n" if result else f"  {call};\n")
        out += hashes("  ") + "\n  return 0;\n}\n"
    elif style in ("malloc", "argv"):
        out += "int main(int argc, char **argv) {\n"
        out += f"  int {lv};\n"
        for x, s in enumerate(size_names):
            if style == "argv":
                out += f"  int {s} = argc > {x + 1} ? atoi(argv[{x + 1}]) : {s.upper()};\n"
            else:
                out += f"  int {s} = {s.upper()};\n"
        out += sc_decls("  ") + res_decl("  ")
        how = "runtime" if style == "argv" else "malloc"
        out += "".join("  " + decl(a, how) + ";\n" for a in arrays)
        out += "".join(init(a, "  ") + "\n" for a in arrays)
        out += region("  ") + "\n"
        out += hashes("  ") + "\n"
        out += "".join(f"  free({a[0]});\n" for a in arrays)
        out += "  return 0;\n}\n"
    elif style == "repeat":
        out += "int main(void) {\n"
        out += f"  int rep, {lv};\n"
        out += "".join(f"  int {s} = {s.upper()};\n" for s in size_names)
        out += sc_decls("  ") + res_decl("  ")
        out += "".join("  " + decl(a, "static") + ";\n" for a in arrays)
        out += "".join(init(a, "  ") + "\n" for a in arrays)
        out += "  for (rep = 0; rep < 2; rep++) {\n"
        out += region("    ") + "\n  }\n"
        out += hashes("  ") + "\n  return 0;\n}\n"
    return out


def main():
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "whole", "collection")
    os.makedirs(root, exist_ok=True)
    for f in os.listdir(root):
        if re.match(r"^[0-9][0-9]_.*\.c$", f):
            os.remove(os.path.join(root, f))
    for n, spec in enumerate(K):
        with open(os.path.join(root, f"{n + 1:02}_{spec['name']}.c"), "w") as f:
            f.write(program(n, spec))
    print(f"{len(K)} programs in {os.path.relpath(root)}")


main()
