#!/usr/bin/env bash
# Products at BLAS speed (issues 38, 64): GFLOP/s of the 1000x1100x1200 product
# (corpus/suite/gemm.c) on one thread, and of one tile of it (252 x 512 x 128: the operands
# packed once, the micro-kernel's blocks in the caches), for optimist's C (`cc -O3
# -march=native`) and native code (the CPU's widest, then each `--cpu` width), against the
# machine's peak without fused multiply-adds in vectors of 16, 32 and 64 bytes (a loop of
# independent multiplies and adds, measured here first) and against `cc -O3 -march=native` on
# the original; then the contracted program (`--contract`, FMA) in both. Each figure is the median time of REPEAT calls (`optimist run --time`), the
# median of ROUNDS rounds.
#   scripts/bench-product.sh [ROUNDS] [REPEAT]      (defaults 3 and 5)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
repeat=${2:-5}
bin=${OPTIMIST:-target/release/optimist}
if [ -z "${OPTIMIST:-}" ]; then cargo build --release --quiet --locked -p optimist-cli; fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/peak.c" <<'C'
#include <stdio.h>
#include <time.h>
typedef double v2 __attribute__((vector_size(16)));
typedef double v4 __attribute__((vector_size(32)));
typedef double v8 __attribute__((vector_size(64)));
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }
double buf[1024], f[64];
#define PEAK(T, W)                                                                          \
  {                                                                                         \
    T a[12];                                                                                \
    for (int i = 0; i < 12; i++) a[i] = (T){0} + i;                                         \
    long it = 20000000;                                                                     \
    double t = now();                                                                       \
    for (long r = 0; r < it; r++) {                                                         \
      T x;                                                                                  \
      __builtin_memcpy(&x, buf + (r & 63) * 8, sizeof x);                                   \
      _Pragma("GCC unroll 16") for (int i = 0; i < 12; i++) a[i] = a[i] + x * f[i];         \
    }                                                                                       \
    t = now() - t;                                                                          \
    double s = 0;                                                                           \
    for (int i = 0; i < 12; i++) s += a[i][0];                                              \
    printf("peak %d-byte vectors: %.1f GFLOP/s (%g)\n", W * 8, 2.0 * W * 12 * it / t / 1e9, s); \
  }
int main(void) {
  for (int i = 0; i < 1024; i++) buf[i] = 1e-9 * i;
  for (int i = 0; i < 64; i++) f[i] = 1.0 + i * 1e-9;
  PEAK(v2, 2) PEAK(v4, 4) PEAK(v8, 8)
}
C
cc -O2 -march=native -ffp-contract=off -o "$tmp/peak" "$tmp/peak.c"
"$tmp/peak" | sed 's/ (.*//'
gemm=corpus/suite/gemm.c
median() { sort -g | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }
time_of() { # ARGS...: the median over the rounds of `optimist run --time`
  for _ in $(seq "$rounds"); do
    "$bin" run "$gemm" "$@" --threads 1 --repeat "$repeat" --time | sed -n 's/^time_s //p'
  done | median
}
for size in "252 512 128" "1000 1100 1200"; do
  read -r ni nj nk <<<"$size"
  set_args=(--set ni="$ni" --set nj="$nj" --set nk="$nk" --set alpha=1.5 --set beta=1.2)
  base=$(time_of "${set_args[@]}" --backend c --opt none --cflags "-O3 -march=native")
  c=$(time_of "${set_args[@]}" --backend c --opt default --cflags "-O3 -march=native")
  jit=$(time_of "${set_args[@]}" --backend jit --opt default)
  awk -v n="${ni}x${nj}x${nk}" -v f="$((2 * ni * nj * nk))" -v b="$base" -v c="$c" -v j="$jit" 'BEGIN {
    printf "%s: cc -O3 %.4f s (%.1f GFLOP/s); optimist C %.4f s (%.1f GFLOP/s, %.2fx); optimist JIT %.4f s (%.1f GFLOP/s, %.2fx)\n",
      n, b, f / b / 1e9, c, f / c / 1e9, b / c, j, f / j / 1e9, b / j }'
  # The contracted program (`--contract`: `x * y + z` as `fma`, rounded once), whose reference is
  # the interpreter run on it: the JIT's fused micro-kernel, and optimist's C (`fma` calls).
  cj=$(time_of "${set_args[@]}" --backend jit --opt default --contract)
  cc_=$(time_of "${set_args[@]}" --backend c --opt default --contract --cflags "-O3 -march=native")
  awk -v n="${ni}x${nj}x${nk}" -v f="$((2 * ni * nj * nk))" -v c="$cc_" -v j="$cj" 'BEGIN {
    printf "%s: --contract: optimist C %.4f s (%.1f GFLOP/s); optimist JIT %.4f s (%.1f GFLOP/s)\n",
      n, c, f / c / 1e9, j, f / j / 1e9 }'
  # The JIT at each width of the CPU (`--cpu`): Cranelift's 16-byte vectors only, then the wide
  # emitter's micro-kernel (32-byte vectors, at x86-64-v3 and at v4 alike).
  for cpu in x86-64 x86-64-v3 x86-64-v4; do
    case $cpu in
      x86-64-v3) grep -q ' avx2 ' /proc/cpuinfo || continue ;;
      x86-64-v4) grep -q ' avx512f ' /proc/cpuinfo || continue ;;
    esac
    t=$(time_of "${set_args[@]}" --backend jit --opt default --cpu "$cpu")
    awk -v n="${ni}x${nj}x${nk}" -v f="$((2 * ni * nj * nk))" -v cpu="$cpu" -v t="$t" 'BEGIN {
      printf "%s: optimist JIT --cpu %s %.4f s (%.1f GFLOP/s)\n", n, cpu, t, f / t / 1e9 }'
  done
done
