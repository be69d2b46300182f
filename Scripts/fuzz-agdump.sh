#!/usr/bin/env bash
# agdump's fuzzer, at length: 18,000 hostile archives by default (CI runs a 1,500-case slice in
# `swift test`). Usage: Scripts/fuzz-agdump.sh [CASES [FIRST_SEED]]. A failure prints the seed that
# reproduces it (AG_FUZZ_CASES=1 AG_FUZZ_SEED=S swift test --filter ArchiveFuzzTests).
set -euo pipefail
cd "$(dirname "$0")/.."
AG_FUZZ_CASES="${1:-18000}" AG_FUZZ_SEED="${2:-4026662912}" swift test --filter ArchiveFuzzTests
