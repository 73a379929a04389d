#!/usr/bin/env bash
# Object code against the JIT and against `cc -O3 -march=native` on the original C, on the
# kernels of corpus/suite/ given (default: a sample of kinds), one thread and two:
#   scripts/bench-object.sh [ROUNDS] [REPEAT] [KERNEL...]
# Each round runs cc, the JIT and the object (linked by cc) one after the other on the same
# inputs (`optimist run --time --repeat REPEAT`, the median call); the table gives per kernel
# the median over the rounds of each time, and the object's time over the JIT's.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}; repeat=${2:-3}; shift 2 || true
kernels=("$@")
[ ${#kernels[@]} -eq 0 ] && kernels=(gemm jacobi2d heat3d atax trisolv floyd_warshall covariance seidel2d)
cargo build --release --quiet
bin=target/release/optimist
median() { sort -g | awk 'NF { v[++n] = $1 } END { print v[int((n + 1) / 2)] }'; }
time_of() { "$bin" run "$@" --time --repeat "$repeat" | sed -n 's/^time_s //p'; }
printf '| kernel | cc -O3 (s) | JIT 1t (s) | object 1t (s) | object/JIT 1t | JIT 2t (s) | object 2t (s) | object/JIT 2t |\n|---|---:|---:|---:|---:|---:|---:|---:|\n'
for k in "${kernels[@]}"; do
  f=corpus/suite/$k.c
  read -r -a args <<< "$(sed -n '2s,^// bench:,,p' "$f")"
  declare -A t=()
  for r in $(seq "$rounds"); do
    t[cc]+="$(time_of "$f" "${args[@]}" --backend c --opt none --cflags "-O3 -march=native")"$'\n'
    for n in 1 2; do
      t[jit$n]+="$(time_of "$f" "${args[@]}" --backend jit --opt default --threads $n)"$'\n'
      t[obj$n]+="$(time_of "$f" "${args[@]}" --backend object --opt default --threads $n --cflags "-O2")"$'\n'
    done
  done
  cc=$(median <<< "${t[cc]}"); j1=$(median <<< "${t[jit1]}"); o1=$(median <<< "${t[obj1]}")
  j2=$(median <<< "${t[jit2]}"); o2=$(median <<< "${t[obj2]}")
  printf '| %s | %.4f | %.4f | %.4f | %.2f | %.4f | %.4f | %.2f |\n' "$k" "$cc" "$j1" "$o1" \
    "$(echo "$o1 / $j1" | bc -l)" "$j2" "$o2" "$(echo "$o2 / $j2" | bc -l)"
  unset t
done
