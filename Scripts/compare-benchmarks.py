#!/usr/bin/env python3
"""Times two builds of the Benchmarks executable on the same workloads, in one run.

    Scripts/compare-benchmarks.py BASE_BENCHMARKS NEW_BENCHMARKS WORKLOAD [WORKLOAD ...] [--runs 3]

Each round runs every workload once with each binary (`--filter WORKLOAD --json FILE`), the two
binaries in alternating order from round to round; the table gives, per workload, the median of
the rounds' best-of-samples times and the ratio new / base. Build the previous commit into its
own folder first (e.g. a `git worktree` built with `swift build -c release --product Benchmarks`).
Exit status 1 if a run fails (a workload's expected results did not hold).
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile


def run(binary, workload, samples):
    with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as handle:
        path = handle.name
    try:
        subprocess.run([binary, "--filter", workload, "--json", path, "--samples", str(samples)],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        with open(path) as file:
            rows = json.load(file)
    finally:
        os.unlink(path)
    times = {row["workload"]: row["attrgraph"] for row in rows if row.get("attrgraph") is not None}
    if workload not in times:
        sys.exit(f"{binary}: no row named {workload} (rows: {', '.join(sorted(times))})")
    return times[workload]


def main():
    arguments = sys.argv[1:]
    runs, samples = 3, 10
    for flag in ("--runs", "--samples"):
        if flag in arguments:
            index = arguments.index(flag)
            value = int(arguments[index + 1])
            del arguments[index:index + 2]
            runs, samples = (value, samples) if flag == "--runs" else (runs, value)
    if len(arguments) < 3:
        sys.exit(__doc__)
    base, new, workloads = arguments[0], arguments[1], arguments[2:]
    results = {workload: {"base": [], "new": []} for workload in workloads}
    for round_index in range(runs):
        order = [("base", base), ("new", new)] if round_index % 2 == 0 else [("new", new), ("base", base)]
        for workload in workloads:
            for name, binary in order:
                results[workload][name].append(run(binary, workload, samples))
        print(f"round {round_index + 1} of {runs} done", file=sys.stderr)
    print(f"{'workload':<28} {'base (median)':>14} {'new (median)':>14} {'new/base':>9}   rounds")
    for workload in workloads:
        base_median = statistics.median(results[workload]["base"])
        new_median = statistics.median(results[workload]["new"])
        rounds = ", ".join(f"{n / b:.3f}" for b, n in zip(results[workload]["base"], results[workload]["new"]))
        print(f"{workload:<28} {base_median * 1e3:>11.3f} ms {new_median * 1e3:>11.3f} ms {new_median / base_median:>9.3f}   {rounds}")


if __name__ == "__main__":
    main()
