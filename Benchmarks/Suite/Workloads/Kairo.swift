import AttrGraph

/// The kairo cases of js-reactivity-benchmark (`benches/kairo/*.ts`): the same graph shapes,
/// iteration counts and effect-run-count assertions. Timing: build once, 3 warm-up `iter()`s,
/// then the fastest of the samples of 500 × `iter()`.
enum Kairo {
    struct Case: Sendable {
        var name: String
        /// Builds the AttrGraph version and returns its `iter()`.
        var build: @Sendable (Reactive) -> () throws -> Void
        /// The same work written directly, with no graph.
        var floor: @Sendable () -> () throws -> Void
    }

    static let iterationsPerSample = 500

    static func run(_ options: RunOptions) throws -> [Row] {
        var rows: [Row] = []
        for kairoCase in cases where options.includes("kairo-\(kairoCase.name)") {
            let workload = "kairo-\(kairoCase.name)"
            let reactive = Reactive()
            let iter = reactive.build { kairoCase.build(reactive) }
            let floorIter = kairoCase.floor()
            for _ in 0..<3 {
                try iter()
                try floorIter()
            }
            if options.quick {
                try iter()
                rows.append(Row(workload: workload, verified: true))
                reactive.cleanup()
                continue
            }
            let before = reactive.ruleRuns
            let time = try best(samples: options.samples, warmup: 0) {
                for _ in 0..<iterationsPerSample { try iter() }
            }
            let runs = (reactive.ruleRuns - before) / max(options.samples, 1)
            let floor = try best(samples: options.samples, warmup: 0) {
                for _ in 0..<iterationsPerSample { try floorIter() }
            }
            reactive.cleanup()
            rows.append(Row(workload: workload, attrgraph: time, floor: floor, nodes: runs, verified: true))
        }
        return rows
    }

    static let cases: [Case] = [
        Case(name: "avoidable", build: avoidablePropagation, floor: avoidableFloor),
        Case(name: "broad", build: broadPropagation, floor: broadFloor),
        Case(name: "deep", build: deepPropagation, floor: deepFloor),
        Case(name: "diamond", build: diamond, floor: diamondFloor),
        Case(name: "mux", build: mux, floor: muxFloor),
        Case(name: "repeated", build: repeatedObservers, floor: repeatedFloor),
        Case(name: "triangle", build: triangle, floor: triangleFloor),
        Case(name: "unstable", build: unstable, floor: unstableFloor),
    ]

    // MARK: avoidablePropagation

    static func avoidablePropagation(_ r: Reactive) -> () throws -> Void {
        let head = r.signal(0)
        let c1 = r.computed { head.value }
        let c2 = r.computed { () -> Int in _ = c1.value; return 0 }
        let c3 = r.computed { () -> Int in busy(); return c2.value + 1 }
        let c4 = r.computed { c3.value + 2 }
        let c5 = r.computed { c4.value + 3 }
        let effectRuns = Counter()
        r.effect(c5) { _ in busy(); effectRuns.count += 1 }
        return {
            r.batch { head.value = 1 }
            try expect(c5.value == 6, "kairo-avoidable", "c5 is \(c5.value), expected 6")
            effectRuns.count = 0
            var ok = true
            for i in 0..<1000 {
                r.batch { head.value = i }
                ok = ok && c5.value == 6
            }
            try expect(ok, "kairo-avoidable", "c5 changed")
            try expect(effectRuns.count == 0, "kairo-avoidable", "the effect re-ran \(effectRuns.count) times behind a cut-off")
        }
    }

    static func avoidableFloor() -> () throws -> Void {
        var head = 0
        var c1 = 0
        return {
            head = 1
            c1 = head
            for i in 0..<1000 {
                head = i
                c1 = head  // c2 = 0 whatever c1 is: c3…c5 and the effect are cut off
            }
            blackHole(c1)
        }
    }

    // MARK: broadPropagation

    static func broadPropagation(_ r: Reactive) -> () throws -> Void {
        let head = r.signal(0)
        var last = head
        let effectRuns = Counter()
        for i in 0..<50 {
            let current = r.computed { head.value + i }
            let current2 = r.computed { current.value + 1 }
            r.effect(current2) { _ in effectRuns.count += 1 }
            last = current2
        }
        return {
            r.batch { head.value = 1 }
            effectRuns.count = 0
            var ok = true
            for i in 0..<50 {
                r.batch { head.value = i }
                ok = ok && last.value == i + 50
            }
            try expect(ok, "kairo-broad", "last != i + 50")
            try expect(effectRuns.count == 50 * 50, "kairo-broad", "effects ran \(effectRuns.count) times, expected 2500")
        }
    }

