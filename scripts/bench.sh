#!/usr/bin/env bash
# The benchmark suite (corpus/suite/, the sizes on each kernel's `// bench:` line) against the
# compilers users have. Per kernel, the median time of REPEAT runs (`optimist run --time`, the
# kernel call only, inputs regenerated before each run) of:
#   cc      the program as written (optimist's faithful C, `--backend c --opt none`) compiled by
#           `cc -O3 -march=native`: the baseline every speed-up is relative to;
#   polly   the same C through `clang-19 -O3 -march=native -mllvm -polly` (when installed);
#   c       optimist's C (`--backend c --opt default`) compiled by `cc -O3 -march=native`, with
#           `--threads $C_THREADS` (default: the cores, as the JIT; its `omp parallel for`
#           loops then run on them through `-fopenmp`);
#   jit     optimist's native code (`--backend jit --opt default`), plus $JIT_ARGS.
# Each speed-up (cc time / time) is the median over ROUNDS rounds, with its range; then the
# geometric means and the worst kernel of each column. A version that ran its fallback is
# marked `fb` (the speed-up is still printed: it is what the user gets).
#   scripts/bench.sh [ROUNDS] [REPEAT] [KERNEL...]      (defaults 3 and 3, every kernel)
# The output is the markdown table of benches/RESULTS.md.
set -euo pipefail
cd "$(dirname "$0")/.."
# Polly's packed arrays of a matrix product live on the stack: three_mm's overflow the default
# 8 MiB (SIGSEGV). Every variant runs with the same, unlimited, stack.
ulimit -s unlimited 2>/dev/null || ulimit -s 1048576 2>/dev/null || true
rounds=${1:-3}
repeat=${2:-3}
shift $(($# > 2 ? 2 : $#))
kernels=("$@")
if [ ${#kernels[@]} -eq 0 ]; then
  for f in corpus/suite/*.c; do kernels+=("$(basename "$f" .c)"); done
fi
# OPTIMIST names another build of the CLI (e.g. a copy of an older one, for a before/after table).
bin=${OPTIMIST:-target/release/optimist}
if [ -z "${OPTIMIST:-}" ]; then cargo build --release --quiet --locked -p optimist-cli; fi
o3=(--cflags "-O3 -march=native")
polly=()
if command -v clang-19 >/dev/null; then
  polly=(--cc clang-19 --cflags "-O3 -march=native -mllvm -polly")
fi
read -r -a jit_args <<<"${JIT_ARGS:-}"
c_threads=${C_THREADS:-$(nproc)}

time_of() { # FILE ARGS...: "TIME" or "TIME fb"
  local file=$1
  shift
  "$bin" run "$file" --time --repeat "$repeat" "$@" |
    awk '/^version/ { v = $2 } /^time_s/ { t = $2 } END { print t (v == "fallback" ? " fb" : "") }'
}
median() { sort -g | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
range() { sort -g | awk 'NR == 1 { lo = $1 } { hi = $1 } END { printf "%.2f-%.2f", lo, hi }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.4f", a / b }'; }

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); $(date -u +%Y-%m-%d)"
echo "cc: $(cc --version | head -1); polly: $([ ${#polly[@]} -gt 0 ] && clang-19 --version | head -1 || echo 'not installed')"
echo "rounds $rounds, repeat $repeat, optimist C on $c_threads threads${JIT_ARGS:+, jit args: $JIT_ARGS}"
echo
echo "| kernel | cc -O3 (s) | polly | optimist C | optimist JIT |"
echo "|---|---:|---:|---:|---:|"
summary=$(mktemp)
trap 'rm -f "$summary"' EXIT
for name in "${kernels[@]}"; do
  f="corpus/suite/$name.c"
  read -r -a params <<<"$(sed -n '2s,^// bench:,,p' "$f")"
  declare -a tcc=() rp=() rc=() rj=()
  fbc="" fbj=""
  for _ in $(seq "$rounds"); do
    base=$(time_of "$f" --backend c --opt none "${o3[@]}" "${params[@]}")
    tcc+=("$base")
    if [ ${#polly[@]} -gt 0 ]; then
      p=$(time_of "$f" --backend c --opt none "${polly[@]}" "${params[@]}")
      rp+=("$(ratio "$base" "${p% fb}")")
    fi
    c=$(time_of "$f" --backend c --opt default "${o3[@]}" --threads "$c_threads" "${params[@]}")
    [ "${c#* }" = fb ] && fbc=" fb"
    rc+=("$(ratio "$base" "${c% fb}")")
    j=$(time_of "$f" --backend jit --opt default "${jit_args[@]}" "${params[@]}")
    [ "${j#* }" = fb ] && fbj=" fb"
    rj+=("$(ratio "$base" "${j% fb}")")
  done
  cell() { # RATIOS...: "median (lo-hi)"
    if [ $# -eq 0 ]; then echo "-"; return; fi
    printf '%.2fx (%s)' "$(printf '%s\n' "$@" | median)" "$(printf '%s\n' "$@" | range)"
  }
  mp=$([ ${#rp[@]} -gt 0 ] && printf '%s\n' "${rp[@]}" | median || echo 1)
  mc=$(printf '%s\n' "${rc[@]}" | median)
  mj=$(printf '%s\n' "${rj[@]}" | median)
  printf '| %s | %.3f | %s | %s%s | %s%s |\n' "$name" "$(printf '%s\n' "${tcc[@]}" | median)" \
    "$(cell "${rp[@]}")" "$(cell "${rc[@]}")" "$fbc" "$(cell "${rj[@]}")" "$fbj"
  echo "$name $mp $mc $mj" >>"$summary"
done
echo
awk -v polly="${#polly[@]}" '{ for (k = 2; k <= 4; k++) { s[k] += log($k); if (n == 0 || $k < w[k]) { w[k] = $k; wk[k] = $1 } } n++ }
  END { split("polly,optimist C,optimist JIT", name, ",")
        for (k = 2; k <= 4; k++) if (k > 2 || polly > 0)
          printf "- %s over cc -O3: geometric mean %.2fx, worst %s %.2fx\n", name[k - 1], exp(s[k] / n), wk[k], w[k] }' "$summary"
