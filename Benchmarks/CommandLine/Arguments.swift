import AttrGraph

/// The `Benchmarks` command line: what it asks for, read without running anything, so that every
/// argument is checked before the first workload starts. A library of its own, so that its tests
/// (a seeded fuzzer among them) can drive it.
public enum BenchmarkCommand: Equatable, Sendable {
    /// Run the workloads the options select.
    case run(RunOptions)
    /// Print the names of the workloads the options select (all without `--filter`).
    case list(RunOptions)
    case help
    /// The child side of the memory figure: create this many attributes and print the growth.
    case memoryProbe(count: Int)

    /// The most timed samples a run asks for per workload (the slowest workloads take at most 5).
    public static let maxSamples = 1_000_000
    /// The most attributes `--memory-probe` creates (about 90 bytes each).
    public static let maxProbeCount = 10_000_000

    /// Reads `arguments` (without the program name). `-h`/`--help` and `--memory-probe` end the
    /// reading where they stand, as they end the program; any other argument must be valid.
    /// `workloads` are the names `--filter` chooses from (a filter must select one of them).
    public static func parse(_ arguments: [String], workloads: [String]) throws(ArgumentError) -> BenchmarkCommand {
        var options = RunOptions()
        var listOnly = false
        var remaining = arguments[...]
        func value(for option: String) throws(ArgumentError) -> String {
            guard let value = remaining.popFirst() else { throw ArgumentError("\(option) needs a value") }
            return value
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--quick":
                options.quick = true
            case "--filter":
                options.filter = try value(for: argument)
            case "--json":
                options.jsonPath = try nonEmptyPath(value(for: argument), option: argument)
            case "--samples":
                let text = try value(for: argument)
                guard let samples = Int(text), (1...maxSamples).contains(samples) else {
                    throw ArgumentError("--samples needs a whole number from 1 to \(maxSamples), not \(EnvironmentSetting.escaped(text))")
                }
                options.samples = samples
            case "--memory-probe":
                let text = try value(for: argument)
                guard let count = Int(text), (1...maxProbeCount).contains(count) else {
                    throw ArgumentError("--memory-probe needs a whole number from 1 to \(maxProbeCount), not \(EnvironmentSetting.escaped(text))")
                }
                return .memoryProbe(count: count)
            case "--layout-svg":
                options.layoutSVGPath = try nonEmptyPath(value(for: argument), option: argument)
            case "--list":
                listOnly = true
            case "-h", "--help":
                return .help
            default:
                throw ArgumentError("unknown argument \(EnvironmentSetting.escaped(argument))")
            }
        }
        if let filter = options.filter {
            try check(filter: filter, options, workloads: workloads)
        }
        return listOnly ? .list(options) : .run(options)
    }

    /// A filter must select something: a run that measures nothing would look like a success.
    private static func check(filter: String, _ options: RunOptions, workloads: [String]) throws(ArgumentError) {
        if filter.isEmpty || filter == "=" {
            throw ArgumentError("--filter needs a workload name, or part of one (see --list)")
        }
        guard !workloads.contains(where: options.includes) else { return }
        if filter.hasPrefix("=") {
            throw ArgumentError(
                "no workload is named \(EnvironmentSetting.escaped(String(filter.dropFirst()))) (see --list; "
                    + "without the leading '=' the filter matches part of a name)")
        }
        throw ArgumentError("no workload name contains \(EnvironmentSetting.escaped(filter)) (see --list)")
    }

    private static func nonEmptyPath(_ path: String, option: String) throws(ArgumentError) -> String {
        guard !path.isEmpty else { throw ArgumentError("\(option) needs a file path") }
        return path
    }
}

/// A command line `Benchmarks` refuses, with the reason (one line, for `Benchmarks: <message>`).
public struct ArgumentError: Error, Equatable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// The usage text (`--help`, and after an argument error).
public let benchmarkUsage = """
    usage: Benchmarks [--quick] [--filter TEXT] [--json FILE] [--samples N] [--layout-svg FILE] [--list]

      --quick        small sizes; verify expected results only (no timings), for CI
      --filter TEXT  run only workloads whose name contains TEXT (e.g. kairo, grid-100x100);
                     =NAME runs only the workload named NAME (e.g. =grid-1x1)
      --json FILE    also write the rows as JSON: [{"workload", "attrgraph", "floor",
                     "observation", "nodes", "verified"}], times in seconds (best sample)
      --samples N    timed samples per workload, 1 to 1000000 (default 10; the best is reported)
      --layout-svg FILE  where the layout workloads write their chart
                     (default layout-benchmark.svg in the current folder)
      --list         print the workload names (those --filter selects) and exit

    Build with -c release for meaningful times. Exit status: 0 all expectations held,
    1 an expected result did not hold, 2 bad arguments.
    """

/// How a run is configured from the command line (``BenchmarkCommand/parse(_:)``).
public struct RunOptions: Equatable, Sendable {
    public var quick = false
    /// Part of a workload name, or `=` and a whole name.
    public var filter: String?
    public var jsonPath: String?
    public var samples = 10
    /// Where the layout workloads write their chart.
    public var layoutSVGPath = "layout-benchmark.svg"

    public init() {}

    /// Whether the filter selects `workload`: its name contains the filter, or, for `=NAME`, is NAME.
    public func includes(_ workload: String) -> Bool {
        guard let filter else { return true }
        if filter.first == "=" { return workload == filter.dropFirst() }
        return workload.contains(filter)
    }
}
