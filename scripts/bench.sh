#!/usr/bin/env bash
# The benchmark suite (corpus/suite/, the sizes on each kernel's `// bench:` line) against the
# compilers users have, thread for thread. Per kernel, the median time of REPEAT runs
# (`optimist run --time`, the kernel call only, inputs regenerated before each run) of:
#   cc      the program as written (optimist's faithful C, `--backend c --opt none`) compiled by
#           `cc -O3 -march=native`, on one thread: the baseline every speed-up is relative to;
#   polly   the same C through `clang-19 -O3 -march=native -mllvm -polly` (when installed);
#   C 1t, C 2t      optimist's C (`--backend c --opt default`) compiled by `cc -O3
#           -march=native`, with `--threads 1` and `--threads 2` (2: `-fopenmp`, its `omp`
#           loops on two threads);
#   JIT 1t, JIT 2t  optimist's native code (`--backend jit --opt default`) with `--threads 1`
#           and `--threads 2`, plus $JIT_ARGS.
# A two-thread column against the one-thread baseline is not a speed-up of the optimizer: read
# it against the one-thread column beside it. Each speed-up (cc time / time) is the median over
# ROUNDS rounds, with its range; then the geometric mean and the worst kernel of each column,
# and the kernels that two threads make more than 5% slower than one. A version that ran its
# fallback is marked `fb` (the speed-up is still printed: it is what the user gets). Last, what
# two threads give over one (C 2t / C 1t and JIT 2t / JIT 1t) over the kernels of 0.1 s or more.
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
# POLLY=0 leaves Polly's column out. clang 16 and later refuse an undeclared library function
# (deriche's expf without <math.h>), which gcc and the C standard before C99 accept.
polly=()
if command -v clang-19 >/dev/null && [ "${POLLY:-1}" != 0 ]; then
  polly=(--cc clang-19 --cflags "-O3 -march=native -mllvm -polly -Wno-error=implicit-function-declaration")
fi
read -r -a jit_args <<<"${JIT_ARGS:-}"

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
echo "cc: $(cc --version | head -1); polly: $([ ${#polly[@]} -gt 0 ] && clang-19 --version | head -1 || echo 'left out or not installed')"
echo "rounds $rounds, repeat $repeat${JIT_ARGS:+, jit args: $JIT_ARGS}"
echo
echo "| kernel | cc -O3 (s) | polly | C 1t | C 2t | JIT 1t | JIT 2t |"
echo "|---|---:|---:|---:|---:|---:|---:|"
summary=$(mktemp)
trap 'rm -f "$summary"' EXIT
for name in "${kernels[@]}"; do
  f="corpus/suite/$name.c"
  read -r -a params <<<"$(sed -n '2s,^// bench:,,p' "$f")"
  declare -a tcc=() rp=() rc1=() rc2=() rj1=() rj2=()
  fb1="" fb2="" fb3="" fb4=""
  for _ in $(seq "$rounds"); do
    base=$(time_of "$f" --backend c --opt none "${o3[@]}" "${params[@]}")
    tcc+=("$base")
    # A kernel Polly's compiler refuses gets no Polly figure; the other columns go on.
    if [ ${#polly[@]} -gt 0 ] && p=$(time_of "$f" --backend c --opt none "${polly[@]}" "${params[@]}") &&
      [ -n "$p" ]; then
      rp+=("$(ratio "$base" "${p% fb}")")
    fi
    t=$(time_of "$f" --backend c --opt default "${o3[@]}" --threads 1 "${params[@]}")
    [ "${t#* }" = fb ] && fb1=" fb"
    rc1+=("$(ratio "$base" "${t% fb}")")
    t=$(time_of "$f" --backend c --opt default "${o3[@]}" --threads 2 "${params[@]}")
    [ "${t#* }" = fb ] && fb2=" fb"
    rc2+=("$(ratio "$base" "${t% fb}")")
    t=$(time_of "$f" --backend jit --opt default --threads 1 "${jit_args[@]}" "${params[@]}")
    [ "${t#* }" = fb ] && fb3=" fb"
    rj1+=("$(ratio "$base" "${t% fb}")")
    t=$(time_of "$f" --backend jit --opt default --threads 2 "${jit_args[@]}" "${params[@]}")
    [ "${t#* }" = fb ] && fb4=" fb"
    rj2+=("$(ratio "$base" "${t% fb}")")
  done
  cell() { # RATIOS...: "median (lo-hi)"
    if [ $# -eq 0 ]; then echo "-"; return; fi
    printf '%.2fx (%s)' "$(printf '%s\n' "$@" | median)" "$(printf '%s\n' "$@" | range)"
  }
  mp=$([ ${#rp[@]} -gt 0 ] && printf '%s\n' "${rp[@]}" | median || echo 1)
  m() { printf '%s\n' "$@" | median; }
  printf '| %s | %.3f | %s | %s%s | %s%s | %s%s | %s%s |\n' "$name" "$(printf '%s\n' "${tcc[@]}" | median)" \
    "$(cell "${rp[@]}")" "$(cell "${rc1[@]}")" "$fb1" "$(cell "${rc2[@]}")" "$fb2" \
    "$(cell "${rj1[@]}")" "$fb3" "$(cell "${rj2[@]}")" "$fb4"
  echo "$name $mp $(m "${rc1[@]}") $(m "${rc2[@]}") $(m "${rj1[@]}") $(m "${rj2[@]}") $(m "${tcc[@]}")" >>"$summary"
done
echo
awk -v polly="${#polly[@]}" '{ for (k = 2; k <= 6; k++) { s[k] += log($k); if (n == 0 || $k < w[k]) { w[k] = $k; wk[k] = $1 } }
    if ($4 < 0.95 * $3) slow_c = slow_c " " $1; if ($6 < 0.95 * $5) slow_j = slow_j " " $1; n++
    if ($7 >= 0.1) { long++; gc += log($4 / $3); gj += log($6 / $5) } }
  END { split("polly,optimist C 1t,optimist C 2t,optimist JIT 1t,optimist JIT 2t", name, ",")
        for (k = 2; k <= 6; k++) if (k > 2 || polly > 0)
          printf "- %s over cc -O3: geometric mean %.2fx, worst %s %.2fx\n", name[k - 1], exp(s[k] / n), wk[k], w[k]
        printf "- two threads more than 5%% slower than one: C:%s; JIT:%s\n", slow_c == "" ? " none" : slow_c, slow_j == "" ? " none" : slow_j
        if (long > 0) printf "- two threads over one, geometric mean over the %d kernels cc -O3 runs for 0.1 s or more: C %.2fx, JIT %.2fx\n", long, exp(gc / long), exp(gj / long) }' "$summary"
