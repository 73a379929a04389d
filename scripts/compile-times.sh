#!/usr/bin/env bash
# Compile time of `optimist::optimize` (default configuration) per kernel of the corpus and the
# suite, measured by criterion (`benches/compile.rs`), then the median and the worst kernel.
# Usage: scripts/compile-times.sh [FILTER]   (FILTER: a criterion filter, e.g. `suite/`)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo bench --locked -q -p optimist-benches --bench compile -- "${1:-}" >/dev/null
python3 - <<'PY'
import json, pathlib, statistics
root = pathlib.Path("target/criterion/optimize")
rows = []
for est in root.glob("**/new/estimates.json"):
    bench = json.loads((est.parent / "benchmark.json").read_text())
    e = json.loads(est.read_text())
    rows.append((e["median"]["point_estimate"] / 1e6, bench["value_str"] or bench["function_id"]))
rows.sort()
for ms, name in rows:
    print(f"{ms:9.1f} ms  {name}")
times = [ms for ms, _ in rows]
print(f"kernels {len(times)}, median {statistics.median(times):.1f} ms, "
      f"worst {rows[-1][0]:.1f} ms ({rows[-1][1]}), over 300 ms: {sum(t > 300 for t in times)}")
PY
