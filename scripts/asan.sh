#!/usr/bin/env bash
# isl under AddressSanitizer: `scripts/asan.sh MINUTES [SEED]` builds the random programs and the
# fuzzers against an isl compiled with `-fsanitize=address` (in target/asan, apart from the
# ordinary build), then runs the random programs' soak (every program through isl's scheduler,
# its dataflow and its AST generator, in every configuration) for three quarters of MINUTES and
# the isl and C fuzzers for an eighth each. An invalid read or write inside isl stops the run
# with AddressSanitizer's report (the program that caused it is the last one the soak printed).
set -euo pipefail
cd "$(dirname "$0")/.."
minutes=${1:?usage: scripts/asan.sh MINUTES [SEED]}
export CARGO_TARGET_DIR=target/asan
# isl's configure takes CFLAGS, CXXFLAGS and LDFLAGS from the environment (isl-rs passes none;
# isl's own test programs link with them); the Rust code is not instrumented, but its link must
# bring in the AddressSanitizer runtime.
export CFLAGS="-g -O1 -fsanitize=address -fno-omit-frame-pointer"
export CXXFLAGS=$CFLAGS LDFLAGS="-fsanitize=address"
export RUSTFLAGS="-C link-arg=-fsanitize=address"
# isl and Rust's statics leave memory allocated at exit: only invalid accesses count here.
export ASAN_OPTIONS=detect_leaks=0
cargo test --release --locked -q -p optimist-testkit --no-run 2>&1 | grep -v "^\s*Compiling" || true
soak=$(( minutes * 45 ))
fuzz=$(( minutes / 8 ))
export OPTIMIST_SOAK_SECONDS=$soak
if [ -n "${2:-}" ]; then export OPTIMIST_SOAK_SEED=$2; fi
echo "asan: random programs for $soak s"
cargo test --release --locked -q -p optimist-testkit --test random_programs -- --ignored --exact soak --nocapture
if [ "$fuzz" -gt 0 ]; then
  for target in isl c; do
    echo "asan: fuzzing $target for $fuzz min"
    scripts/fuzz.sh "$target" "$fuzz"
  done
fi
