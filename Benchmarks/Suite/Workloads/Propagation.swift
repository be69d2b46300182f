import AttrGraph

/// A rule one more than its input: the unit of every chain below.
struct Increment: Rule {
    @Attribute var input: Int
    var value: Int { input + 1 }
}

/// Propagation micro-workloads: a 1,000-deep chain, a 1,000-wide fan-out, and alien-signals'
/// `propagate` grid (w chains × h rules, each chain ending in an effect).
enum Propagation {
    static func run(_ options: RunOptions) throws -> [Row] {
        var rows: [Row] = []
        if options.includes("chain-1000") { rows.append(try chain(options)) }
        if options.includes("fanout-1000") { rows.append(try fanOut(options)) }
        let sizes = options.quick ? [1, 10] : [1, 10, 100, 1000]
        for width in sizes {
            for height in sizes where options.includes("grid-\(width)x\(height)") {
                rows.append(try grid(width: width, height: height, options))
            }
        }
        return rows
    }

    /// How many propagations make one sample last long enough to time (≈ 1e5 rule runs).
    static func repetitions(rules: Int) -> Int { max(1, 100_000 / max(rules, 1)) }

    // MARK: 1,000-deep chain

    static func chain(_ options: RunOptions) throws -> Row {
        let depth = 1000
        let reactive = Reactive()
        let (head, tail) = reactive.build { () -> (Attribute<Int>, Attribute<Int>) in
            let head = Attribute(value: 0)
            var last = head
            for _ in 0..<depth { last = Attribute(Increment(input: last)) }
            return (head, last)
        }
        _ = tail.value
        var ok = true
        let reps = options.quick ? 3 : repetitions(rules: depth)
        let before = reactive.ruleRuns
        let time = best(samples: options.quick ? 1 : options.samples) {
            for _ in 0..<reps {
                head.value += 1
                ok = ok && tail.value == head.value + depth
            }
        } / Double(reps)
        let runs = (reactive.ruleRuns - before) / ((options.quick ? 1 : options.samples) + 1) / reps
        try expect(ok, "chain-1000", "tail != head + 1000")
        try expect(runs == depth, "chain-1000", "\(runs) rule runs per change, expected \(depth)")

        var values = [Int](repeating: 0, count: depth + 1)
        let floor = best(samples: options.quick ? 1 : options.samples) {
            for _ in 0..<reps {
                values[0] += 1
                for index in 1...depth { values[index] = values[index - 1] &+ 1 }
                blackHole(values[depth])
            }
        } / Double(reps)
        let observation = try observationChain(depth: depth, reps: options.quick ? 1 : max(1, reps / 10), options)
        reactive.cleanup()
        return Row(
            workload: "chain-1000", attrgraph: options.quick ? nil : time, floor: options.quick ? nil : floor,
            observation: options.quick ? nil : observation, nodes: depth, verified: true,
            notes: options.quick ? [] : [("AttrGraph ns per rule", time / Double(depth) * 1e9, "ns")])
    }

    /// The same chain on Swift Observation (each link re-registers `withObservationTracking`).
    static func observationChain(depth: Int, reps: Int, _ options: RunOptions) throws -> Double {
        let graph = ObservationGraph()
        let head = Cellx.Cell(0)
        var last = head
        for _ in 0..<depth {
            let previous = last
            last = graph.derived { previous.value + 1 }
        }
        let tail = last
        var ok = true
        let time = best(samples: options.quick ? 1 : max(options.samples / 2, 1)) {
            for _ in 0..<reps {
                head.value += 1
                graph.flush()
                ok = ok && tail.value == head.value + depth
            }
        } / Double(reps)
        try expect(ok, "chain-1000", "Observation chain: tail != head + 1000")
        return time
    }

    // MARK: 1,000-wide fan-out

    struct Offset: Rule {
        @Attribute var input: Int
        let offset: Int
        var value: Int { input + offset }
    }

