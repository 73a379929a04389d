#!/usr/bin/env bash
# Reach (issue 65): for each C file given (default: tests/whole/found/*.c), rewritten by
# `optimist c` with no pragma in it (pragma lines are removed first, so that regions are found):
# the nests looked at, those modeled (optimized, or kept as written because the plan adds nothing
# the C compiler does not do), those optimized (versioned), of those the ones whose loops were
# restructured (another order, tiles, register blocks, a split), those kept for any reason, and
# beside them the SCoPs clang-19's Polly finds in the same file (`-O3 -fno-inline -mllvm -polly
# -mllvm -polly-process-unprofitable -Rpass-analysis=polly-scops`, distinct start lines).
#   scripts/reach.sh [FILE.c ...]      (OPTIMIST names another build)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${OPTIMIST:-target/release/optimist}
if [ -z "${OPTIMIST:-}" ]; then cargo build --release --quiet --locked -p optimist-cli; fi
files=("$@")
[ ${#files[@]} -eq 0 ] && files=(tests/whole/found/*.c)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
polly=clang-19
command -v "$polly" >/dev/null || polly=""
printf '| file | looked at | modeled | optimized | restructured | kept | Polly SCoPs |\n|---|---:|---:|---:|---:|---:|---:|\n'
tl=0; tm=0; to=0; tr=0; tp=0
for f in "${files[@]}"; do
  b=$(basename "$f")
  grep -v '^[[:space:]]*#[[:space:]]*pragma[[:space:]]\+\(end\)\?scop' "$f" > "$tmp/$b"
  "$bin" c "$tmp/$b" -I "$(dirname "$f")" --summary > "$tmp/$b.out" 2> "$tmp/$b.log" || true
  looked=$(grep -oE '[0-9]+ looked at' "$tmp/$b.log" | grep -oE '^[0-9]+' || echo 0)
  opt=$(grep -c ': optimized\(, loops restructured\)\?$' "$tmp/$b.log" || true)
  re=$(grep -c ': optimized, loops restructured$' "$tmp/$b.log" || true)
  same=$(grep -c ': kept as written: .*adds nothing the C compiler does not do$' "$tmp/$b.log" || true)
  scops=-
  if [ -n "$polly" ]; then
    scops=$("$polly" -O3 -fno-inline -mllvm -polly -mllvm -polly-process-unprofitable \
      -Rpass-analysis=polly-scops -I "$(dirname "$f")" -c "$tmp/$b" -o /dev/null 2>&1 \
      | grep 'SCoP begins here' | cut -d: -f2 | sort -u | wc -l)
    tp=$((tp + scops))
  fi
  tl=$((tl + looked)); tm=$((tm + opt + same)); to=$((to + opt)); tr=$((tr + re))
  printf '| %s | %s | %s | %s | %s | %s | %s |\n' "$b" "$looked" "$((opt + same))" "$opt" "$re" "$((looked - opt))" "$scops"
done
printf '| all (%s files) | %s | %s | %s | %s | %s | %s |\n' "${#files[@]}" "$tl" "$tm" "$to" "$tr" "$((tl - to))" "$tp"
