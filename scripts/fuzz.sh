#!/usr/bin/env bash
# Fuzzes one parser of user text: `scripts/fuzz.sh c|loopy|isl MINUTES`, in a release build.
# Prints the inputs run and the slowest; an input that panics or takes over a second is written
# to testkit/fuzz/crashes/, which the test suite replays from then on. An input that kills the
# process (a stack overflow, an abort in isl) is kept there as TARGET-crash-TIME.txt, and the
# run goes on from a new seed until the minutes are up.
set -uo pipefail
cd "$(dirname "$0")/.."
export OPTIMIST_FUZZ_TARGET=${1:?usage: scripts/fuzz.sh c|loopy|isl MINUTES}
minutes=${2:?usage: scripts/fuzz.sh c|loopy|isl MINUTES}
end=$(( $(date +%s) + minutes * 60 ))
cargo test --release --locked -q -p optimist-testkit --test fuzz --no-run 2>/dev/null
while [ "$(date +%s)" -lt "$end" ]; do
  export OPTIMIST_FUZZ_SECONDS=$(( end - $(date +%s) ))
  cargo test --release --locked -q -p optimist-testkit --test fuzz -- --ignored --exact fuzz_long --nocapture 2>&1 \
    | grep -v "^thread .* panicked at\|^note: run with\|^running 1 test\|^$"
  for last in testkit/fuzz/crashes/"$OPTIMIST_FUZZ_TARGET"-last-*.txt; do
    [ -e "$last" ] || continue
    kept="testkit/fuzz/crashes/$OPTIMIST_FUZZ_TARGET-crash-$(date +%s).txt"
    mv "$last" "$kept"
    echo "the process died on an input, kept as $kept"
  done
done
