#!/usr/bin/env bash
# Paper 003's run-time figure: for every pipeline of corpus/pipelines/ (local temporaries, only
# the final image observable), on inputs as large as its temporaries allow:
#   cc      the program as written, through optimist's faithful C (`--backend c --opt none`)
#           compiled by `cc -O3 -march=native`: what the C compiler users have makes of it;
#   jit     `--backend jit --opt default` (all passes), and jit_off without propagation
#           (`--passes delin,delicm`);
#   c       `--backend c --opt default --cflags "-O3 -march=native"`, and c_off without it;
# and the ratios cc/jit and cc/c (speed-up over cc -O3), jit_off/jit and c_off/c (what the pass
# gives). Each time is the median of REPEAT runs (`--time`), each ratio the median of ROUNDS
# rounds (defaults 3 and 7), with its range. Then the temporaries the optimized code no longer
# touches, with their bytes. The pass's own time is `cargo bench --bench propagate`.
#   scripts/bench-propagate.sh [ROUNDS] [REPEAT]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
repeat=${2:-7}
cargo build --release --quiet --locked -p optimist-cli
bin=target/release/optimist
o3=(--cflags "-O3 -march=native")
# kernel | parameters (bounded by the sizes of the local arrays)
table='
blur_sep|--set h=510 --set w=510
boundary|--set n=199998
harris|--set h=255 --set w=255
overwritten|--set n=200000
pyramid|--set h=254 --set w=254
two_stage|--set n=598 --set m=598
unsharp|--set h=510 --set w=510 --set amount=0.75
'
time_of() { # FILE ARGS...
  local file=$1
  shift
  "$bin" run "$file" --time --repeat "$repeat" "$@" |
    awk '/^version/ { v = $2 } /^time_s/ { t = $2 } END { if (v == "fallback") print "FALLBACK"; else print t }'
}
time_any() { # FILE ARGS...: the faithful code prints no version worth checking
  local file=$1
  shift
  "$bin" run "$file" --time --repeat "$repeat" "$@" | awk '/^time_s/ { print $2 }'
}
median() { sort -g | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
range() { sort -g | awk 'NR == 1 { lo = $1 } { hi = $1 } END { printf "[%s-%s]", lo, hi }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.4f", a / b }'; }
printf '%-11s %10s %10s %10s %10s %10s  %-22s %-22s %-22s %-22s\n' kernel cc jit jit_off c c_off \
  cc/jit cc/c jit_off/jit c_off/c
summary=$(mktemp)
trap 'rm -f "$summary"' EXIT
while IFS='|' read -r name params; do
  [ -z "$name" ] && continue
  f="corpus/pipelines/$name.c"
  declare -a a1=() a2=() a3=() a4=() tc=() tj=() tjo=() tcc=() tco=()
  for _ in $(seq "$rounds"); do
    # shellcheck disable=SC2086
    cc=$(time_any "$f" --backend c --opt none "${o3[@]}" $params)
    # shellcheck disable=SC2086
    j=$(time_of "$f" --backend jit --opt default $params)
    # shellcheck disable=SC2086
    jo=$(time_of "$f" --backend jit --opt default --passes delin,delicm $params)
    # shellcheck disable=SC2086
    c=$(time_of "$f" --backend c --opt default "${o3[@]}" $params)
    # shellcheck disable=SC2086
    co=$(time_of "$f" --backend c --opt default --passes delin,delicm "${o3[@]}" $params)
    for v in "$j" "$jo" "$c" "$co"; do
      if [ "$v" = FALLBACK ]; then
        echo "$name: a version ran the fallback" >&2
        exit 1
      fi
    done
    tc+=("$cc") tj+=("$j") tjo+=("$jo") tcc+=("$c") tco+=("$co")
    a1+=("$(ratio "$cc" "$j")") a2+=("$(ratio "$cc" "$c")")
    a3+=("$(ratio "$jo" "$j")") a4+=("$(ratio "$co" "$c")")
  done
  m1=$(printf '%s\n' "${a1[@]}" | median) m2=$(printf '%s\n' "${a2[@]}" | median)
  m3=$(printf '%s\n' "${a3[@]}" | median) m4=$(printf '%s\n' "${a4[@]}" | median)
  printf '%-11s %10.3e %10.3e %10.3e %10.3e %10.3e  %6.3f %-15s %6.3f %-15s %6.3f %-15s %6.3f %-15s\n' \
    "$name" "$(printf '%s\n' "${tc[@]}" | median)" "$(printf '%s\n' "${tj[@]}" | median)" \
    "$(printf '%s\n' "${tjo[@]}" | median)" "$(printf '%s\n' "${tcc[@]}" | median)" \
    "$(printf '%s\n' "${tco[@]}" | median)" \
    "$m1" "$(printf '%s\n' "${a1[@]}" | range)" "$m2" "$(printf '%s\n' "${a2[@]}" | range)" \
    "$m3" "$(printf '%s\n' "${a3[@]}" | range)" "$m4" "$(printf '%s\n' "${a4[@]}" | range)"
  echo "$name $m1 $m2 $m3 $m4" >>"$summary"
done <<<"$table"
awk '{ for (k = 2; k <= 5; k++) { s[k] += log($k); if (n == 0 || $k < w[k]) { w[k] = $k; wk[k] = $1 } } n++ }
  END { split("cc/jit cc/c jit_off/jit c_off/c", name, " ")
        for (k = 2; k <= 5; k++) printf "%s: geometric mean %.3f, worst %s %.3f\n", name[k - 1], exp(s[k] / n), wk[k], w[k] }' "$summary"
echo "temporaries the optimized code no longer touches:"
for f in corpus/pipelines/*.c; do
  "$bin" show propagate "$f" | awk -v k="$(basename "$f" .c)" '
    /^arrays:/ { a = 1; next }
    a && /^  [a-z]/ && !/live-out/ {
      split($2, p, "["); n = p[1]; bytes = ($1 == "double") ? 8 : 4
      m = $2; gsub(/[^0-9\]]/, " ", m); split(m, d, "]"); c = 1
      for (i in d) if (d[i] + 0 > 0) c *= d[i] + 0
      size[n] = c * bytes }
    /^statement/ { a = 0 }
    / -> [a-z_0-9]+\[/ { match($0, / -> [a-z_0-9]+\[/); t = substr($0, RSTART + 4, RLENGTH - 5); used[t] = 1 }
    END { for (n in size) if (!(n in used)) printf "  %s: %s (%d bytes)\n", k, n, size[n] }'
done
