#!/usr/bin/env bash
# Makes sure the system tools the build needs are present: a C compiler and `ar` (optimist-isl-sys
# compiles isl's sources with them, and the tests compile generated C). Installs the missing ones
# with apt-get when run as root; otherwise prints the exact command to run and fails.
set -euo pipefail

# clang is the tests' second C compiler (generated C must compile with gcc and clang): installed
# when it can be, skipped by the tests otherwise.
if ! command -v clang >/dev/null 2>&1 && ! command -v clang-19 >/dev/null 2>&1 \
  && [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "setup: installing clang-19 (the tests' second C compiler)" >&2
  export DEBIAN_FRONTEND=noninteractive
  { apt-get update -qq && apt-get install -y -qq clang-19; } >/dev/null 2>&1 \
    || echo "setup: clang-19 could not be installed; the tests use gcc alone" >&2
fi

missing=()
for tool in cc:gcc ar:binutils; do
  command -v "${tool%%:*}" >/dev/null 2>&1 || missing+=("${tool##*:}")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "setup: installing ${missing[*]} (needed to build isl and to compile generated C)" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq "${missing[@]}" >/dev/null
else
  echo "setup: missing ${missing[*]}, needed to build isl and to compile generated C. Run:" >&2
  echo "  sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
