import AttrGraph
import Observation

/// The cellx benchmark (after Riim/cellx perf.html, as in js-reactivity-benchmark): 4 inputs
/// and `layers` layers of 4 rules (`p1 = m.p2, p2 = m.p1 - m.p3, p3 = m.p2 + m.p4, p4 = m.p3`),
/// each rule with an effect. Timed region: read the 4 end values, batch-write `[4, 3, 2, 1]`,
/// read them again; reported as the sum over 10 freshly built graphs.
enum Cellx {
    static let expected: [Int: (before: [Int], after: [Int])] = [
        1000: ([-3, -6, -2, 2], [-2, -4, 2, 3]),
        2500: ([-3, -6, -2, 2], [-2, -4, 2, 3]),
        5000: ([2, 4, -1, -6], [-2, 1, -4, -4]),
    ]

    static func run(_ options: RunOptions) throws -> [Row] {
        var rows: [Row] = []
        for layers in [1000, 2500, 5000] where options.includes("cellx-\(layers)") {
            let workload = "cellx-\(layers)"
            let graphs = options.quick ? 1 : 10
            var attrgraph = 0.0
            var observation = 0.0
            var floor = 0.0
            var runs = 0
            for _ in 0..<graphs {
                let result = try attrGraphRun(layers: layers)
                attrgraph += result.time
                runs += result.runs
                floor += try floorRun(layers: layers)
                if !options.quick {
                    observation += try observationRun(layers: layers)
                }
            }
            rows.append(
                Row(
                    workload: workload, attrgraph: options.quick ? nil : attrgraph, floor: options.quick ? nil : floor,
                    observation: options.quick ? nil : observation, nodes: runs, verified: true))
        }
        return rows
    }

    static func check(_ layers: Int, before: [Int], after: [Int], _ implementation: String) throws {
        let expected = self.expected[layers]!
        try expect(before == expected.before, "cellx-\(layers)", "\(implementation): end values before \(before), expected \(expected.before)")
        try expect(after == expected.after, "cellx-\(layers)", "\(implementation): end values after \(after), expected \(expected.after)")
    }

    // MARK: AttrGraph

    struct P1: Rule { @Attribute var p2: Int; var value: Int { p2 } }
    struct P2: Rule { @Attribute var p1: Int; @Attribute var p3: Int; var value: Int { p1 - p3 } }
    struct P3: Rule { @Attribute var p2: Int; @Attribute var p4: Int; var value: Int { p2 + p4 } }
    struct P4: Rule { @Attribute var p3: Int; var value: Int { p3 } }

    static func attrGraphRun(layers: Int) throws -> (time: Double, runs: Int) {
        let reactive = Reactive()
        let (start, end) = reactive.build { () -> ([Attribute<Int>], [Attribute<Int>]) in
            let start = [1, 2, 3, 4].map { reactive.signal($0) }
            var layer = start
            for _ in 0..<layers {
                let m = layer
                let next = [
                    Attribute(P1(p2: m[1])), Attribute(P2(p1: m[0], p3: m[2])),
                    Attribute(P3(p2: m[1], p4: m[3])), Attribute(P4(p3: m[2])),
                ]
                for attribute in next { reactive.effect(attribute) { _ in } }
                layer = next
            }
            return (start, layer)
        }
        let runsBefore = reactive.ruleRuns
        let startTime = now()
        let before = end.map(\.value)
        reactive.batch {
            for (attribute, value) in zip(start, [4, 3, 2, 1]) { attribute.value = value }
        }
        let after = end.map(\.value)
        let time = now() - startTime
        let runs = reactive.ruleRuns - runsBefore
        reactive.cleanup()
        try check(layers, before: before, after: after, "AttrGraph")
        return (time, runs)
    }

    // MARK: Floor

    static func floorRun(layers: Int) throws -> Double {
        var values = [Int](repeating: 0, count: 4 * (layers + 1))
        let startTime = now()
        func compute() {
            for layer in 1...layers {
                let m = (layer - 1) * 4
                let s = layer * 4
                values[s] = values[m + 1]
                values[s + 1] = values[m] - values[m + 2]
                values[s + 2] = values[m + 1] + values[m + 3]
                values[s + 3] = values[m + 2]
            }
        }
        values.replaceSubrange(0..<4, with: [1, 2, 3, 4])
        compute()
        let before = Array(values[(layers * 4)...])
        values.replaceSubrange(0..<4, with: [4, 3, 2, 1])
        compute()
        let after = Array(values[(layers * 4)...])
        let time = now() - startTime
        try check(layers, before: before, after: after, "floor")
        return time
    }

    // MARK: Swift Observation

    /// One observable cell; `compute` derives it from its inputs.
    @Observable final class Cell {
        var value: Int
        init(_ value: Int) { self.value = value }
    }

    static func observationRun(layers: Int) throws -> Double {
        let graph = ObservationGraph()
        let start = [1, 2, 3, 4].map { Cell($0) }
        var layer = start
        for _ in 0..<layers {
            let m = layer
            let next = [
                graph.derived { m[1].value }, graph.derived { m[0].value - m[2].value },
                graph.derived { m[1].value + m[3].value }, graph.derived { m[2].value },
            ]
            layer = next
        }
        let end = layer
        let startTime = now()
        let before = end.map(\.value)
        for (cell, value) in zip(start, [4, 3, 2, 1]) { cell.value = value }
        graph.flush()
        let after = end.map(\.value)
        let time = now() - startTime
        try check(layers, before: before, after: after, "Observation")
        return time
    }
}

/// Derived values on Swift Observation: each derived cell re-registers
/// `withObservationTracking` for its inputs; a change queues it, and ``flush()`` recomputes
/// queued cells in order (effects are the cells' own writes).
final class ObservationGraph {
    /// The pending queue, written from Observation's `onChange` (called synchronously on this thread).
    final class Queue: @unchecked Sendable {
        // @unchecked: the benchmark is single-threaded; onChange runs synchronously during writes.
        var pending: [Int] = []
    }

    private var cells: [Cellx.Cell] = []
    private var computes: [() -> Int] = []
    private let queue = Queue()

    /// A cell whose value is `compute()`, kept up to date by ``flush()``.
    func derived(_ compute: @escaping () -> Int) -> Cellx.Cell {
        let index = cells.count
        let cell = Cellx.Cell(0)
        cells.append(cell)
        computes.append(compute)
        track(index)
        return cell
    }

    private func track(_ index: Int) {
        let queue = self.queue
        cells[index].value = withObservationTracking {
            computes[index]()
        } onChange: {
            queue.pending.append(index)
        }
    }

    /// Recomputes every queued cell (breadth-first, so inputs settle before readers).
    func flush() {
        var head = 0
        while head < queue.pending.count {
            let index = queue.pending[head]
            head += 1
            track(index)
        }
        queue.pending.removeAll(keepingCapacity: true)
    }
}
