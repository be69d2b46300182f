#!/usr/bin/env python3
"""Times two builds of the Benchmarks executable on the same workloads, in one run.

    Scripts/compare-benchmarks.py BASE_BENCHMARKS NEW_BENCHMARKS WORKLOAD [WORKLOAD ...] [--runs 3]
    Scripts/compare-benchmarks.py BASE_BENCHMARKS NEW_BENCHMARKS --all [--runs 3] [--table FILE]

Each round runs every workload once with each binary (`--filter =WORKLOAD --json FILE`, or
`--filter WORKLOAD` for builds that do not know `=`), the two binaries in alternating order from
round to round; the table gives, per workload, the median of
the rounds' best-of-samples times, the ratio new / base of the medians, and best/best: the ratio
of the best time each build reached in any round (the steadier figure on a noisy machine). With
`--all`, each round runs both full suites instead, and the output adds each family's geometric mean
of the ratios (family: the name up to its first dash, `grid-1x1` -> grid); `--table FILE` saves the
table the new binary printed in the last round (one full run, for the README). Build the previous
commit into its own folder first (e.g. a `git worktree` built with `swift build -c release
--product Benchmarks`).
Exit status 1 if a run fails (a workload's expected results did not hold).
"""
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile


def exact_filter(binary, workload):
    """`=WORKLOAD` when the binary selects exactly that workload with it (builds from 7bab0f9 on),
    else `WORKLOAD`, which older builds match as part of a name (and so may run more workloads)."""
    listed = subprocess.run([binary, "--list", "--filter", "=" + workload], capture_output=True, text=True)
    return "=" + workload if listed.returncode == 0 and listed.stdout.strip() == workload else workload


def run(binary, workload, samples):
    with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as handle:
        path = handle.name
    try:
        subprocess.run([binary, "--filter", exact_filter(binary, workload), "--json", path, "--samples", str(samples)],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        with open(path) as file:
            rows = json.load(file)
    finally:
        os.unlink(path)
    times = {row["workload"]: row["attrgraph"] for row in rows if row.get("attrgraph") is not None}
    if workload not in times:
        sys.exit(f"{binary}: no row named {workload} (rows: {', '.join(sorted(times))})")
    return times[workload]


def run_all(binary, samples):
    """One full run: every workload's time, and the table the binary printed."""
    with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as handle:
        path = handle.name
    try:
        output = subprocess.run([binary, "--json", path, "--samples", str(samples)],
                                check=True, capture_output=True, text=True).stdout
        with open(path) as file:
            rows = json.load(file)
    finally:
        os.unlink(path)
    return {row["workload"]: row["attrgraph"] for row in rows if row.get("attrgraph") is not None}, output


def main_all(base, new, runs, samples, table_path):
    results = {}
    table = ""
    for round_index in range(runs):
        order = [("base", base), ("new", new)] if round_index % 2 == 0 else [("new", new), ("base", base)]
        for name, binary in order:
            times, output = run_all(binary, samples)
            if name == "new":
                table = output
            for workload, seconds in times.items():
                results.setdefault(workload, {"base": [], "new": []})[name].append(seconds)
        print(f"round {round_index + 1} of {runs} done", file=sys.stderr)
    families = {}
    print(f"{'workload':<28} {'base (median)':>14} {'new (median)':>14} {'new/base':>9}")
    for workload, times in results.items():
        if len(times["base"]) != runs or len(times["new"]) != runs:
            continue  # a row only one of the builds has
        ratio = statistics.median(times["new"]) / statistics.median(times["base"])
        families.setdefault(workload.split("-")[0], []).append(ratio)
        print(f"{workload:<28} {statistics.median(times['base']) * 1e3:>11.3f} ms "
              f"{statistics.median(times['new']) * 1e3:>11.3f} ms {ratio:>9.3f}")
    print(f"\n{'family':<16} {'workloads':>9} {'geometric mean new/base':>24}")
    for family, ratios in families.items():
        mean = math.exp(sum(math.log(ratio) for ratio in ratios) / len(ratios))
        print(f"{family:<16} {len(ratios):>9} {mean:>24.3f}")
    if table_path:
        with open(table_path, "w") as file:
            file.write(table)


def main():
    arguments = sys.argv[1:]
    runs, samples = 3, 10
    table_path = None
    if "--table" in arguments:
        index = arguments.index("--table")
        table_path = arguments[index + 1]
        del arguments[index:index + 2]
    everything = "--all" in arguments
    if everything:
        arguments.remove("--all")
    for flag in ("--runs", "--samples"):
        if flag in arguments:
            index = arguments.index(flag)
            value = int(arguments[index + 1])
            del arguments[index:index + 2]
            runs, samples = (value, samples) if flag == "--runs" else (runs, value)
    if everything and len(arguments) == 2:
        return main_all(arguments[0], arguments[1], runs, samples, table_path)
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
    print(f"{'workload':<28} {'base (median)':>14} {'new (median)':>14} {'new/base':>9} {'best/best':>10}   rounds")
    for workload in workloads:
        base_times, new_times = results[workload]["base"], results[workload]["new"]
        base_median, new_median = statistics.median(base_times), statistics.median(new_times)
        # The best time each build reached in any round: on a shared, noisy machine the
        # steadiest figure (noise only ever adds time).
        best_ratio = min(new_times) / min(base_times)
        rounds = ", ".join(f"{n / b:.3f}" for b, n in zip(base_times, new_times))
        print(f"{workload:<28} {base_median * 1e3:>11.3f} ms {new_median * 1e3:>11.3f} ms {new_median / base_median:>9.3f} "
              f"{best_ratio:>10.3f}   {rounds}")


if __name__ == "__main__":
    main()
