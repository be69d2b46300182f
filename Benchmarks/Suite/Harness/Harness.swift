import Foundation
// The options every workload reads (`RunOptions`), for every file of the suite.
@_exported import BenchmarkCommandLine

/// One result row: the workload's time on AttrGraph beside its baselines, measured in this run.
struct Row {
    /// Lower-case with dashes: `kairo-deep`, `cellx-1000`, `grid-100x100`.
    var workload: String
    /// Seconds for the timed region (best of the samples); `nil` in `--quick` runs (not timed).
    var attrgraph: Double?
    /// The hand-written direct computation of the same work, same run.
    var floor: Double?
    /// The same graph built on Swift Observation, same run, where that is meaningful.
    var observation: Double?
    /// Rule evaluations in the timed region.
    var nodes: Int?
    /// Whether the workload's expected results were checked and held.
    var verified: Bool
    /// Extra figures printed after the table (name, value, unit).
    var notes: [(String, Double, String)] = []
    /// Additional JSON keys (e.g. `bytes_per_attribute`).
    var extra: [String: Double] = [:]
}

/// A failed expected result: the benchmark exits non-zero after printing it.
struct ExpectationFailure: Error, CustomStringConvertible {
    var workload: String
    var message: String
    var description: String { "\(workload): \(message)" }
}

/// Monotonic time in seconds.
@inline(__always)
func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
}

/// Runs `body` `samples` times (after `warmup` untimed runs) and returns the fastest time.
func best(samples: Int, warmup: Int = 1, _ body: () throws -> Void) rethrows -> Double {
    for _ in 0..<warmup { try body() }
    var fastest = Double.infinity
    for _ in 0..<max(samples, 1) {
        let start = now()
        try body()
        fastest = min(fastest, now() - start)
    }
    return fastest
}

/// Keeps a value alive and opaque to the optimiser.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// Checks an expected result; throws with a readable message.
func expect(_ condition: @autoclosure () -> Bool, _ workload: String, _ message: @autoclosure () -> String) throws {
    if !condition() {
        throw ExpectationFailure(workload: workload, message: message())
    }
}

// MARK: - Output

func formatSeconds(_ seconds: Double?) -> String {
    guard let seconds else { return "–" }
    if seconds < 1e-6 { return String(format: "%.1f ns", seconds * 1e9) }
    if seconds < 1e-3 { return String(format: "%.2f µs", seconds * 1e6) }
    if seconds < 1 { return String(format: "%.3f ms", seconds * 1e3) }
    return String(format: "%.3f s", seconds)
}

func formatRatio(_ numerator: Double?, _ denominator: Double?) -> String {
    guard let numerator, let denominator, denominator > 0 else { return "–" }
    let ratio = numerator / denominator
    if ratio >= 100 { return String(format: "%.0f×", ratio) }
    if ratio >= 0.1 { return String(format: "%.1f×", ratio) }
    return String(format: "%.2g×", ratio)
}

func printTable(_ rows: [Row]) {
    let header = ["workload", "AttrGraph", "floor", "Observation", "AG/floor", "Obs/AG", "rule runs", "verified"]
    var lines = [header]
    for row in rows {
        lines.append([
            row.workload, formatSeconds(row.attrgraph), formatSeconds(row.floor), formatSeconds(row.observation),
            formatRatio(row.attrgraph, row.floor), formatRatio(row.observation, row.attrgraph),
            row.nodes.map(String.init) ?? "–", row.verified ? "yes" : "NO",
        ])
    }
    let widths = header.indices.map { column in lines.map { $0[column].count }.max() ?? 0 }
    for (index, line) in lines.enumerated() {
        let cells = line.enumerated().map { column, cell in
            column == 0 ? cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
                : String(repeating: " ", count: widths[column] - cell.count) + cell
        }
        print("| " + cells.joined(separator: " | ") + " |")
        if index == 0 {
            print("|" + widths.enumerated().map { column, width in
                column == 0 ? String(repeating: "-", count: width + 2) : String(repeating: "-", count: width + 1) + ":"
            }.joined(separator: "|") + "|")
        }
    }
    let notes = rows.flatMap { row in row.notes.map { (row.workload, $0) } }
    if !notes.isEmpty {
        print("")
        for (workload, note) in notes {
            print("  \(workload): \(note.0) = \(String(format: "%.2f", note.1)) \(note.2)")
        }
    }
}

func writeJSON(_ rows: [Row], to path: String) throws {
    var entries: [[String: Any]] = []
    for row in rows {
        var entry: [String: Any] = ["workload": row.workload, "verified": row.verified]
        entry["attrgraph"] = row.attrgraph ?? NSNull()
        entry["floor"] = row.floor ?? NSNull()
        entry["observation"] = row.observation ?? NSNull()
        entry["nodes"] = row.nodes ?? NSNull()
        for (key, value) in row.extra { entry[key] = value }
        entries.append(entry)
    }
    let data = try JSONSerialization.data(withJSONObject: entries, options: [.prettyPrinted, .sortedKeys])
    try data.write(to: URL(fileURLWithPath: path), options: .atomic)
}

/// The names of every workload, at their full sizes (what `--list` prints and `--filter` matches).
enum WorkloadNames {
    static let all: [String] = {
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
        return names
    }()
}
