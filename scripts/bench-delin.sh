#!/usr/bin/env bash
# Paper 001's run-time figure: for every kernel of corpus/flat/, the time of `--opt default` on
# the flat-pointer version divided by the time on the multi-dimensional original, through
# Cranelift (`--backend jit`) and through C (`--backend c --cflags "-O3 -march=native"`), on
# inputs larger than the run lines'. Each ratio is the median of ROUNDS rounds (default 3), each
# round timing the two versions back to back (`--time`: the median of REPEAT runs, default 5).
# Prints one line per kernel and the geometric means. The pass's own time is `cargo bench
# --bench delin`.
#   scripts/bench-delin.sh [ROUNDS] [REPEAT]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
repeat=${2:-5}
cargo build --release --quiet --locked -p optimist-cli
bin=target/release/optimist
# kernel | parameters | buffer lengths of the flat version
table='
border3d|--set T=60 --set R=60 --set S=60|--len In=238328 --len Out=238328
conditionals|--set n=1000 --set m=1000 --set threshold=0.5|--len A=1000000 --len B=1000000
doitgen|--set nr=64 --set nq=64 --set np=64|--len A=262144 --len C4=4096
fixed2d||--len A=10000 --len B=10000
heat3d|--set tsteps=10 --set n=80|--len A=512000 --len B=512000
jacobi2d|--set tsteps=50 --set n=500|--len A=250000 --len B=250000
lu|--set n=400|--len A=160000
reverse|--set n=2000 --set m=2000|--len A=4000000 --len B=4000000
shift2d|--set n=1500 --set m=1500|--len A=2250000 --len B=2250000
tagged|--set n=300|--len C=90000 --len A=90000 --len B=90000
three_mm|--set ni=200 --set nj=200 --set nk=200 --set nl=200 --set nm=200|--len E=40000 --len A=40000 --len B=40000 --len F=40000 --len C=40000 --len D=40000 --len G=40000
trisolv|--set n=2000|--len L=4000000
two_mm|--set ni=250 --set nj=250 --set nk=250 --set nl=250 --set alpha=1.5 --set beta=0.75|--len tmp=62500 --len A=62500 --len B=62500 --len C=62500 --len D=62500
'
time_of() { # FILE BACKEND ARGS...
  local file=$1 backend=$2
  shift 2
  local extra=()
  [ "$backend" = c ] && extra=(--cflags "-O3 -march=native")
  "$bin" run "$file" --backend "$backend" "${extra[@]}" --opt default --time --repeat "$repeat" "$@" |
    awk '/^version/ { v = $2 } /^time_s/ { t = $2 } END { if (v != "optimized") print "NOT-OPTIMIZED"; else print t }'
}
median() { sort -g | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
printf '%-14s %10s %10s %8s   %10s %10s %8s  (%s rounds, min-max of the ratios)\n' kernel jit_multi jit_flat ratio c_multi c_flat ratio "$rounds"
summary=$(mktemp)
trap 'rm -f "$summary"' EXIT
while IFS='|' read -r name params lens; do
  [ -z "$name" ] && continue
  line="$(printf '%-14s' "$name")"
  for backend in jit c; do
    ratios=() multis=() flats=()
    for _ in $(seq "$rounds"); do
      # shellcheck disable=SC2086
      m=$(time_of "corpus/$name.c" "$backend" $params)
      # shellcheck disable=SC2086
      f=$(time_of "corpus/flat/$name.c" "$backend" $params $lens)
      if [ "$m" = NOT-OPTIMIZED ] || [ "$f" = NOT-OPTIMIZED ]; then
        echo "$name ($backend): a version ran the fallback: multi $m, flat $f" >&2
        exit 1
      fi
      multis+=("$m") flats+=("$f")
      ratios+=("$(awk -v a="$f" -v b="$m" 'BEGIN { printf "%.4f", a / b }')")
    done
    r=$(printf '%s\n' "${ratios[@]}" | median)
    lo=$(printf '%s\n' "${ratios[@]}" | sort -g | head -1)
    hi=$(printf '%s\n' "${ratios[@]}" | sort -g | tail -1)
    line+=$(printf ' %10.5f %10.5f %8.3f' "$(printf '%s\n' "${multis[@]}" | median)" "$(printf '%s\n' "${flats[@]}" | median)" "$r")
    line+=" [$lo-$hi]"
    echo "$backend $name $r" >>"$summary"
  done
  echo "$line"
done <<<"$table"
for backend in jit c; do
  awk -v b="$backend" '$1 == b { s += log($3); n++; if ($3 > w) { w = $3; wk = $2 } }
    END { printf "%s: geometric mean flat/multi %.3f over %d kernels, worst %s %.3f\n", b, exp(s / n), n, wk, w }' "$summary"
done
