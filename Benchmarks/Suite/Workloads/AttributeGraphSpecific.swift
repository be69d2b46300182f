import AttrGraph

/// Costs specific to an AttributeGraph-style engine: a clean read, a change cut off at the
/// first of 1,000 dependents, and re-validating 1,000 unaffected dependencies (after Salsa's
/// `many_tracked_structs`).
enum AttributeGraphSpecific {
    static func run(_ options: RunOptions) throws -> [Row] {
        var rows: [Row] = []
        if options.includes("ag-clean-read") { rows.append(try cleanRead(options)) }
        if options.includes("ag-cutoff-1000") { rows.append(try cutoff(options)) }
        if options.includes("ag-revalidate-1000") { rows.append(try revalidate(options)) }
        return rows
    }

    /// Reading an up-to-date attribute from outside any rule.
    static func cleanRead(_ options: RunOptions) throws -> Row {
        let reads = options.quick ? 1000 : 10_000_000
        let reactive = Reactive()
        let attribute = reactive.build { Attribute(Increment(input: Attribute(value: 41))) }
        _ = attribute.value
        var sum = 0
        let time = best(samples: options.quick ? 1 : options.samples) {
            for _ in 0..<reads { sum &+= attribute.value }
        } / Double(reads)
        try expect(attribute.value == 42, "ag-clean-read", "value \(attribute.value)")
        blackHole(sum)
        let values = [Int](repeating: 42, count: 16)
        let floor = best(samples: options.quick ? 1 : options.samples) {
            for index in 0..<reads { sum &+= values[index & 15] }
        } / Double(reads)
        blackHole(sum)
        reactive.cleanup()
        return Row(
            workload: "ag-clean-read", attrgraph: options.quick ? nil : time, floor: options.quick ? nil : floor,
            nodes: 0, verified: true)
    }

    /// The first rule's value does not change: the 999 rules after it are cleaned without running.
    struct Threshold: Rule {
        @Attribute var input: Int
        var value: Int { input >= 1_000_000_000 ? 1 : 0 }
    }

    static func cutoff(_ options: RunOptions) throws -> Row {
        let reactive = Reactive()
        let (head, tail) = reactive.build { () -> (Attribute<Int>, Attribute<Int>) in
            let head = Attribute(value: 0)
            var last = Attribute(Threshold(input: head))
            for _ in 0..<999 { last = Attribute(Increment(input: last)) }
            return (head, last)
        }
        _ = tail.value
        let reps = options.quick ? 3 : 1000
        let before = reactive.ruleRuns
        let time = best(samples: options.quick ? 1 : options.samples) {
            for _ in 0..<reps {
                head.value += 1
                blackHole(tail.value)
            }
        } / Double(reps)
        let runs = (reactive.ruleRuns - before) / ((options.quick ? 1 : options.samples) + 1) / reps
        try expect(tail.value == 999, "ag-cutoff-1000", "tail \(tail.value)")
        try expect(runs == 1, "ag-cutoff-1000", "\(runs) rule runs per change, expected 1 (the cut-off)")
        var headValue = 0
        var first = 0
        let floor = best(samples: options.quick ? 1 : options.samples) {
            for _ in 0..<reps {
                headValue += 1
                let next = headValue >= 1_000_000_000 ? 1 : 0
                if next != first { first = next }
                blackHole(first)
            }
        } / Double(reps)
        reactive.cleanup()
        return Row(
            workload: "ag-cutoff-1000", attrgraph: options.quick ? nil : time, floor: options.quick ? nil : floor,
            nodes: runs, verified: true)
    }

    /// The root reads 1,000 rules; one of them reads an input that changes but cuts off.
    struct Sum: Rule {
        let inputs: [Attribute<Int>]
        var value: Int { inputs.reduce(0) { $0 + $1.value } }
    }

    static func revalidate(_ options: RunOptions) throws -> Row {
        let reactive = Reactive()
        let (unrelated, root) = reactive.build { () -> (Attribute<Int>, Attribute<Int>) in
            let shared = Attribute(value: 1)
            let unrelated = Attribute(value: 0)
            var dependencies = [Attribute(Threshold(input: unrelated))]
            for _ in 0..<999 { dependencies.append(Attribute(Increment(input: shared))) }
            return (unrelated, Attribute(Sum(inputs: dependencies)))
        }
        _ = root.value
        let reps = options.quick ? 3 : 1000
        let before = reactive.ruleRuns
        let time = best(samples: options.quick ? 1 : options.samples) {
            for _ in 0..<reps {
                unrelated.value += 1
                blackHole(root.value)
            }
        } / Double(reps)
        let runs = (reactive.ruleRuns - before) / ((options.quick ? 1 : options.samples) + 1) / reps
        try expect(root.value == 999 * 2, "ag-revalidate-1000", "root \(root.value)")
        try expect(runs == 1, "ag-revalidate-1000", "\(runs) rule runs per change, expected 1 (only the cut-off rule)")
        var flags = [Bool](repeating: false, count: 1000)
        let floor = best(samples: options.quick ? 1 : options.samples) {
            for _ in 0..<reps {
                var anyChanged = false
                for index in flags.indices { anyChanged = anyChanged || flags[index] }
                blackHole(anyChanged)
            }
        } / Double(reps)
        flags[0] = true
        reactive.cleanup()
        return Row(
            workload: "ag-revalidate-1000", attrgraph: options.quick ? nil : time, floor: options.quick ? nil : floor,
            nodes: runs, verified: true)
    }
}
