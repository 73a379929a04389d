#!/usr/bin/env bash
# README's second command, and the whole of CI: formatting, lints, every test (unit, property,
# snapshot, doc tests, the benchmarks run once as tests), the docs without warnings, every
# publishable crate packaged and built from its package, a crate outside the workspace built on
# those packages (scripts/downstream.sh), valgrind over the isl wrapper tests, and every tutorial
# in examples/.
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
# The reference docs as docs.rs builds them: no broken link, no warning.
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps --locked
# Every library crate builds from the files it would publish (the facade last, against the
# packaged crates, not the workspace), and ships its README and both licence texts. In a target
# directory of its own: cargo takes crates of its temporary registry for immutable (same
# version, same source), so their earlier copies and builds are removed first; the
# dependencies' builds are kept.
pkg=target/package-verify
rm -rf "${CARGO_HOME:-$HOME/.cargo}"/registry/src/-*/optimist-* "$pkg"/package
rm -rf "$pkg"/debug/.fingerprint/optimist-* "$pkg"/debug/deps/liboptimist* "$pkg"/debug/deps/optimist*
crates="optimist-isl-sys optimist-presburger optimist-scop optimist-assume optimist-delin optimist-delicm optimist-propagate optimist-loopy optimist-codegen optimist"
CARGO_TARGET_DIR=$pkg CARGO_PROFILE_DEV_DEBUG=0 cargo package --locked --allow-dirty $(printf -- '-p %s ' $crates) 2>&1 | { grep -v "^warning: ignoring \(test\|bench\|example\)\|^\s*Compiling\|^\s*Download" || true; }
for c in $crates; do
  # optimist-isl-sys is MIT alone, as isl and imath are, and ships their licence texts.
  licences="LICENSE-MIT LICENSE-APACHE"
  [ "$c" = optimist-isl-sys ] && licences="LICENSE-MIT isl/LICENSE isl/imath/LICENSE"
  for f in README.md $licences; do
    files=$(tar tzf "$pkg/package/$c-0.1.0.crate")
    grep -qx "$c-0.1.0/$f" <<< "$files" || { echo "package $c lacks $f"; exit 1; }
  done
done
echo "packages: $crates"
# A crate outside the workspace on those packages: the same isl, plans and results.
scripts/downstream.sh "$pkg/package"
# Ownership of isl objects, checked by valgrind: no memory definitely lost, no invalid access.
if command -v valgrind >/dev/null 2>&1; then
  for t in wrappers schedule_ast; do
    exe=$(cargo test --locked -q -p optimist-presburger --test "$t" --no-run --message-format=json \
      | grep -o '"executable":"[^"]*"' | tail -n 1 | cut -d'"' -f4)
    echo "valgrind: presburger test $t"
    valgrind -q --leak-check=full --show-leak-kinds=definite --errors-for-leak-kinds=definite --error-exitcode=9 "$exe" --test-threads 1 >/dev/null
  done
else
  echo "valgrind not found: skipping the memory check of the isl wrappers"
fi
for example in $(sed -n 's/^name = "\(.*\)"$/\1/p' examples/Cargo.toml | tail -n +2); do
  echo "running tutorial $example"
  cargo run --quiet --locked -p optimist-examples --example "$example" >/dev/null
done

total() { grep -oE "test result: [a-zA-Z]+\. [0-9]+ passed; [0-9]+ failed" "$log" | awk -v f="$1" '{ s += $f } END { print s + 0 }'; }
echo "summary: $(total 4) passed, $(total 6) failed"
