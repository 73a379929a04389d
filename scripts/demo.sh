#!/usr/bin/env bash
# README's first command: builds the release binary and runs the demo of what works today.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cargo build --release --locked --quiet -p optimist-cli
exec target/release/optimist demo
