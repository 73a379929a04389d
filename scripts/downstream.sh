#!/usr/bin/env bash
# A compiler that depends on optimist as a crates.io user's would: a crate made in a temporary
# directory, outside the workspace, whose only dependency is `optimist = "0.1.0"`, resolved to
# the packaged crates (the `.crate` files `cargo package` wrote, unpacked, through
# `[patch.crates-io]`; nothing of the workspace's configuration applies there). It prints the
# report of `tests/downstream/report.rs` (which isl it runs, the plans of a few kernels, among
# them the one that crashed isl's scheduler, optimized without isolation, and calls through the
# typed surface), which must equal `tests/downstream/expected.txt`: what the workspace prints
# (test `downstream`). Usage: scripts/downstream.sh [PACKAGE_DIR] (default: where
# scripts/test.sh packages the crates). Builds in target/package-verify, beside the packages'
# own builds, so the registry dependencies are compiled once.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
pkg=${1:-target/package-verify/package}
crates="optimist-isl-sys optimist-presburger optimist-scop optimist-assume optimist-delin optimist-delicm optimist-propagate optimist-loopy optimist-codegen optimist"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/crates" "$tmp/downstream/src"
patches=""
for c in $crates; do
  tar xzf "$pkg/$c-0.1.0.crate" -C "$tmp/crates"
  patches+="$c = { path = \"../crates/$c-0.1.0\" }"$'\n'
done
cp tests/downstream/program.rs "$tmp/downstream/src/main.rs"
cp tests/downstream/report.rs "$tmp/downstream/src/report.rs"
cat > "$tmp/downstream/Cargo.toml" <<TOML
[package]
name = "downstream"
version = "0.0.0"
edition = "2024"
publish = false

[dependencies]
optimist = "0.1.0"

[patch.crates-io]
$patches
TOML
# The workspace's resolution of the registry dependencies (the same versions); cargo drops
# what the downstream crate does not use.
cp Cargo.lock "$tmp/downstream/Cargo.lock"
(
  cd "$tmp/downstream"
  CARGO_TARGET_DIR="$root/target/package-verify" CARGO_PROFILE_DEV_DEBUG=0 \
    cargo build --offline --quiet 2>&1 | { grep -v "^warning: \(Patch\|unused\)" || true; }
)
"$root/target/package-verify/debug/downstream" "$root" > "$tmp/report.txt"
if ! diff -u tests/downstream/expected.txt "$tmp/report.txt"; then
  echo "downstream: the crate outside the workspace printed another report (above)" >&2
  exit 1
fi
echo "downstream: a crate outside the workspace, on the packaged crates, printed the workspace's report ($(head -n 1 "$tmp/report.txt"))"
