import AttrGraph
import Foundation

/// What tracing and profiling cost per rule run: a 1,000-rule chain updated after each change of
/// its head, timed untraced, traced (every rule run written to a trace file) and profiled, in
/// one run. The row's time is the traced update, its floor the untraced one; the notes give the
/// cost per rule run of each.
enum Instrumentation {
    static func run(_ options: RunOptions) throws -> [Row] {
        options.includes("trace-chain-1000") ? [try chain(options)] : []
    }

    static func chain(_ options: RunOptions) throws -> Row {
        let reactive = Reactive()
        let (head, tail) = reactive.build { () -> (Attribute<Int>, Attribute<Int>) in
            let head = Attribute(value: 0)
            var last = head
            for _ in 0..<1000 { last = Attribute(Increment(input: last)) }
            return (head, last)
        }
        _ = tail.value
        let reps = options.quick ? 2 : 10
        let samples = options.quick ? 1 : options.samples
        func measure() -> Double {
            best(samples: samples) {
                for _ in 0..<reps {
                    head.value += 1
                    blackHole(tail.value)
                }
            } / Double(reps) / 1000
        }
        let untraced = measure()
        Graph.startTracing(reactive.graph, options: [])
        let traced = measure()
        let path = Graph.tracePath
        Graph.finishTrace()
        if let path { try? FileManager.default.removeItem(atPath: path) }
        Graph.startProfiling(reactive.graph)
        let profiled = measure()
        Graph.stopProfiling(reactive.graph)
        let runs = reactive.graph.profile.rules.first { $0.ruleType == "Increment" }?.runs ?? 0
        try expect(tail.value == head.value + 1000, "trace-chain-1000", "tail \(tail.value)")
        try expect(runs == (samples + 1) * reps * 1000, "trace-chain-1000", "\(runs) profiled rule runs, expected \((samples + 1) * reps * 1000)")
        reactive.cleanup()
        return Row(
            workload: "trace-chain-1000", attrgraph: options.quick ? nil : traced * 1000,
            floor: options.quick ? nil : untraced * 1000, nodes: 1000, verified: true,
            notes: options.quick ? [] : [
                ("untraced, per rule run", untraced * 1e9, "ns"), ("traced, per rule run", traced * 1e9, "ns"),
                ("profiled, per rule run", profiled * 1e9, "ns"),
            ])
    }
}
