import AttrGraph

/// reactively's dependency-graph benchmark (js-reactivity-benchmark `benches/reactively`):
/// `width` inputs, then `totalLayers - 1` rows of `width` rules; node j reads
/// `prev[(j + k) % width]` for k in 0..<nSources; a node is static with probability
/// `staticFraction` (it sums its sources), otherwise dynamic (it skips one source depending on
/// the first one's value). One effect reads the leaves that are kept. Each iteration writes one
/// input and reads the kept leaves; the result is the sum of the leaves and the number of rule runs.
enum Dynamic {
    struct Config {
        var width: Int
        var totalLayers: Int
        var staticFraction: Double
        var nSources: Int
        var readFraction: Double
        var iterations: Int
        var expectedSum: Double
        var expectedCount: Int

        /// `dynamic-6-10x10-dyn25-lazy80` (js title `6-10x10 - dyn25% - lazy80%`).
        var name: String {
            var name = "dynamic-\(nSources)-\(width)x\(totalLayers)"
            if staticFraction < 1 { name += "-dyn\(Int((100 * (1 - staticFraction)).rounded()))" }
            if readFraction < 1 { name += "-lazy\(Int((100 * (1 - readFraction)).rounded()))" }
            return name
        }
    }

    static let configs: [Config] = [
        Config(width: 10, totalLayers: 5, staticFraction: 1, nSources: 2, readFraction: 0.2, iterations: 600_000,
               expectedSum: 19_199_968, expectedCount: 3_480_000),
        Config(width: 10, totalLayers: 10, staticFraction: 0.75, nSources: 6, readFraction: 0.2, iterations: 15_000,
               expectedSum: 302_310_782_860, expectedCount: 1_155_000),
        Config(width: 1000, totalLayers: 12, staticFraction: 0.95, nSources: 4, readFraction: 1, iterations: 7_000,
               expectedSum: 29_355_933_696_000, expectedCount: 1_463_000),
        Config(width: 1000, totalLayers: 5, staticFraction: 1, nSources: 25, readFraction: 1, iterations: 3_000,
               expectedSum: 1_171_484_375_000, expectedCount: 732_000),
        Config(width: 5, totalLayers: 500, staticFraction: 1, nSources: 3, readFraction: 1, iterations: 500,
               expectedSum: 3.0239642676898464e241, expectedCount: 1_246_500),
        Config(width: 100, totalLayers: 15, staticFraction: 0.5, nSources: 6, readFraction: 1, iterations: 2_000,
               expectedSum: 15_664_996_402_790_400, expectedCount: 1_078_000),
    ]

    // MARK: The shared graph shape

    /// The shape drawn from the seeded generator: which nodes are static, which leaves are read.
    struct Shape {
        var isStatic: [[Bool]]  // per computed row, per node
        var readLeaves: [Int]

        init(_ config: Config) {
            var random = PseudoRandom()
            isStatic = (0..<(config.totalLayers - 1)).map { _ in
                (0..<config.width).map { _ in random.next() < config.staticFraction }
            }
            var leafRandom = PseudoRandom()
            var leaves = Array(0..<config.width)
            let skip = Int((Double(config.width) * (1 - config.readFraction)).rounded())
            for _ in 0..<skip {
                leaves.remove(at: Int((leafRandom.next() * Double(leaves.count)).rounded(.down)))
            }
            readLeaves = leaves
        }
    }

    nonisolated(unsafe) static var ruleRuns = 0

    /// A static node: the sum of its sources.
    struct StaticNode: Rule {
        let sources: [Attribute<Double>]
        var value: Double {
            Dynamic.ruleRuns += 1
            var sum = 0.0
            for source in sources { sum += source.value }
            return sum
        }
    }

    /// A dynamic node: skips one tail source when the first source's value is odd.
    struct DynamicNode: Rule {
        let first: Attribute<Double>
        let tail: [Attribute<Double>]
        var value: Double {
            Dynamic.ruleRuns += 1
            var sum = first.value
            let shouldDrop = jsIsOdd(sum)
            let dropIndex = Int(sum.truncatingRemainder(dividingBy: Double(tail.count)))
            for index in tail.indices {
                if shouldDrop && index == dropIndex { continue }
                sum += tail[index].value
            }
            return sum
        }
    }

    /// The effect body: reads every kept leaf.
    struct LeafReader: Rule {
        let leaves: [Attribute<Double>]
        var value: Double { leaves.reduce(0) { $0 + $1.value } }
    }

    // MARK: Running

