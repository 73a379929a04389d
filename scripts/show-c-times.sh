#!/usr/bin/env bash
# Whole-process compile time as a user sees it: `optimist show c FILE --opt default` (the plan
# for C and its C text, process start included) for every kernel of the corpus, the suite and
# its multi-nest kernels (not `corpus/pathological/`), the median of RUNS runs each; then the
# median and the worst kernel, how many take over 50 and 300 ms, whether any output names the
# deadline, and `optimist show timing --target c` (each stage, with the isl operations it
# counted) for the worst five.
# Usage: scripts/show-c-times.sh [RUNS]   (default 3)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --locked -q -p optimist-cli
RUNS="${1:-3}" python3 - <<'PY'
import glob, os, statistics, subprocess, time
runs = int(os.environ["RUNS"])
files = sorted(glob.glob("corpus/*.c") + [f for f in glob.glob("corpus/*/*.c") if "/pathological/" not in f])
rows = []
for f in files:
    times, out = [], ""
    for _ in range(runs):
        start = time.perf_counter()
        out = subprocess.run(["target/release/optimist", "show", "c", f, "--opt", "default"],
                             capture_output=True, text=True).stdout
        times.append((time.perf_counter() - start) * 1e3)
    rows.append((statistics.median(times), f, "deadline" in out))
rows.sort()
for ms, f, late in rows:
    print(f"{ms:8.1f} ms  {f}{'  (names the deadline)' if late else ''}")
ms = [r[0] for r in rows]
print(f"kernels {len(ms)}, median {statistics.median(ms):.1f} ms, geometric mean "
      f"{statistics.geometric_mean(ms):.1f} ms, worst {rows[-1][0]:.1f} ms ({rows[-1][1]}), "
      f"over 50 ms: {sum(m > 50 for m in ms)}, over 300 ms: {sum(m > 300 for m in ms)}, "
      f"naming the deadline: {sum(r[2] for r in rows)}")
for _, f, _ in rows[-5:][::-1]:
    print(f"\n{f}:")
    print(subprocess.run(["target/release/optimist", "show", "timing", f, "--opt", "default",
                          "--target", "c"], capture_output=True, text=True).stdout, end="")
PY