    static func broadFloor() -> () throws -> Void {
        var a = [Int](repeating: 0, count: 50)
        var b = [Int](repeating: 0, count: 50)
        var effects = 0
        return {
            for i in -1..<50 {
                let headValue = i < 0 ? 1 : i
                for branch in 0..<50 {
                    a[branch] = headValue + branch
                    b[branch] = a[branch] + 1
                    effects += 1
                }
            }
            blackHole(b)
            blackHole(effects)
        }
    }

    // MARK: deepPropagation

    static func deepPropagation(_ r: Reactive) -> () throws -> Void {
        let length = 50
        let head = r.signal(0)
        var current = head
        for _ in 0..<length {
            let previous = current
            current = r.computed { previous.value + 1 }
        }
        let tail = current
        let effectRuns = Counter()
        r.effect(tail) { _ in effectRuns.count += 1 }
        return {
            r.batch { head.value = 1 }
            effectRuns.count = 0
            var ok = true
            for i in 0..<50 {
                r.batch { head.value = i }
                ok = ok && tail.value == length + i
            }
            try expect(ok, "kairo-deep", "tail != 50 + i")
            try expect(effectRuns.count == 50, "kairo-deep", "the effect ran \(effectRuns.count) times, expected 50")
        }
    }

    static func deepFloor() -> () throws -> Void {
        var chain = [Int](repeating: 0, count: 51)
        var effects = 0
        return {
            for i in -1..<50 {
                chain[0] = i < 0 ? 1 : i
                for index in 1...50 { chain[index] = chain[index - 1] + 1 }
                effects += 1
            }
            blackHole(chain)
            blackHole(effects)
        }
    }

    // MARK: diamond

    static func diamond(_ r: Reactive) -> () throws -> Void {
        let width = 5
        let head = r.signal(0)
        let branches = (0..<width).map { _ in r.computed { head.value + 1 } }
        let sum = r.computed { branches.reduce(0) { $0 + $1.value } }
        let effectRuns = Counter()
        r.effect(sum) { _ in effectRuns.count += 1 }
        return {
            r.batch { head.value = 1 }
            try expect(sum.value == 2 * width, "kairo-diamond", "sum is \(sum.value)")
            effectRuns.count = 0
            var ok = true
            for i in 0..<500 {
                r.batch { head.value = i }
                ok = ok && sum.value == (i + 1) * width
            }
            try expect(ok, "kairo-diamond", "sum != (i + 1) * 5")
            try expect(effectRuns.count == 500, "kairo-diamond", "the effect ran \(effectRuns.count) times, expected 500")
        }
    }

    static func diamondFloor() -> () throws -> Void {
        var branches = [Int](repeating: 0, count: 5)
        var effects = 0
        return {
            for i in -1..<500 {
                let headValue = i < 0 ? 1 : i
                for index in 0..<5 { branches[index] = headValue + 1 }
                blackHole(branches.reduce(0, +))
                effects += 1
            }
            blackHole(effects)
        }
    }

    // MARK: mux

    static func mux(_ r: Reactive) -> () throws -> Void {
        let heads = (0..<100).map { _ in r.signal(0) }
        // A fresh dictionary every run (the original builds a new object): never equal.
        // `map { $0.value }` as the js original's `heads.map((h) => h.read())`: a key path here
        // (`map(\.value)`) spent a fifth of the time in key-path projection, not in the engine.
        let muxed = r.computed { MuxValue(values: heads.map { $0.value }) }
        let split = (0..<100).map { index in r.computed { muxed.value.values[index] } }
            .map { element in r.computed { element.value + 1 } }
        for element in split { r.effect(element) { _ in } }
        return {
            var ok = true
            for i in 0..<10 {
                r.batch { heads[i].value = i }
                ok = ok && split[i].value == i + 1
            }
            for i in 0..<10 {
                r.batch { heads[i].value = i * 2 }
                ok = ok && split[i].value == i * 2 + 1
            }
            try expect(ok, "kairo-mux", "split[i] != written value + 1")
        }
    }

    /// The mux computed's value: a new object each time, compared by identity (never equal).
    final class MuxValue {
        let values: [Int]
        init(values: [Int]) { self.values = values }
    }