    static func run(_ options: RunOptions) throws -> [Row] {
        var rows: [Row] = []
        for config in configs where options.includes(config.name) {
            var config = config
            if options.quick {
                // Small iteration counts; the sum is checked against the direct computation.
                config.iterations = max(config.iterations / 100, 5)
            }
            let shape = Shape(config)
            let reactive = Reactive()
            let (sources, leaves) = reactive.build { () -> ([Attribute<Double>], [Attribute<Double>]) in
                let sources = (0..<config.width).map { reactive.signal(Double($0)) }
                var previous = sources
                for row in 0..<(config.totalLayers - 1) {
                    previous = (0..<config.width).map { node in
                        let mine = (0..<config.nSources).map { previous[(node + $0) % config.width] }
                        if shape.isStatic[row][node] {
                            return Attribute(StaticNode(sources: mine))
                        }
                        return Attribute(DynamicNode(first: mine[0], tail: Array(mine.dropFirst())))
                    }
                }
                let leaves = shape.readLeaves.map { previous[$0] }
                reactive.effect(Attribute(LeafReader(leaves: leaves))) { _ in }
                return (sources, leaves)
            }
            func runOnce() -> (sum: Double, count: Int) {
                ruleRuns = 0
                for iteration in 0..<config.iterations {
                    reactive.batch {
                        let source = iteration % sources.count
                        sources[source].value = Double(iteration + source)
                    }
                    for leaf in leaves { blackHole(leaf.value) }
                }
                return (leaves.reduce(0) { $0 + $1.value }, ruleRuns)
            }
            let floor = Floor(config: config, shape: shape)
            if options.quick {
                let result = runOnce()
                let direct = floor.run()
                try expect(result.sum == direct, config.name, "sum \(result.sum), direct computation \(direct)")
                rows.append(Row(workload: config.name, nodes: result.count, verified: true))
                reactive.cleanup()
                continue
            }
            for _ in 0..<3 { _ = runOnce() }
            var result = (sum: 0.0, count: 0)
            let time = best(samples: min(options.samples, 5), warmup: 0) { result = runOnce() }
            try expect(result.sum == config.expectedSum, config.name, "sum \(result.sum), expected \(config.expectedSum)")
            try expect(result.count == config.expectedCount, config.name, "count \(result.count), expected \(config.expectedCount)")
            var direct = 0.0
            let floorTime = best(samples: min(options.samples, 5), warmup: 1) { direct = floor.run() }
            try expect(direct == config.expectedSum, config.name, "direct computation sum \(direct)")
            reactive.cleanup()
            rows.append(Row(workload: config.name, attrgraph: time, floor: floorTime, nodes: result.count, verified: true))
        }
        return rows
    }

    /// The direct computation: the same graph as flat arrays, every node recomputed in order
    /// after each write (no graph bookkeeping, no laziness).
    struct Floor {
        let config: Config
        let shape: Shape

        func run() -> Double {
            let width = config.width
            var values = [Double](repeating: 0, count: width * config.totalLayers)
            for index in 0..<width { values[index] = Double(index) }
            func recompute() {
                for row in 1..<config.totalLayers {
                    let previous = (row - 1) * width
                    for node in 0..<width {
                        var sum = values[previous + node]
                        if shape.isStatic[row - 1][node] {
                            for k in 1..<config.nSources { sum += values[previous + (node + k) % width] }
                        } else {
                            let shouldDrop = jsIsOdd(sum)
                            let dropIndex = Int(sum.truncatingRemainder(dividingBy: Double(config.nSources - 1)))
                            for k in 1..<config.nSources where !(shouldDrop && k - 1 == dropIndex) {
                                sum += values[previous + (node + k) % width]
                            }
                        }
                        values[row * width + node] = sum
                    }
                }
            }
            for iteration in 0..<config.iterations {
                let source = iteration % width
                values[source] = Double(iteration + source)
                recompute()
            }
            let leafRow = (config.totalLayers - 1) * width
            return shape.readLeaves.reduce(0) { $0 + values[leafRow + $1] }
        }
    }
}

/// JavaScript's `x & 1` on a number: the parity of `x` truncated towards zero (taken modulo 2³²).
@inline(__always)
func jsIsOdd(_ value: Double) -> Bool {
    value.rounded(.towardZero).truncatingRemainder(dividingBy: 2) != 0
}

/// js-reactivity-benchmark's `pseudoRandom()`: `xmur3a("seed")` seeding `sfc32`, returning
/// `(t >>> 0) / 2^32`. Bit-exact with the JavaScript version.
struct PseudoRandom {
    private var a: UInt32
    private var b: UInt32
    private var c: UInt32
    private var d: UInt32

    init(seed: String = "seed") {
        var hash = Xmur3a(seed)
        a = hash.next()
        b = hash.next()
        c = hash.next()
        d = hash.next()
    }

    mutating func next() -> Double {
        var t = a &+ b
        a = b ^ (b >> 9)
        b = c &+ (c << 3)
        c = (c << 21) | (c >> 11)
        d = d &+ 1
        t = t &+ d
        c = c &+ t
        return Double(t) / 4_294_967_296
    }

    /// MurmurHash3-style string hash producing a stream of 32-bit seeds.
    struct Xmur3a {
        private var h: UInt32

        init(_ string: String) {
            h = 2_166_136_261
            let units = Array(string.utf16)
            for unit in units {
                var k = UInt32(unit) &* 3_432_918_353
                k = (k << 15) | (k >> 17)
                h ^= k &* 461_845_907
                h = (h << 13) | (h >> 19)
                h = h &* 5 &+ 3_864_292_196
            }
            h ^= UInt32(units.count)
        }

        mutating func next() -> UInt32 {
            h ^= h >> 16
            h = h &* 2_246_822_507
            h ^= h >> 13
            h = h &* 3_266_489_909
            h ^= h >> 16
            return h
        }
    }
}