    static func fanOut(_ options: RunOptions) throws -> Row {
        let width = 1000
        let reactive = Reactive()
        let (head, branches) = reactive.build { () -> (Attribute<Int>, [Attribute<Int>]) in
            let head = Attribute(value: 0)
            return (head, (0..<width).map { Attribute(Offset(input: head, offset: $0)) })
        }
        for branch in branches { _ = branch.value }
        var ok = true
        let reps = options.quick ? 3 : repetitions(rules: width)
        let time = best(samples: options.quick ? 1 : options.samples) {
            for _ in 0..<reps {
                head.value += 1
                let base = head.value
                for (offset, branch) in branches.enumerated() { ok = ok && branch.value == base + offset }
            }
        } / Double(reps)
        try expect(ok, "fanout-1000", "a branch has a wrong value")
        var values = [Int](repeating: 0, count: width)
        var headValue = 0
        let floor = best(samples: options.quick ? 1 : options.samples) {
            for _ in 0..<reps {
                headValue += 1
                for offset in 0..<width { values[offset] = headValue &+ offset }
                blackHole(values)
            }
        } / Double(reps)
        reactive.cleanup()
        return Row(
            workload: "fanout-1000", attrgraph: options.quick ? nil : time, floor: options.quick ? nil : floor,
            nodes: width, verified: true,
            notes: options.quick ? [] : [("AttrGraph ns per rule", time / Double(width) * 1e9, "ns")])
    }

    // MARK: Grid

    static func grid(width: Int, height: Int, _ options: RunOptions) throws -> Row {
        let workload = "grid-\(width)x\(height)"
        let rules = width * height
        let reactive = Reactive()
        let effectRuns = Counter()
        let (source, tails) = reactive.build { () -> (Attribute<Int>, [Attribute<Int>]) in
            let source = Attribute(value: 1)
            var tails: [Attribute<Int>] = []
            for _ in 0..<width {
                var last = source
                for _ in 0..<height { last = Attribute(Increment(input: last)) }
                tails.append(last)
            }
            return (source, tails)
        }
        // Effects are created after the chains so that their first read evaluates chain by chain.
        for tail in tails { reactive.effect(tail) { _ in effectRuns.count += 1 } }
        effectRuns.count = 0
        let reps = options.quick ? 2 : repetitions(rules: rules)
        let samples = options.quick ? 1 : (rules >= 1_000_000 ? 3 : options.samples)
        let runsBefore = reactive.ruleRuns
        let time = best(samples: samples) {
            for _ in 0..<reps {
                reactive.batch { source.value += 1 }
            }
        } / Double(reps)
        let runs = (reactive.ruleRuns - runsBefore) / ((samples + 1) * reps)
        try expect(effectRuns.count == (samples + 1) * reps * width, workload, "effects ran \(effectRuns.count) times")
        try expect(tails.allSatisfy { $0.value == source.value + height }, workload, "a chain tail != source + h")
        try expect(runs == rules + width, workload, "\(runs) rule runs per change, expected \(rules + width)")

        var values = [Int](repeating: 0, count: rules)
        var sourceValue = 1
        var effects = 0
        let floor = best(samples: samples) {
            for _ in 0..<reps {
                sourceValue += 1
                for chain in 0..<width {
                    var previous = sourceValue
                    for link in 0..<height {
                        previous = previous &+ 1
                        values[chain * height + link] = previous
                    }
                    effects += 1
                }
            }
        } / Double(reps)
        blackHole(values)
        blackHole(effects)
        var observation: Double?
        if !options.quick && rules <= 10_000 {
            observation = try observationGrid(width: width, height: height, reps: max(1, reps / 20), options)
        }
        reactive.cleanup()
        return Row(
            workload: workload, attrgraph: options.quick ? nil : time, floor: options.quick ? nil : floor,
            observation: observation, nodes: runs, verified: true,
            notes: options.quick ? [] : [("AttrGraph ns per rule", time / Double(rules) * 1e9, "ns")])
    }

    static func observationGrid(width: Int, height: Int, reps: Int, _ options: RunOptions) throws -> Double {
        let graph = ObservationGraph()
        let source = Cellx.Cell(1)
        var tails: [Cellx.Cell] = []
        for _ in 0..<width {
            var last = source
            for _ in 0..<height {
                let previous = last
                last = graph.derived { previous.value + 1 }
            }
            tails.append(last)
        }
        let time = best(samples: max(options.samples / 2, 1)) {
            for _ in 0..<reps {
                source.value += 1
                graph.flush()
            }
        } / Double(reps)
        try expect(tails.allSatisfy { $0.value == source.value + height }, "grid-\(width)x\(height)", "Observation grid wrong")
        return time
    }
}
