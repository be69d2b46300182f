#!/usr/bin/env bash
# Every input surface's fuzzer at length: agdump's archives, archives with recorded trees,
# timeline traces and command line, the debug protocol's replies (agdump --connect) and requests
# (DebugServer), DeclarativeViews' DV_SCRIPT scripts, the #Preview plugin's requests, the
# Benchmarks command line, and the environment variables of every module — CASES each (default
# 3,000 for agdump's surfaces, the scripts, the plugin's requests and the Benchmarks command line,
# four times as many environment values: 39,000 cases in one run; every `swift test` runs a slice
# of each). Prints the cases, failures and outcomes per surface and the total; exits non-zero if
# any case failed.
#
# Usage: Scripts/fuzz-agdump.sh [CASES_PER_SURFACE [FIRST_SEED]]
# Without FIRST_SEED each fuzzer starts at its own seed (its in-suite slice is the start of the
# run). A failure prints the seed that reproduces it, e.g.
#   AG_FUZZ_CASES=1 AG_FUZZ_SEED=S swift test --filter TraceFuzzTests
set -euo pipefail
cd "$(dirname "$0")/.."
cases="${1:-3000}"
log="$(mktemp "${TMPDIR:-/tmp}/fuzz-agdump.XXXXXX")"
trap 'rm -f "$log"' EXIT
export AG_FUZZ_CASES="$cases"
if [ -n "${2:-}" ]; then export AG_FUZZ_SEED="$2"; fi
set +e
swift test --filter 'AGDumpTests\.(ArchiveFuzzTests|TreeArchiveFuzzTests|TraceFuzzTests|OptionFuzzTests|DebugServerTests/DebugServerFuzzTests)|mutatedScriptsNeverTrapAndEitherRunOrNameTheirLine|mutatedRequestsGetAFramedReplyOrAFailure|everySettingReadsWhatTheReadmeDocumentsAndReportsTheRest|randomCommandLinesAgreeWithTheModel' >"$log" 2>&1
status=$?
set -e
grep -E 'case failed|error:' "$log" | head -20 || true
echo "fuzzing every input surface: $cases cases per surface (environment: $((cases * 4)))${AG_FUZZ_SEED:+ from seed $AG_FUZZ_SEED}"
awk '
    /^fuzz [^:]+: [0-9]+ cases, [0-9]+ failures/ {
        surface = substr($0, 6, index($0, ":") - 6)
        rest = substr($0, index($0, ":") + 2)
        split(rest, words, " ")
        count = words[1]; failed = words[3]
        statuses = substr(rest, index(rest, "("))
        printf "  %-14s %7d cases  %d failures  %s\n", surface, count, failed, statuses
        total += count; failures += failed; surfaces += 1
    }
    END {
        printf "  %-14s %7d cases  %d failures (%d surfaces)\n", "total", total, failures, surfaces
        if (surfaces < 10 || failures > 0) exit 1
    }' "$log" || status=1
if [ "$status" -ne 0 ]; then
    echo "fuzz-agdump: FAILED (the log: run again with the same arguments, or see the seeds above)" >&2
    tail -5 "$log" >&2
fi
exit "$status"
