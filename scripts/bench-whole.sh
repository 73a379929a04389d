#!/usr/bin/env bash
# Whole programs of tests/whole/collection/ rewritten by `optimist c`, against the originals,
# both compiled by `cc -O3 -march=native`:
#   scripts/bench-whole.sh [ROUNDS] [SCALE] [PROGRAM...]
# Every `#define NAME NUMBER` of a program is multiplied by SCALE (default 10) first, so that
# the kernels run long enough to time. Times are whole processes (initialisation and printing
# included), the median over ROUNDS rounds; each round runs the original, the rewritten program
# on one thread (built without OpenMP) and on two (`-fopenmp`, OMP_NUM_THREADS=2) in turn. The
# outputs must be equal. Speed-ups are the original's time over the rewritten program's.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}; scale=${2:-10}; shift 2 || true
programs=("$@")
[ ${#programs[@]} -eq 0 ] && programs=(01_gemm 02_two_mm 15_jacobi_2d 18_seidel_2d 21_trisolv 22_floyd_warshall 24_covariance 27_conv2d 44_wavefront 51_iir_rows)
cargo build --release --quiet
bin=$PWD/target/release/optimist
cc=${CC:-cc}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
median() { sort -g | awk 'NF { v[++n] = $1 } END { print v[int((n + 1) / 2)] }'; }
seconds() { local s e; s=$(date +%s.%N); env "$@" > /dev/null; e=$(date +%s.%N); echo "$e - $s" | bc -l; }
printf '| program | original (s) | optimist 1t (s) | optimist 2t (s) | speed-up 1t | speed-up 2t |\n|---|---:|---:|---:|---:|---:|\n'
for p in "${programs[@]}"; do
  src=$work/$p.c
  awk -v s="$scale" '/^#define [A-Z_0-9]+ [0-9]+$/ { $3 = $3 * s } { print }' "tests/whole/collection/$p.c" > "$src"
  "$bin" c "$src" -o "$work/${p}_opt.c" 2> /dev/null
  $cc -O3 -march=native -o "$work/orig" "$src" -lm
  $cc -O3 -march=native -o "$work/opt1" "$work/${p}_opt.c" -lm
  $cc -O3 -march=native -fopenmp -o "$work/opt2" "$work/${p}_opt.c" -lm
  want=$("$work/orig"); got1=$("$work/opt1"); got2=$(OMP_NUM_THREADS=2 "$work/opt2")
  if [ "$want" != "$got1" ] || [ "$want" != "$got2" ]; then echo "$p: outputs differ" >&2; exit 1; fi
  declare -A t=()
  for r in $(seq "$rounds"); do
    t[o]+="$(seconds "$work/orig")"$'\n'
    t[a]+="$(seconds OMP_NUM_THREADS=1 "$work/opt1")"$'\n'
    t[b]+="$(seconds OMP_NUM_THREADS=2 "$work/opt2")"$'\n'
  done
  o=$(median <<< "${t[o]}"); a=$(median <<< "${t[a]}"); b=$(median <<< "${t[b]}")
  printf '| %s | %.3f | %.3f | %.3f | %.2fx | %.2fx |\n' "$p" "$o" "$a" "$b" "$(echo "$o / $a" | bc -l)" "$(echo "$o / $b" | bc -l)"
  unset t
done