    static func muxFloor() -> () throws -> Void {
        var heads = [Int](repeating: 0, count: 100)
        var split = [Int](repeating: 0, count: 100)
        return {
            for round in 0..<2 {
                for i in 0..<10 {
                    heads[i] = round == 0 ? i : i * 2
                    let muxed = heads  // the mux rebuilds its object
                    for index in 0..<100 { split[index] = muxed[index] + 1 }
                }
            }
            blackHole(split)
        }
    }

    // MARK: repeatedObservers

    static func repeatedObservers(_ r: Reactive) -> () throws -> Void {
        let size = 30
        let head = r.signal(0)
        let current = r.computed { (0..<size).reduce(0) { total, _ in total + head.value } }
        let effectRuns = Counter()
        r.effect(current) { _ in effectRuns.count += 1 }
        return {
            r.batch { head.value = 1 }
            try expect(current.value == size, "kairo-repeated", "current is \(current.value)")
            effectRuns.count = 0
            var ok = true
            for i in 0..<100 {
                r.batch { head.value = i }
                ok = ok && current.value == i * size
            }
            try expect(ok, "kairo-repeated", "current != 30 i")
            try expect(effectRuns.count == 100, "kairo-repeated", "the effect ran \(effectRuns.count) times, expected 100")
        }
    }

    static func repeatedFloor() -> () throws -> Void {
        var effects = 0
        var head = 0
        return {
            for i in -1..<100 {
                head = i < 0 ? 1 : i
                var total = 0
                for _ in 0..<30 { total += head; blackHole(total) }
                effects += 1
            }
            blackHole(effects)
        }
    }

    // MARK: triangle

    static func triangle(_ r: Reactive) -> () throws -> Void {
        let width = 10
        let head = r.signal(0)
        var current = head
        var list: [Attribute<Int>] = []
        for _ in 0..<width {
            let previous = current
            list.append(current)
            current = r.computed { previous.value + 1 }
        }
        let sum = r.computed { list.reduce(0) { $0 + $1.value } }
        let effectRuns = Counter()
        r.effect(sum) { _ in effectRuns.count += 1 }
        let constant = (1...width).reduce(0, +)
        return {
            r.batch { head.value = 1 }
            try expect(sum.value == constant, "kairo-triangle", "sum is \(sum.value), expected \(constant)")
            effectRuns.count = 0
            var ok = true
            for i in 0..<100 {
                r.batch { head.value = i }
                ok = ok && sum.value == constant - width + i * width
            }
            try expect(ok, "kairo-triangle", "sum != 45 + 10 i")
            try expect(effectRuns.count == 100, "kairo-triangle", "the effect ran \(effectRuns.count) times, expected 100")
        }
    }

    static func triangleFloor() -> () throws -> Void {
        var chain = [Int](repeating: 0, count: 11)
        var effects = 0
        return {
            for i in -1..<100 {
                chain[0] = i < 0 ? 1 : i
                for index in 1...10 { chain[index] = chain[index - 1] + 1 }
                blackHole(chain[0..<10].reduce(0, +))
                effects += 1
            }
            blackHole(effects)
        }
    }

    // MARK: unstable

    static func unstable(_ r: Reactive) -> () throws -> Void {
        let head = r.signal(0)
        let double = r.computed { head.value * 2 }
        let inverse = r.computed { -head.value }
        let current = r.computed {
            (0..<20).reduce(0) { total, _ in total + (head.value % 2 != 0 ? double.value : inverse.value) }
        }
        let effectRuns = Counter()
        r.effect(current) { _ in effectRuns.count += 1 }
        return {
            r.batch { head.value = 1 }
            try expect(current.value == 40, "kairo-unstable", "current is \(current.value), expected 40")
            effectRuns.count = 0
            var ok = true
            for i in 0..<100 {
                r.batch { head.value = i }
                ok = ok && current.value == (i % 2 != 0 ? i * 2 * 20 : -i * 20)
            }
            try expect(ok, "kairo-unstable", "current has a wrong value")
            try expect(effectRuns.count == 100, "kairo-unstable", "the effect ran \(effectRuns.count) times, expected 100")
        }
    }

    static func unstableFloor() -> () throws -> Void {
        var effects = 0
        return {
            for i in -1..<100 {
                let head = i < 0 ? 1 : i
                let double = head * 2
                let inverse = -head
                var total = 0
                for _ in 0..<20 { total += head % 2 != 0 ? double : inverse; blackHole(total) }
                effects += 1
            }
            blackHole(effects)
        }
    }
}
