#!/usr/bin/env bash
# The loop collection of benches/loops/ (issue 63) against the compilers users have, one thread:
# the original program and the program rewritten by `optimist c` (every file), both compiled
# alike by `gcc -O3 -march=native` and by `clang-19 -O3 -march=native`, each run ROUNDS times
# alternating; per loop the fastest run of each, the speed-up original / rewritten, and per
# compiler the geometric mean, the worst loop, the count below 0.95x, and how much the
# original's runs varied (median over loops of max/min). Loops under 0.2 ms are listed but
# not counted (timer noise). The bits are checked by tests/vector_loops.rs.
# Where a loop lands in the code moves its time by up to 1.7x on the machines here (the same
# loop, byte for byte, in the original and in a rewritten file: wrapval, wrap2): ALIGN=1
# compiles both programs with every function and loop at 64 bytes, which takes that away.
# Both programs are compiled without OpenMP; ONE=1 tells `optimist c` so (`--threads 1`: no
# loop marked parallel, a region whose only change would be such marks kept as written).
#   scripts/bench-loops.sh [ROUNDS] [REPS]     (defaults 5 and 400; OPTIMIST names another build)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
reps=${2:-400}
bin=${OPTIMIST:-target/release/optimist}
if [ -z "${OPTIMIST:-}" ]; then cargo build --release --quiet --locked -p optimist-cli; fi
src=benches/loops/src
out=target/bench-loops
rm -rf "$out" && mkdir -p "$out/rw"
one=()
if [ "${ONE:-0}" = 1 ]; then one=(--threads 1); fi
for f in "$src"/loops_*.c; do
  "$bin" c "$f" "${one[@]}" > "$out/rw/$(basename "$f")" 2> "$out/rw/$(basename "$f").log"
done
cp "$src/main.c" "$out/rw/"
echo "optimized regions: $(cat "$out"/rw/*.log | grep -c ': optimized' || true) of $(cat "$out"/rw/*.log | wc -l), restructured: $(cat "$out"/rw/*.log | grep -c 'loops restructured' || true)"
align=()
if [ "${ALIGN:-0}" = 1 ]; then align=(-falign-functions=64 -falign-loops=64); fi
for cc in gcc clang-19; do
  command -v "$cc" >/dev/null || { echo "$cc: not installed, skipped"; continue; }
  "$cc" -O3 -march=native "${align[@]}" -DREPS="$reps" "$src"/*.c -o "$out/orig-$cc" -lm
  "$cc" -O3 -march=native "${align[@]}" -DREPS="$reps" -I "$src" "$out"/rw/*.c -o "$out/opt-$cc" -lm 2>/dev/null
  for r in $(seq "$rounds"); do
    "$out/orig-$cc" > "$out/orig-$cc.$r"
    "$out/opt-$cc" > "$out/opt-$cc.$r"
  done
  python3 - "$out" "$cc" "$rounds" <<'PY'
import math, statistics, sys
out, cc, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3])
def load(p):
    return {(l.split()[0], l.split()[1]): (float(l.split()[2]), l.split()[3:]) for l in open(p)}
orig = [load(f"{out}/orig-{cc}.{r}") for r in range(1, rounds + 1)]
opt = [load(f"{out}/opt-{cc}.{r}") for r in range(1, rounds + 1)]
rows, spread, wrong = [], [], []
for k in orig[0]:
    a = [o[k][0] for o in orig]; b = [o[k][0] for o in opt]
    if not all(o[k][1] == orig[0][k][1] for o in orig + opt):
        wrong.append(f"{k[0]} {k[1]}")
    rows.append((min(a) / min(b), k, min(a), min(b)))
    spread.append(max(a) / min(a))
timed = [r for r in rows if r[2] >= 2e-4]
rows.sort()
g = math.exp(sum(math.log(r[0]) for r in timed) / len(timed))
worst = min(timed)
print(f"\n{cc}: {len(timed)} loops timed (of {len(rows)}; under 0.2 ms left out), geometric mean {g:.2f}x, "
      f"worst {worst[0]:.2f}x ({worst[1][0]} {worst[1][1]}), below 0.95x: {sum(r[0] < 0.95 for r in timed)}, "
      f"runs of the original varied by {statistics.median(spread):.2f}x (median max/min)"
      + (f"; RESULTS DIFFER: {', '.join(wrong)}" if wrong else ""))
print("| loop | type | original (ms) | rewritten (ms) | speed-up |\n|---|---|---:|---:|---:|")
for s, k, a, b in rows:
    if s < 0.95 or s > 1.5:
        print(f"| {k[0]} | {k[1]} | {a*1e3:.3f} | {b*1e3:.3f} | {s:.2f}x{'' if a >= 2e-4 else ' (not timed)'} |")
PY
done
