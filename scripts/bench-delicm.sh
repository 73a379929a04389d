#!/usr/bin/env bash
# Paper 002's run-time figure: for every kernel of corpus/scalar/ (values kept in scalars) and
# its array twin corpus/NAME.c, the time of `--opt default` on the scalar version divided by the
# twin's, and the scalar version's time without DeLICM (`--passes delin,propagate`) divided by
# its time with it; through Cranelift (`--backend jit`) and through C (`--backend c --cflags
# "-O3 -march=native"`), on inputs larger than the run lines'. Each ratio is the median of
# ROUNDS rounds (default 3), each timing the versions back to back (`--time`: the median of
# REPEAT runs, default 5). The pass's own time is `cargo bench --bench delicm`.
#   scripts/bench-delicm.sh [ROUNDS] [REPEAT]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
repeat=${2:-5}
cargo build --release --quiet --locked -p optimist-cli
bin=target/release/optimist
# kernel | parameters
table='
covariance|--set n=500 --set m=500 --set float_n=500.0
gemm_ijk|--set ni=500 --set nj=500 --set nk=500 --set alpha=1.5 --set beta=1.2
local_tmp|--set n=60000
prefix|--set n=4000000
scale_rows|--set n=3000 --set m=3000
syrk|--set n=600 --set m=600 --set alpha=1.5 --set beta=0.5
two_mm|--set ni=300 --set nj=300 --set nk=300 --set nl=300 --set alpha=1.5 --set beta=0.75
'
time_of() { # FILE BACKEND PASSES ARGS...
  local file=$1 backend=$2 passes=$3
  shift 3
  local extra=()
  [ "$backend" = c ] && extra=(--cflags "-O3 -march=native")
  [ "$passes" != all ] && extra+=(--passes "$passes")
  "$bin" run "$file" --backend "$backend" "${extra[@]}" --opt default --time --repeat "$repeat" "$@" |
    awk '/^version/ { v = $2 } /^time_s/ { t = $2 } END { if (v != "optimized") print "NOT-OPTIMIZED"; else print t }'
}
median() { sort -g | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
range() { sort -g | awk 'NR == 1 { lo = $1 } { hi = $1 } END { printf "[%s-%s]", lo, hi }'; }
printf '%-11s %-4s %9s %9s %9s %13s %22s\n' kernel back twin scalar no_pass scalar/twin "no_pass/scalar"
summary=$(mktemp)
trap 'rm -f "$summary"' EXIT
while IFS='|' read -r name params; do
  [ -z "$name" ] && continue
  for backend in jit c; do
    r1=() r2=() tw=() sc=() np=()
    for _ in $(seq "$rounds"); do
      # shellcheck disable=SC2086
      t=$(time_of "corpus/$name.c" "$backend" all $params)
      # shellcheck disable=SC2086
      s=$(time_of "corpus/scalar/$name.c" "$backend" all $params)
      # shellcheck disable=SC2086
      n=$(time_of "corpus/scalar/$name.c" "$backend" delin,propagate $params)
      for v in "$t" "$s" "$n"; do
        if [ "$v" = NOT-OPTIMIZED ]; then
          echo "$name ($backend): a version ran the fallback" >&2
          exit 1
        fi
      done
      tw+=("$t") sc+=("$s") np+=("$n")
      r1+=("$(awk -v a="$s" -v b="$t" 'BEGIN { printf "%.4f", a / b }')")
      r2+=("$(awk -v a="$n" -v b="$s" 'BEGIN { printf "%.4f", a / b }')")
    done
    a=$(printf '%s\n' "${r1[@]}" | median)
    b=$(printf '%s\n' "${r2[@]}" | median)
    printf '%-11s %-4s %9.5f %9.5f %9.5f %6.3f %-15s %6.3f %s\n' "$name" "$backend" \
      "$(printf '%s\n' "${tw[@]}" | median)" "$(printf '%s\n' "${sc[@]}" | median)" \
      "$(printf '%s\n' "${np[@]}" | median)" "$a" "$(printf '%s\n' "${r1[@]}" | range)" \
      "$b" "$(printf '%s\n' "${r2[@]}" | range)"
    echo "$backend $name $a $b" >>"$summary"
  done
done <<<"$table"
for backend in jit c; do
  awk -v b="$backend" '$1 == b { s += log($3); p += log($4); n++; if ($3 > w) { w = $3; wk = $2 } }
    END { printf "%s: geometric mean scalar/twin %.3f (worst %s %.3f), no-pass/scalar %.3f, over %d kernels\n", b, exp(s / n), wk, w, exp(p / n), n }' "$summary"
done
