#!/usr/bin/env bash
# The random programs' long mode: `scripts/soak.sh HOURS [SEED]` checks batches of 1,000 random
# programs (optimist-testkit) against the interpreter for HOURS hours (fractions allowed), in a
# release build, and prints how many ran and what they found. A disagreement stops it: the
# program is shrunk and written to testkit/regressions/, where the test suite runs it from then on.
# With OPTIMIST_SOAK_CURRENT=FILE, each program is written to FILE before it is checked: when a
# batch stops moving (a compile that does not end), FILE holds the program.
set -euo pipefail
cd "$(dirname "$0")/.."
hours=${1:?usage: scripts/soak.sh HOURS [SEED]}
seconds=$(awk -v h="$hours" 'BEGIN { printf "%d", h * 3600 }')
export OPTIMIST_SOAK_SECONDS=$seconds
if [ -n "${2:-}" ]; then export OPTIMIST_SOAK_SEED=$2; fi
cargo test --release --locked -q -p optimist-testkit --test random_programs -- --ignored --exact soak --nocapture
