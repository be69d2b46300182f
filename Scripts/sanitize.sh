#!/usr/bin/env bash
# Runs every test target under AddressSanitizer and ThreadSanitizer, each in its own build folder
# (.build-address, .build-thread): the engine, the run loop, the view layer (whose cross-thread
# paths deliver model changes), Combine and agdump. Usage: Scripts/sanitize.sh [address|thread ...]
# Exit status: 0 when every run passed.
set -euo pipefail
cd "$(dirname "$0")/.."
sanitizers=("$@")
[ ${#sanitizers[@]} -gt 0 ] || sanitizers=(address thread)
for sanitizer in "${sanitizers[@]}"; do
    echo "== swift test --sanitize=$sanitizer"
    start=$(date +%s)
    # The property tests run fewer cases under a sanitizer (each case costs ~10x more);
    # AG_SANITIZER tells the tests that depend on a plain build's stack use per level.
    # Locals stay on the real stack (the engine's stack guard measures it), and XCTest's own
    # objects left at exit are not reported as leaks.
    AG_SANITIZER="$sanitizer" AG_PROPERTY_CASES="${AG_PROPERTY_CASES:-300}" SWIFT_BACKTRACE=enable=no \
        ASAN_OPTIONS="detect_stack_use_after_return=0:${ASAN_OPTIONS:-}" \
        LSAN_OPTIONS="suppressions=$PWD/Scripts/lsan-suppressions.txt:${LSAN_OPTIONS:-}" \
        swift test --scratch-path ".build-$sanitizer" --sanitize="$sanitizer"
    echo "== $sanitizer: passed in $(( $(date +%s) - start )) s"
done
