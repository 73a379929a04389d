#!/usr/bin/env bash
# README's second command, and the whole of CI: formatting, lints, every test (unit, property,
# snapshot, doc tests, the benchmarks run once as tests), and every tutorial in examples/.
# Ends with one line totalling the tests that ran.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cargo fmt --all -- --check
cargo clippy --workspace --all-targets --locked -- -D warnings

log=$(mktemp)
trap 'rm -f "$log"' EXIT
cargo test --workspace --all-targets --locked 2>&1 | tee -a "$log"
cargo test --workspace --doc --locked 2>&1 | tee -a "$log"
for example in $(sed -n 's/^name = "\(.*\)"$/\1/p' examples/Cargo.toml | tail -n +2); do
  echo "running tutorial $example"
  cargo run --quiet --locked -p optimist-examples --example "$example" >/dev/null
done

total() { grep -oE "test result: [a-zA-Z]+\. [0-9]+ passed; [0-9]+ failed" "$log" | awk -v f="$1" '{ s += $f } END { print s + 0 }'; }
echo "summary: $(total 4) passed, $(total 6) failed"
