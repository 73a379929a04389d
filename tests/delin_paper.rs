//! The examples and listings of paper 001 (Grosser et al., *Optimistic Delinearization of
//! Parametrically Sized Arrays*), written with flat pointers, through the pass: snapshots of what
//! `optimist show delin` prints for each. The listings are garbled in our copy of the paper; each
//! kernel here is reconstructed from the prose around it, and its comment says which.

use expect_test::{Expect, expect};
use optimist::Config;
use optimist::scop::frontend::{self, FrontendConfig};

fn check(src: &str, expected: Expect) {
    let f = frontend::parse_source("t.c", src, None, &FrontendConfig::default()).unwrap();
    let config = Config::default();
    let before = optimist::model_after(&f, &config, "build")
        .unwrap()
        .unwrap();
    let after = optimist::model_after(&f, &config, "delin")
        .unwrap()
        .unwrap();
    expected.assert_eq(&optimist::delin::report(&before, &after));
    // Whatever the view, the model after the pass is a valid model.
    after.verify().unwrap();
}

/// §3.1, Listing 4: initialization of a sub-array of `A[][n1][n2]` of size `s0 × s1 × s2` at
/// offsets `o0, o1, o2`. The paper's condition is `o1 <= n1 - s1 ∧ o2 <= n2 - s2` (its
/// parameters are unsigned; ours are `int`, so `o1, o2 >= 0` is part of it).
#[test]
fn listing_4_sub_array() {
    check(
        "void init(int n1, int n2, int o0, int o1, int o2, int s0, int s1, int s2, float *A) {
  for (int i = 0; i < s0; i++)
    for (int j = 0; j < s1; j++)
      for (int k = 0; k < s2; k++)
        A[(n2 * (n1 * o0 + o1) + o2) + n1 * n2 * i + n2 * j + k] = 1;
}",
        expect![[r#"
            A: shape A[][n1][n2] (divide)
              a0 may-write A[i*n1*n2 + n1*n2*o0 + j*n2 + n2*o1 + k + o2]  ->  [s0, s1, s2, n2, n1, o0, o1, o2] -> { S0[i, j, k] -> A[o0 + i, o1 + j, o2 + k] : 0 <= i < s0 and 0 <= j < s1 and 0 <= k < s2 }
            validity conditions (DL, before simplification with the others):
              `A[i*n1*n2 + n1*n2*o0 + j*n2 + n2*o1 + k + o2]` of S0 stays inside `A[][n1][n2]`: [s0, s1, s2, n2, n1, o0, o1, o2] -> {  : (s0 > 0 and s1 > 0 and s2 > 0 and 0 <= o1 <= -s1 + n1 and 0 <= o2 <= -s2 + n2) or s0 <= 0 or (s0 > 0 and s1 <= 0) or (s0 > 0 and s1 > 0 and s2 <= 0) }
        "#]],
    );
}

/// §3.2: several references to one array share one shape (a 5-point stencil).
#[test]
fn multiple_references() {
    check(
        "void stencil(int n, double *A, double *B) {
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      B[i * n + j] = A[(i - 1) * n + j] + A[(i + 1) * n + j] + A[i * n + j - 1] + A[i * n + j + 1];
}",
        expect![[r#"
            A: shape A[][n] (divide)
              a1 read A[i*n + j - n]  ->  [n] -> { S0[i, j] -> A[-1 + i, j] : 0 < i <= -2 + n and 0 < j <= -2 + n }
              a2 read A[i*n + j + n]  ->  [n] -> { S0[i, j] -> A[1 + i, j] : 0 < i <= -2 + n and 0 < j <= -2 + n }
              a3 read A[i*n + j - 1]  ->  [n] -> { S0[i, j] -> A[i, -1 + j] : 0 < i <= -2 + n and 0 < j <= -2 + n }
              a4 read A[i*n + j + 1]  ->  [n] -> { S0[i, j] -> A[i, 1 + j] : 0 < i <= -2 + n and 0 < j <= -2 + n }
            B: shape B[][n] (divide)
              a0 may-write B[i*n + j]  ->  [n] -> { S0[i, j] -> B[i, j] : 0 < i <= -2 + n and 0 < j <= -2 + n }
        "#]],
    );
}

/// Listing 3: the odd-even copy `A[2 * j][i] = A[2 * j + 1][i]`, dependence free once
/// delinearized; the factor 2 of the outer subscripts is no common factor (`2j + 1`), so the
/// gcd adjustment leaves the shape alone.
#[test]
fn listing_3_odd_even_copy() {
    check(
        "void copy(int n, int m, double *A) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      A[2 * j * n + i] = A[(2 * j + 1) * n + i];
}",
        expect![[r#"
            A: shape A[][n] (divide)
              a0 may-write A[2*j*n + i]  ->  [n, m] -> { S0[i, j] -> A[2j, i] : 0 <= i < n and 0 <= j < m }
              a1 read A[2*j*n + i + n]  ->  [n, m] -> { S0[i, j] -> A[1 + 2j, i] : 0 <= i < n and 0 <= j < m }
        "#]],
    );
}

/// §3.3, Listing 5: size parameters inside subscripts. The division alone gives `A[1][1][1]`,
/// `A[0][1][-1]`, `A[1][-1][0]` and `A[1][0][-1]` for the four single accesses; the fold moves a
/// multiple of a size back where it belongs: `A[0][0][M - 1]`, `A[0][N - 1][0]`,
/// `A[0][N - 1][M - 1]`, as in the paper.
#[test]
fn listing_5_size_parameters_in_subscripts() {
    check(
        "void edges(int L, int N, int M, double *A) {
  for (int i = 0; i < L; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < M; k++)
        A[i * N * M + j * M + k] = 1.0;
  A[N * M + M + 1] = 2.0;
  A[M - 1] = 3.0;
  A[(N - 1) * M] = 4.0;
  A[(N - 1) * M + M - 1] = 5.0;
}",
        expect![[r#"
            A: shape A[][N][M] (divide)
              a0 may-write A[M*N*i + M*j + k]  ->  [L, N, M] -> { S0[i, j, k] -> A[i, j, k] : 0 <= i < L and 0 <= j < N and 0 <= k < M }
              a1 may-write A[M*N + M + 1]  ->  [L, N, M] -> { S1[] -> A[1, 1, 1] }
              a2 must-write A[M - 1]  ->  [L, N, M] -> { S2[] -> A[0, 0, -1 + M] }
              a3 may-write A[M*N - M]  ->  [L, N, M] -> { S3[] -> A[0, -1 + N, 0] }
              a4 may-write A[M*N - 1]  ->  [L, N, M] -> { S4[] -> A[0, -1 + N, -1 + M] }
            validity conditions (DL, before simplification with the others):
              `A[M*N + M + 1]` of S1 stays inside `A[][N][M]`: [L, N, M] -> {  : N >= 2 and M >= 2 }
              `A[M - 1]` of S2 stays inside `A[][N][M]`: [L, N, M] -> {  : N > 0 and M > 0 }
              `A[M*N - M]` of S3 stays inside `A[][N][M]`: [L, N, M] -> {  : N > 0 and M > 0 }
              `A[M*N - 1]` of S4 stays inside `A[][N][M]`: [L, N, M] -> {  : N > 0 and M > 0 }
        "#]],
    );
}

/// §3.3, the issue's example: a reversed row, `A[i * n + n - 1 - j]` is `A[i][n - 1 - j]`.
#[test]
fn reversed_row() {
    check(
        "void reverse(int n, int m, double *A, double *B) {
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      B[i * n + j] = A[i * n + n - 1 - j];
}",
        expect![[r#"
            A: shape A[][n] (divide)
              a1 read A[i*n - j + n - 1]  ->  [m, n] -> { S0[i, j] -> A[i, -1 + n - j] : 0 <= i < m and 0 <= j < n }
            B: shape B[][n] (divide)
              a0 may-write B[i*n + j]  ->  [m, n] -> { S0[i, j] -> B[i, j] : 0 <= i < m and 0 <= j < n }
        "#]],
    );
}

/// §3.3: `A[N * i + N + p]` is `A[i + 1][p]` when `0 <= p < N` and `A[i][N + p]` when
/// `-N <= p < 0`; no single view fits every `p`, so the first one is kept with its condition.
#[test]
fn an_offset_no_view_fits_everywhere() {
    check(
        "void shift(int N, int m, int p, double *A) {
  for (int i = 0; i < m; i++)
    A[N * i + N + p] = 0.0;
}",
        expect![[r#"
            A: shape A[][N] (divide)
              a0 may-write A[N*i + N + p]  ->  [m, N, p] -> { S0[i] -> A[1 + i, p] : 0 <= i < m }
            validity conditions (DL, before simplification with the others):
              `A[N*i + N + p]` of S0 stays inside `A[][N]`: [m, N, p] -> {  : (m > 0 and 0 <= p < N) or m <= 0 }
        "#]],
    );
}

/// §3.4: `A[2 * n * i + j]` is `A[i][j]` of `A[][2n]`; written `A[i * (2 * n) + j]` it is the
/// `β P` shape of §4, the same polynomial.
#[test]
fn gcd_and_beta_p() {
    check(
        "void rows(int n, int m, double *A, double *B) {
  for (int i = 0; i < m; i++)
    for (int j = 0; j < 2 * n; j++)
      A[2 * n * i + j] = B[i * (2 * n) + j];
}",
        expect![[r#"
            A: shape A[][2*n] (divide)
              a0 may-write A[2*i*n + j]  ->  [m, n] -> { S0[i, j] -> A[i, j] : 0 <= i < m and 0 <= j < 2n }
            B: shape B[][2*n] (divide)
              a1 read B[2*i*n + j]  ->  [m, n] -> { S0[i, j] -> B[i, j] : 0 <= i < m and 0 <= j < 2n }
        "#]],
    );
}

/// §4: `A[i * (n + 1) + j]`, a `P + α` size. The division's `A[i][i + j]` of `A[][n]` leaves its
/// dimension; `α = 1`, found from the iterator of the outer subscript, fits everywhere.
#[test]
fn p_plus_alpha_2d() {
    check(
        "void padded(int n, int m, double *A) {
  for (int i = 0; i < m; i++)
    for (int j = 0; j <= n; j++)
      A[i * (n + 1) + j] = A[i * (n + 1) + j] * 2.0;
}",
        expect![[r#"
            A: shape A[][n + 1] (offset)
              a0 may-write A[i*n + i + j]  ->  [m, n] -> { S0[i, j] -> A[i, j] : 0 <= i < m and 0 <= j <= n }
              a1 read A[i*n + i + j]  ->  [m, n] -> { S0[i, j] -> A[i, j] : 0 <= i < m and 0 <= j <= n }
        "#]],
    );
}

/// §4, Listings 6 and 7: a 3-d diagonal stencil with a one-element border around the data,
/// `Out[][R + 2][S + 2]`. The terms `R`, `S` and `R S` all multiply iterators, so the division
/// finds no chain; Algorithms 1 to 3 find the order `R, S`, `α2 = 2` and (by the scan) `α1 = 2`.
#[test]
fn listing_7_p_plus_alpha_3d() {
    check(
        "void diag(int T, int R, int S, double *In, double *Out) {
  for (int i = 0; i < T; i++)
    for (int j = 0; j < R; j++)
      for (int k = 0; k < S; k++)
        Out[(i + 1) * (R + 2) * (S + 2) + (j + 1) * (S + 2) + k + 1] =
          (In[i * (R + 2) * (S + 2) + j * (S + 2) + k]
           + In[(i + 2) * (R + 2) * (S + 2) + (j + 2) * (S + 2) + k + 2]) / 2;
}",
        expect![[r#"
            In: shape In[][R + 2][S + 2] (offset)
              a1 read In[R*S*i + 2*R*i + 2*S*i + S*j + 4*i + 2*j + k]  ->  [T, R, S] -> { S0[i, j, k] -> In[i, j, k] : 0 <= i < T and 0 <= j < R and 0 <= k < S }
              a2 read In[R*S*i + 2*R*S + 2*R*i + 2*S*i + S*j + 4*R + 6*S + 4*i + 2*j + k + 14]  ->  [T, R, S] -> { S0[i, j, k] -> In[2 + i, 2 + j, 2 + k] : 0 <= i < T and 0 <= j < R and 0 <= k < S }
            Out: shape Out[][R + 2][S + 2] (offset)
              a0 may-write Out[R*S*i + R*S + 2*R*i + 2*S*i + S*j + 2*R + 3*S + 4*i + 2*j + k + 7]  ->  [T, R, S] -> { S0[i, j, k] -> Out[1 + i, 1 + j, 1 + k] : 0 <= i < T and 0 <= j < R and 0 <= k < S }
        "#]],
    );
}

/// The constant-size case a user meets first: `A[i * 100 + j]`, and a 3-d `[][64][64]`. The
/// accesses are exact already, so a view is only taken where it needs no condition: `C[i*100 +
/// j + 99]` is `C[i + 1][j - 1]`, inside, while `E`'s strides 2 and 100 make `E[][50][2]`, where
/// `j` reaches 98 > 49, and `E` stays flat.
#[test]
fn constant_strides() {
    check(
        "void fixed(double *A, double *B, double *C, double *D, double *E) {
  for (int i = 1; i < 99; i++)
    for (int j = 1; j < 99; j++)
      B[i * 100 + j] = A[(i - 1) * 100 + j] + A[i * 100 + j + 1] + C[i * 100 + j + 99] + E[i * 100 + 2 * j];
  for (int i = 0; i < 64; i++)
    for (int j = 0; j < 64; j++)
      for (int k = 0; k < 64; k++)
        D[(i * 64 + j) * 64 + k] = 1.0;
}",
        expect![[r#"
            A: shape A[][100] (divide)
              a1 read A[100*i + j - 100]  ->  { S0[i, j] -> A[-1 + i, j] : 0 < i <= 98 and 0 < j <= 98 }
              a2 read A[100*i + j + 1]  ->  { S0[i, j] -> A[i, 1 + j] : 0 < i <= 98 and 0 < j <= 98 }
            B: shape B[][100] (divide)
              a0 must-write B[100*i + j]  ->  { S0[i, j] -> B[i, j] : 0 < i <= 98 and 0 < j <= 98 }
            C: shape C[][100] (divide)
              a3 read C[100*i + j + 99]  ->  { S0[i, j] -> C[1 + i, -1 + j] : 0 < i <= 98 and 0 < j <= 98 }
            D: shape D[][64][64] (divide)
              a5 must-write D[4096*i + 64*j + k]  ->  { S1[i, j, k] -> D[i, j, k] : 0 <= i <= 63 and 0 <= j <= 63 and 0 <= k <= 63 }
            E: flat (`[][50][2]` needs a run-time condition)
              a4 read E[100*i + 2*j]  ->  { S0[i, j] -> E[100i + 2j] : 0 < i <= 98 and 0 < j <= 98 }
        "#]],
    );
}
