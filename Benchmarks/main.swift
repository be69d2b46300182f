import Foundation

/// AttrGraph's benchmark suite. Run it with a release build:
///
///     swift run -c release Benchmarks                 # everything (a few minutes)
///     swift run -c release Benchmarks --filter cellx  # workloads whose name contains "cellx"
///     swift run -c release Benchmarks --json out.json # also write the rows as JSON
///     swift run Benchmarks --quick                    # small sizes, checks results, no timing
///
/// Every workload checks its expected results before its time counts; a failed expectation is
/// printed and the run exits with status 1.
let usage = """
    usage: Benchmarks [--quick] [--filter TEXT] [--json FILE] [--samples N] [--layout-svg FILE] [--list]

      --quick        small sizes; verify expected results only (no timings), for CI
      --filter TEXT  run only workloads whose name contains TEXT (e.g. kairo, grid-100x100)
      --json FILE    also write the rows as JSON: [{"workload", "attrgraph", "floor",
                     "observation", "nodes", "verified"}], times in seconds (best sample)
      --samples N    timed samples per workload (default 10; the best is reported)
      --layout-svg FILE  where the layout workloads write their chart
                     (default layout-benchmark.svg in the current folder)
      --list         print the workload names and exit

    Build with -c release for meaningful times. Exit status: 0 all expectations held,
    1 an expected result did not hold, 2 bad arguments.
    """

var options = RunOptions()
var arguments = Array(CommandLine.arguments.dropFirst())
var listOnly = false
while !arguments.isEmpty {
    let argument = arguments.removeFirst()
    switch argument {
    case "--quick":
        options.quick = true
    case "--filter" where !arguments.isEmpty:
        options.filter = arguments.removeFirst()
    case "--json" where !arguments.isEmpty:
        options.jsonPath = arguments.removeFirst()
    case "--samples" where !arguments.isEmpty:
        guard let samples = Int(arguments.removeFirst()), samples > 0 else {
            FileHandle.standardError.write(Data("Benchmarks: --samples needs a positive number\n".utf8))
            exit(2)
        }
        options.samples = samples
    case "--memory-probe" where !arguments.isEmpty:
        Lifecycle.memoryProbe(count: Int(arguments.removeFirst()) ?? Lifecycle.count)
        exit(0)
    case "--layout-svg" where !arguments.isEmpty:
        options.layoutSVGPath = arguments.removeFirst()
    case "--list":
        listOnly = true
    case "-h", "--help":
        print(usage)
        exit(0)
    default:
        FileHandle.standardError.write(Data("Benchmarks: unknown or incomplete argument '\(argument)'\n\(usage)\n".utf8))
        exit(2)
    }
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

if listOnly {
    var names = ["chain-1000", "fanout-1000"]
    for width in [1, 10, 100, 1000] { for height in [1, 10, 100, 1000] { names.append("grid-\(width)x\(height)") } }
    names += ["ag-clean-read", "ag-cutoff-1000", "ag-revalidate-1000", "trace-chain-1000"]
    names += Kairo.cases.map { "kairo-\($0.name)" }
    names += ["cellx-1000", "cellx-2500", "cellx-5000"]
    names += Dynamic.configs.map(\.name)
    names.append("create-100000")
    names += ["views-mount-10000", "views-state-change-10000", "views-observation-change-10000"]
    for shape in ["flat", "nested"] { for count in Layout.counts { names.append("layout-\(shape)-\(count)") } }
    names.append("layout-leaf-change-10000")
    print(names.joined(separator: "\n"))
    exit(0)
}

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
