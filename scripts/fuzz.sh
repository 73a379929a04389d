#!/usr/bin/env bash
# Fuzzes one parser of user text: `scripts/fuzz.sh c|loopy|isl MINUTES`, in a release build.
# Prints the inputs run and the slowest; an input that panics or takes over a second is written
# to testkit/fuzz/crashes/, which the test suite replays from then on.
set -euo pipefail
cd "$(dirname "$0")/.."
export OPTIMIST_FUZZ_TARGET=${1:?usage: scripts/fuzz.sh c|loopy|isl MINUTES}
export OPTIMIST_FUZZ_SECONDS=$(( ${2:?usage: scripts/fuzz.sh c|loopy|isl MINUTES} * 60 ))
cargo test --release --locked -q -p optimist-testkit --test fuzz -- --ignored --exact fuzz_long --nocapture 2>&1 \
  | grep -v "^thread .* panicked at\|^note: run with"
