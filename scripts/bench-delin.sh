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
# kernel | parameters | buffer lengths of the flat version | REPEAT multiplier (tiny kernels)
table='
border3d|--set T=160 --set R=160 --set S=160|--len In=4251528 --len Out=4251528|1
conditionals|--set n=2500 --set m=2500 --set threshold=0.5|--len A=6250000 --len B=6250000|1
doitgen|--set nr=64 --set nq=64 --set np=64|--len A=262144 --len C4=4096|1
fixed2d||--len A=10000 --len B=10000|21
heat3d|--set tsteps=10 --set n=80|--len A=512000 --len B=512000|1
jacobi2d|--set tsteps=50 --set n=500|--len A=250000 --len B=250000|1
lu|--set n=700|--len A=490000|1
reverse|--set n=4000 --set m=4000|--len A=16000000 --len B=16000000|1
shift2d|--set n=3000 --set m=3000|--len A=9000000 --len B=9000000|1
tagged|--set n=300|--len C=90000 --len A=90000 --len B=90000|1
three_mm|--set ni=200 --set nj=200 --set nk=200 --set nl=200 --set nm=200|--len E=40000 --len A=40000 --len B=40000 --len F=40000 --len C=40000 --len D=40000 --len G=40000|1
trisolv|--set n=4000|--len L=16000000|1
two_mm|--set ni=250 --set nj=250 --set nk=250 --set nl=250 --set alpha=1.5 --set beta=0.75|--len tmp=62500 --len A=62500 --len B=62500 --len C=62500 --len D=62500|1
'
time_of() { # FILE BACKEND TIMES ARGS...
  local file=$1 backend=$2 times=$3
  shift 3
  local extra=()
  [ "$backend" = c ] && extra=(--cflags "-O3 -march=native")
  "$bin" run "$file" --backend "$backend" "${extra[@]}" --opt default --time --repeat $((repeat * times)) "$@" |
    awk '/^version/ { v = $2 } /^time_s/ { t = $2 } END { if (v != "optimized") print "NOT-OPTIMIZED"; else print t }'
}
median() { sort -g | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
printf '%-14s %10s %10s %8s   %10s %10s %8s  (%s rounds, min-max of the ratios)\n' kernel jit_multi jit_flat ratio c_multi c_flat ratio "$rounds"
summary=$(mktemp)
trap 'rm -f "$summary"' EXIT
while IFS='|' read -r name params lens times; do
  [ -z "$name" ] && continue
  line="$(printf '%-14s' "$name")"
  for backend in jit c; do
    ratios=() multis=() flats=()
    for _ in $(seq "$rounds"); do
      # shellcheck disable=SC2086
      m=$(time_of "corpus/$name.c" "$backend" "$times" $params)
      # shellcheck disable=SC2086
      f=$(time_of "corpus/flat/$name.c" "$backend" "$times" $params $lens)
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
