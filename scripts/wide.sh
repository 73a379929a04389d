#!/usr/bin/env bash
# Wide vectors in native code (issue 64): per kernel of the benchmark suite (corpus/suite/, the
# sizes on each kernel's `// bench:` line), on one thread, the median time of REPEAT runs
# (`optimist run --time`) of optimist's C (`--backend c --opt default`) compiled by `cc -O3
# -march=native`, and of optimist's native code (`--backend jit --opt default`) for the CPUs
# `x86-64` (Cranelift's 128-bit lanes only) and `native` (the widest vectors this CPU has);
# then each JIT's time over the C's (1.00: as fast as the C; above: slower), with the geometric
# mean and the worst kernel of each column. THREADS=2 runs both on two threads (OpenMP's for
# the C, `--threads 2` for the JIT); two-thread figures need a quiet machine.
#   [THREADS=N] scripts/wide.sh [REPEAT] [KERNEL...]      (default 1 thread, 3, every kernel)
set -euo pipefail
cd "$(dirname "$0")/.."
ulimit -s unlimited 2>/dev/null || ulimit -s 1048576 2>/dev/null || true
repeat=${1:-3}
shift $(($# > 0 ? 1 : 0))
kernels=("$@")
if [ ${#kernels[@]} -eq 0 ]; then
  for f in corpus/suite/*.c; do kernels+=("$(basename "$f" .c)"); done
fi
bin=${OPTIMIST:-target/release/optimist}
if [ -z "${OPTIMIST:-}" ]; then cargo build --release --quiet --locked -p optimist-cli; fi
threads=${THREADS:-1}
time_of() {
  "$bin" run "$@" --threads "$threads" --time --repeat "$repeat" 2>/dev/null | awk '/^time_s/ {print $2}'
}
printf '| kernel | C -O3 (s) | JIT x86-64 (s) | JIT native (s) | x86-64 / C | native / C |\n'
printf '|---|---:|---:|---:|---:|---:|\n'
rows=()
for k in "${kernels[@]}"; do
  f=corpus/suite/$k.c
  read -r -a sizes <<<"$(sed -n 2p "$f" | sed 's|// bench:||')"
  c=$(time_of "$f" "${sizes[@]}" --backend c --opt default --cflags "-O3 -march=native")
  narrow=$(time_of "$f" "${sizes[@]}" --backend jit --opt default --cpu x86-64)
  wide=$(time_of "$f" "${sizes[@]}" --backend jit --opt default --cpu native)
  [ -z "$c" ] || [ -z "$narrow" ] || [ -z "$wide" ] && { echo "| $k | failed | | | | |"; continue; }
  a=$(awk -v x="$narrow" -v c="$c" 'BEGIN {printf "%.2f", x / c}')
  b=$(awk -v x="$wide" -v c="$c" 'BEGIN {printf "%.2f", x / c}')
  rows+=("$k $a $b")
  printf '| %s | %.4f | %.4f | %.4f | %s | %s |\n' "$k" "$c" "$narrow" "$wide" "$a" "$b"
done
printf '%s\n' "${rows[@]}" | awk '
  { la += log($2); lb += log($3); n++;
    if ($2 > wa) { wa = $2; ka = $1 } if ($3 > wb) { wb = $3; kb = $1 } }
  END { printf "| geometric mean | | | | %.2f | %.2f |\n", exp(la / n), exp(lb / n);
        printf "| worst | | | | %.2f (%s) | %.2f (%s) |\n", wa, ka, wb, kb }'
