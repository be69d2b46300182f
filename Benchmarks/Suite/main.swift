import Foundation

/// AttrGraph's benchmark suite. Run it with a release build:
///
///     swift run -c release Benchmarks                 # everything (a few minutes)
///     swift run -c release Benchmarks --filter cellx  # workloads whose name contains "cellx"
///     swift run -c release Benchmarks --filter =grid-1x1  # only the workload named grid-1x1
///     swift run -c release Benchmarks --json out.json # also write the rows as JSON
///     swift run Benchmarks --quick                    # small sizes, checks results, no timing
///
/// Every workload checks its expected results before its time counts; a failed expectation is
/// printed and the run exits with status 1.
let command: BenchmarkCommand
do {
    command = try BenchmarkCommand.parse(Array(CommandLine.arguments.dropFirst()), workloads: WorkloadNames.all)
} catch {
    FileHandle.standardError.write(Data("Benchmarks: \(error.message)\n\(benchmarkUsage)\n".utf8))
    exit(2)
}
let options: RunOptions
switch command {
case .help:
    print(benchmarkUsage)
    exit(0)
case .memoryProbe(let count):
    Lifecycle.memoryProbe(count: count)
    exit(0)
case .list(let selection):
    print(WorkloadNames.all.filter(selection.includes).joined(separator: "\n"))
    exit(0)
case .run(let selection):
    options = selection
}

let suites: [(String, (RunOptions) throws -> [Row])] = [
    ("propagation", Propagation.run),
    ("attributegraph", AttributeGraphSpecific.run),
    ("instrumentation", Instrumentation.run),
    ("kairo", Kairo.run),
    ("cellx", Cellx.run),
    ("dynamic", Dynamic.run),
    ("lifecycle", Lifecycle.run),
    ("views", Views.run),
    ("views-observation", ViewsObservation.run),
    ("layout", Layout.run),
]

#if DEBUG
if !options.quick {
    FileHandle.standardError.write(Data("Benchmarks: this is a debug build; use `swift run -c release Benchmarks` for meaningful times.\n".utf8))
}
#endif

var rows: [Row] = []
var failures: [String] = []
for (name, suite) in suites {
    FileHandle.standardError.write(Data("running \(name)…\n".utf8))
    do {
        rows += try suite(options)
    } catch {
        failures.append("\(error)")
        FileHandle.standardError.write(Data("EXPECTATION FAILED: \(error)\n".utf8))
    }
}

if rows.isEmpty, failures.isEmpty {
    // Quick runs use smaller sizes, whose names a filter for a full-size name may not select.
    FileHandle.standardError.write(Data("Benchmarks: the filter selected no workload at these sizes; try part of a name (see --list)\n".utf8))
    exit(2)
}
print(options.quick ? "Expected results (quick sizes, not timed):" : "Times are the best of the samples, this machine, same run:")
printTable(rows)
if let path = options.jsonPath {
    do {
        try writeJSON(rows, to: path)
    } catch {
        FileHandle.standardError.write(Data("Benchmarks: cannot write \(path): \(error)\n".utf8))
        exit(1)
    }
}
if !failures.isEmpty {
    print("\n\(failures.count) workload(s) failed their expected results:")
    for failure in failures { print("  - \(failure)") }
    exit(1)
}
