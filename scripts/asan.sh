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
# optimist-isl-sys compiles isl with the `cc` crate, which adds CFLAGS from the environment to
# its own; the Rust code is not instrumented, but its link must bring in the AddressSanitizer
# runtime.
export CFLAGS="-g -O1 -fsanitize=address -fno-omit-frame-pointer"
export CXXFLAGS=$CFLAGS LDFLAGS="-fsanitize=address"
# rustc links with -nodefaultlibs, which drops the runtime -fsanitize=address would add: named.
export RUSTFLAGS="-C link-arg=-fsanitize=address -C link-arg=-lasan"
# isl and Rust's statics leave memory allocated at exit: only invalid accesses count here.
export ASAN_OPTIONS=detect_leaks=0
# The runtime must come first in the program's libraries: the test programs run with it
# preloaded (started directly, not through cargo, which would preload it into rustc too; the C
# compiler and the kernels the soak compiles inherit it, harmlessly).
runtime=$(${CC:-cc} -print-file-name=libasan.so)
exe() {
  cargo test --release --locked -q -p optimist-testkit --test "$1" --no-run --message-format=json \
    | grep -o '"executable":"[^"]*"' | tail -n 1 | cut -d'"' -f4
}
soak_exe=$(exe random_programs)
fuzz_exe=$(exe fuzz)
soak=$(( minutes * 45 ))
fuzz=$(( minutes * 60 / 8 ))
if [ -n "${2:-}" ]; then export OPTIMIST_SOAK_SEED=$2; fi
echo "asan: random programs for $soak s"
OPTIMIST_SOAK_SECONDS=$soak LD_PRELOAD=$runtime "$soak_exe" --ignored --exact soak --nocapture
for target in isl c; do
  echo "asan: fuzzing $target for $fuzz s"
  OPTIMIST_FUZZ_TARGET=$target OPTIMIST_FUZZ_SECONDS=$fuzz LD_PRELOAD=$runtime \
    "$fuzz_exe" --ignored --exact fuzz_long --nocapture
done
