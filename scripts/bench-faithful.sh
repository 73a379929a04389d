#!/usr/bin/env bash
# The faithful code against the compiler users have at its plainest: per kernel of the suite
# (corpus/suite/, the sizes on each kernel's `// bench:` line), the median time of REPEAT runs
# (`optimist run --time`) of
#   cc -O1      the program as written (optimist's faithful C, `--backend c --opt none`)
#               compiled by `cc -O1`;
#   faithful    optimist's faithful native code (`--backend jit --opt none`): what runs when
#               the run-time check fails;
# and the ratio faithful / cc -O1 (how many times slower; the median over ROUNDS rounds, with
# its range), then the geometric mean and the worst kernel.
#   scripts/bench-faithful.sh [ROUNDS] [REPEAT] [KERNEL...]      (defaults 3 and 3)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
repeat=${2:-3}
shift $(($# > 2 ? 2 : $#))
kernels=("$@")
if [ ${#kernels[@]} -eq 0 ]; then
  for f in corpus/suite/*.c; do kernels+=("$(basename "$f" .c)"); done
fi
bin=${OPTIMIST:-target/release/optimist}
if [ -z "${OPTIMIST:-}" ]; then cargo build --release --quiet --locked -p optimist-cli; fi
time_of() { "$bin" run "$@" --time --repeat "$repeat" | awk '/^time_s/ { print $2 }'; }
median() { sort -g | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
range() { sort -g | awk 'NR == 1 { lo = $1 } { hi = $1 } END { printf "%.2f-%.2f", lo, hi }'; }
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); $(date -u +%Y-%m-%d)"
echo "rounds $rounds, repeat $repeat"
echo
echo "| kernel | cc -O1 (s) | faithful (s) | faithful / cc -O1 |"
echo "|---|---:|---:|---:|"
summary=$(mktemp)
trap 'rm -f "$summary"' EXIT
for name in "${kernels[@]}"; do
  f="corpus/suite/$name.c"
  read -r -a params <<<"$(sed -n '2s,^// bench:,,p' "$f")"
  declare -a tc=() tf=() r=()
  for _ in $(seq "$rounds"); do
    c=$(time_of "$f" --backend c --opt none --cflags "-O1" "${params[@]}")
    j=$(time_of "$f" --backend jit --opt none "${params[@]}")
    tc+=("$c")
    tf+=("$j")
    r+=("$(awk -v a="$j" -v b="$c" 'BEGIN { printf "%.4f", a / b }')")
  done
  m=$(printf '%s\n' "${r[@]}" | median)
  printf '| %s | %.4f | %.4f | %.2fx (%s) |\n' "$name" "$(printf '%s\n' "${tc[@]}" | median)" \
    "$(printf '%s\n' "${tf[@]}" | median)" "$m" "$(printf '%s\n' "${r[@]}" | range)"
  echo "$name $m" >>"$summary"
done
echo
awk '{ s += log($2); n++; if ($2 > w) { w = $2; wk = $1 } if ($2 > 1.5) over = over " " $1 }
  END { printf "- faithful over cc -O1: geometric mean %.2fx slower, worst %s %.2fx\n", exp(s / n), wk, w
        printf "- over 1.5x:%s\n", over == "" ? " none" : over }' "$summary"
