import AttrGraph
import Foundation
import Observation

/// Creating and disposing of attributes, and what an attribute costs in memory.
enum Lifecycle {
    static let count = 100_000
    /// Built as 1,000 chains of 100 so that first evaluations stay shallow.
    static let chainLength = 100

    static func run(_ options: RunOptions) throws -> [Row] {
        let count = options.quick ? 10_000 : Self.count
        let workload = "create-\(count)"
        guard options.includes(workload) || options.includes("create-100000") else { return [] }
        var total = 0
        let time = try best(samples: options.quick ? 1 : min(options.samples, 5)) {
            total = try createEvaluateDispose(count: count)
        }
        try expect(total == (count / chainLength) * chainLength, workload, "sum of chain tails \(total)")
        let floor = best(samples: options.quick ? 1 : min(options.samples, 5)) {
            var values = [Int](repeating: 0, count: count)
            for index in values.indices { values[index] = index % chainLength == 0 ? 1 : values[index - 1] + 1 }
            blackHole(values)
        }
        let observation = options.quick ? nil : best(samples: 3) { observationCreate(count: count) }
        var row = Row(
            workload: workload, attrgraph: options.quick ? nil : time, floor: options.quick ? nil : floor,
            observation: observation, nodes: count, verified: true)
        if let bytes = measureBytesPerAttribute(count: count) {
            row.notes.append(("bytes per Int rule attribute (resident memory growth / attributes)", bytes, "bytes"))
            row.extra["bytes_per_attribute"] = bytes
        }
        return [row]
    }

    /// Creates `count` `Int` rules (chains of 100 from one input each), evaluates them, then
    /// invalidates their subgraph. Returns the sum of the chain tails.
    static func createEvaluateDispose(count: Int) throws -> Int {
        let graph = Graph()
        let subgraph = Subgraph(graph: graph)
        let total = subgraph.apply { () -> Int in
            var total = 0
            for _ in 0..<(count / chainLength) {
                var last = Attribute(value: 0)
                for _ in 0..<(chainLength - 1) { last = Attribute(Increment(input: last)) }
                total += last.value + 1
            }
            return total
        }
        subgraph.invalidate()
        return total
    }

    static func observationCreate(count: Int) {
        let graph = ObservationGraph()
        for _ in 0..<(count / chainLength) {
            var last = Cellx.Cell(0)
            for _ in 0..<(chainLength - 1) {
                let previous = last
                last = graph.derived { previous.value + 1 }
            }
            blackHole(last.value)
        }
    }

    // MARK: Memory, in a fresh process

    /// Runs this executable again with `--memory-probe N` and parses the bytes it reports.
    static func measureBytesPerAttribute(count: Int) -> Double? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        if !FileManager.default.isExecutableFile(atPath: process.executableURL!.path) {
            process.executableURL = Bundle.main.executableURL
        }
        process.arguments = ["--memory-probe", String(count)]
        let pipe = Pipe()
        process.standardOutput = pipe
        do {
            try process.run()
        } catch {
            return nil
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Double(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// The child side: create `count` evaluated `Int` rules and print the resident-memory growth
    /// per rule. Nothing is freed while they are created, so the growth is the peak's growth.
    static func memoryProbe(count: Int) {
        // Warm up: the first attributes of a type cost one-time runtime work (metadata,
        // conformance caches) that grows with the libraries linked in, not with the graph.
        do {
            let warmupGraph = Graph()
            let warmup = Subgraph(graph: warmupGraph)
            warmup.apply {
                var last = Attribute(value: 0)
                for _ in 0..<chainLength { last = Attribute(Increment(input: last)) }
                _ = last.value
            }
            warmup.invalidate()
        }
        let graph = Graph()
        let subgraph = Subgraph(graph: graph)
        let before = residentBytes()
        var tails: [Attribute<Int>] = []
        subgraph.apply {
            for _ in 0..<(count / chainLength) {
                var last = Attribute(value: 0)
                for _ in 0..<(chainLength - 1) { last = Attribute(Increment(input: last)) }
                _ = last.value
                tails.append(last)
            }
        }
        let after = residentBytes()
        blackHole(tails)
        print(Double(after - before) / Double(count))
        withExtendedLifetime(subgraph) {}
    }

    /// Resident memory of this process in bytes: `/proc/self/statm` on Linux (the peak from
    /// `getrusage` would include the parent's, inherited across `exec`), the peak elsewhere.
    static func residentBytes() -> Int {
        #if os(Linux)
        if let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) {
            let fields = statm.split(separator: " ")
            if fields.count > 1, let pages = Int(fields[1]) {
                return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
            }
        }
        #endif
        return peakResidentBytes()
    }

    /// Peak resident set size of this process in bytes.
    static func peakResidentBytes() -> Int {
        var usage = rusage()
        #if canImport(Darwin)
        getrusage(RUSAGE_SELF, &usage)
        #else
        getrusage(RUSAGE_SELF.rawValue, &usage)
        #endif
        #if canImport(Darwin)
        return Int(usage.ru_maxrss)
        #else
        return Int(usage.ru_maxrss) * 1024
        #endif
    }
}
