@_spi(Debug) import AttrGraph
import AttrGraphTestSupport
import Foundation
import Testing

/// Property-based check of lifetimes against a from-scratch reference model.
///
/// Each case grows and shrinks a tree of subgraphs over a sequence of steps. Nodes are inputs,
/// sums and dynamic rules (reading their sources through `WeakAttribute`, so a dead source reads
/// as -1), rules producing a pair with a key-path projection of one field, indirect attributes
/// re-pointed to other nodes, and rules that set an input from what they read. A step first
/// changes the structure — new subgraphs with new nodes, invalidated subgraphs (freed slots are
/// reused by later nodes), re-pointed indirect attributes — then sets inputs, reads every live
/// node in a random order (writers first), calls `graph.update()`, and adds an observer. Then:
///
/// - every value equals the reference's;
/// - the rules that ran are exactly those the reference predicts: new rules, and rules that read
///   (last time) a node that changed or died in the step — a node changes when it is an input
///   that was set to a different value, a rule that ran and produced a different value, a
///   projection whose source changed, an indirect attribute that was re-pointed or whose source
///   changed, or an input its writer set to a different value;
/// - each observer was called exactly when its attribute changed, with the new value, and never
///   after its attribute died;
/// - `Graph.checkInvariants()` holds.
///
/// `AG_PROPERTY_CASES=N` sets the number of cases (default 1500); `AG_PROPERTY_SEED=S` re-runs
/// one case. A failure prints the seed that reproduces it.
@Suite struct LifecycleModelPropertyTests {
    @Test func subgraphChurnAgreesWithTheReferenceModel() {
        checkPropertyCases(defaultCount: 1500, firstSeed: 0x11FE_0000, label: "lifecycle property") { seed in
            var churn = ChurnCase(seed: seed)
            return churn.run()
        }
    }
}

/// A pair whose second field changes less often than the first (projection readers re-run when
/// the pair changes, whatever field changed).
struct ModelPair: Equatable {
    var sum: Int
    var small: Int
}

private struct ChurnCase {
    enum Kind: CaseIterable {
        case input, sum, dynamic, pair, projection, indirect
        /// A rule that reads its source and sets an input (its `written` node) to a function of it.
        case writer
        /// The input a writer sets.
        case written
    }

    /// What a writer sets its input to.
    static func written(_ value: Int) -> Int { (value * 3 + 1) % 10 }

    struct Node {
        var kind: Kind
        /// Model ids of the nodes it reads (rules), its pair (projection), or its source (indirect).
        var sources: [Int]
        var subgraph: Int
        var attribute: AnyAttribute
        var alive = true
    }

    struct SubgraphEntry {
        var parent: Int?
        var subgraph: Subgraph?
    }

    struct ObserverEntry {
        var node: Int
        var observer: Registration
    }

    let seed: UInt64
    var random: SplitMix64
    var nodes: [Node] = []
    var subgraphs: [SubgraphEntry] = []
    var inputs: [Int: Int] = [:]
    var observers: [ObserverEntry] = []
    /// Values the observers were called with in the current step, by observer.
    let notifications = NotificationLog()
    let trace = Trace()

    init(seed: UInt64) {
        self.seed = seed
        random = SplitMix64(state: seed)
    }

    // MARK: The reference

    /// Node values (pairs as their sum; absent for dead nodes) and what each rule read.
    struct Reference {
        var values: [Int: Int] = [:]
        var pairs: [Int: ModelPair] = [:]
        var reads: [Int: [Int]] = [:]
    }

    func evaluateReference() -> Reference {
        var reference = Reference()
        for (id, node) in nodes.enumerated() where node.alive {
            var read: [Int] = []
            let readInt: (Int) -> Int = { source in
                guard let value = reference.values[source] else { return -1 }
                read.append(source)
                return value
            }
            switch node.kind {
            case .input:
                reference.values[id] = inputs[id]!
            case .sum:
                reference.values[id] = Self.sum(node.sources, readInt)
            case .dynamic:
                reference.values[id] = Self.dynamic(node.sources, readInt)
            case .pair:
                let sum = Self.sum(node.sources, readInt)
                reference.pairs[id] = ModelPair(sum: sum, small: ((sum % 7) + 7) % 7)
            case .projection:
                reference.values[id] = reference.pairs[node.sources[0]]!.small
            case .indirect:
                reference.values[id] = reference.values[node.sources[0]]!
            case .written:
                reference.values[id] = Self.written(reference.values[node.sources[0]] ?? -1)
            case .writer:
                reference.values[id] = readInt(node.sources[0])
            }
            reference.reads[id] = read
        }
        return reference
    }

    static func sum(_ sources: [Int], _ read: (Int) -> Int) -> Int {
        sources.reduce(0) { ($0 + read($1)) % 1000 }
    }

    static func dynamic(_ sources: [Int], _ read: (Int) -> Int) -> Int {
        let first = read(sources[0])
        if first % 2 == 0 {
            return sources.dropFirst().reduce(first) { ($0 + read($1)) % 1000 }
        }
        return (first + read(sources[sources.count - 1])) % 1000
    }

    // MARK: Structure

    var liveSubgraphs: [Int] { subgraphs.indices.filter { subgraphs[$0].subgraph != nil } }

    /// `subgraph` and its ancestors (they outlive it).
    func ancestry(of subgraph: Int) -> Set<Int> {
        var result: Set<Int> = [subgraph]
        var next = subgraphs[subgraph].parent
        while let parent = next {
            result.insert(parent)
            next = subgraphs[parent].parent
        }
        return result
    }

    /// Live nodes with an `Int` value that other nodes may read (not writers: a rule reading a
    /// writer would run it inside its own run, which sets an input it may have read).
    func intNodes(in allowed: Set<Int>? = nil) -> [Int] {
        nodes.indices.filter { id in
            nodes[id].alive && nodes[id].kind != .pair && nodes[id].kind != .writer
                && (allowed.map { $0.contains(nodes[id].subgraph) } ?? true)
        }
    }

    mutating func makeSubgraph(parent: Int?, graph: Graph) -> Int {
        let subgraph = Subgraph(graph: graph)
        if let parent { subgraphs[parent].subgraph!.addChild(subgraph) }
        subgraphs.append(SubgraphEntry(parent: parent, subgraph: subgraph))
        return subgraphs.count - 1
    }

    /// Adds a node of a random kind to `subgraph` (an input when nothing else can be made).
    mutating func addNode(to subgraphID: Int) {
        let subgraph = subgraphs[subgraphID].subgraph!
        let candidates = intNodes()
        var kind = Kind.allCases[random.below(Kind.allCases.count)]
        if kind == .projection { kind = .pair }  // projections come with their pair
        if kind == .written { kind = .writer }  // written inputs come with their writer
        let ancestorSources = intNodes(in: ancestry(of: subgraphID))
        if candidates.isEmpty || (kind == .indirect && ancestorSources.isEmpty) { kind = .input }
        let id = nodes.count
        switch kind {
        case .input:
            let value = random.below(10)
            inputs[id] = value
            let attribute = subgraph.apply { Attribute(value: value) }
            nodes.append(Node(kind: .input, sources: [], subgraph: subgraphID, attribute: attribute.identifier))
        case .sum, .dynamic, .pair:
            var sources: [Int] = []
            for _ in 0..<(1 + random.below(min(3, candidates.count))) {
                let source = candidates[random.below(2) == 0 ? candidates.count - 1 - random.below(min(candidates.count, 4)) : random.below(candidates.count)]
                if !sources.contains(source) { sources.append(source) }
            }
            let weak = sources.map { WeakAttribute(nodes[$0].attribute.unsafeCast(to: Int.self)) }
            let read: (Int) -> Int = { position in weak[position].wrappedValue ?? -1 }
            let positions = Array(sources.indices)
            let name = "\(id)"
            let trace = self.trace
            let attribute: AnyAttribute = subgraph.apply {
                switch kind {
                case .sum:
                    return Attribute(Traced(name, trace) { Self.sum(positions, read) }).identifier
                case .dynamic:
                    return Attribute(Traced(name, trace) { Self.dynamic(positions, read) }).identifier
                default:
                    return Attribute(Traced(name, trace) { () -> ModelPair in
                        let sum = Self.sum(positions, read)
                        return ModelPair(sum: sum, small: ((sum % 7) + 7) % 7)
                    }).identifier
                }
            }
            nodes.append(Node(kind: kind, sources: sources, subgraph: subgraphID, attribute: attribute))
            if kind == .pair {
                let projection = subgraph.apply {
                    attribute.unsafeCast(to: ModelPair.self)[keyPath: \.small].identifier
                }
                nodes.append(Node(kind: .projection, sources: [id], subgraph: subgraphID, attribute: projection))
            }
        case .indirect:
            let source = ancestorSources[random.below(ancestorSources.count)]
            let attribute = subgraph.apply {
                IndirectAttribute(source: nodes[source].attribute.unsafeCast(to: Int.self)).identifier
            }
            nodes.append(Node(kind: .indirect, sources: [source], subgraph: subgraphID, attribute: attribute))
        case .writer:
            let source = candidates[random.below(candidates.count)]
            let (target, writer) = subgraph.apply { () -> (AnyAttribute, AnyAttribute) in
                let target = Attribute(value: 0)
                let weak = WeakAttribute(nodes[source].attribute.unsafeCast(to: Int.self))
                let name = "\(id + 1)"
                let writer = Attribute(Traced(name, trace) { () -> Int in
                    let value = weak.wrappedValue ?? -1
                    target.value = Self.written(value)
                    return value
                })
                return (target.identifier, writer.identifier)
            }
            nodes.append(Node(kind: .written, sources: [source], subgraph: subgraphID, attribute: target))
            nodes.append(Node(kind: .writer, sources: [source], subgraph: subgraphID, attribute: writer))
        case .projection, .written:
            preconditionFailure("made with their pair or writer")
        }
    }

    /// Invalidates `subgraphID` and its descendants; returns the model ids of the nodes that died.
    mutating func invalidate(_ subgraphID: Int) -> Set<Int> {
        var dying: Set<Int> = [subgraphID]
        var grew = true
        while grew {
            grew = false
            for (id, entry) in subgraphs.enumerated() where entry.subgraph != nil && !dying.contains(id) {
                if let parent = entry.parent, dying.contains(parent) {
                    dying.insert(id)
                    grew = true
                }
            }
        }
        subgraphs[subgraphID].subgraph!.invalidate()
        var died: Set<Int> = []
        for id in dying { subgraphs[id].subgraph = nil }
        for id in nodes.indices where nodes[id].alive && dying.contains(nodes[id].subgraph) {
            nodes[id].alive = false
            inputs[id] = nil
            died.insert(id)
        }
        observers.removeAll { died.contains($0.node) }
        return died
    }

    // MARK: Running a case

    mutating func run() -> String? {
        let graph = Graph()
        graph.cycleReporting = CycleReporting(printLevel: 0, trap: false)
        _ = makeSubgraph(parent: nil, graph: graph)
        for _ in 0..<(2 + random.below(6)) { addNode(to: 0) }
        var reference = evaluateReference()
        readAll(order: 0)
        _ = trace.take()
        if let mismatch = compare(reference) { return "initial read: \(mismatch)" }

        for step in 0..<(8 + random.below(12)) {
            let existing = Set(nodes.indices.filter { nodes[$0].alive })
            var died: Set<Int> = []
            var repointed: Set<Int> = []
            // Structure first.
            for _ in 0..<random.below(3) {
                switch random.below(4) {
                case 0, 1:
                    let live = liveSubgraphs
                    let parent = live[random.below(live.count)]
                    let child = makeSubgraph(parent: parent, graph: graph)
                    for _ in 0..<(1 + random.below(5)) { addNode(to: random.below(3) == 0 ? parent : child) }
                case 2:
                    let candidates = liveSubgraphs.filter { $0 != 0 }
                    if !candidates.isEmpty { died.formUnion(invalidate(candidates[random.below(candidates.count)])) }
                default:
                    let indirects = nodes.indices.filter { nodes[$0].alive && nodes[$0].kind == .indirect }
                    guard !indirects.isEmpty else { break }
                    let id = indirects[random.below(indirects.count)]
                    let targets = intNodes(in: ancestry(of: nodes[id].subgraph)).filter { $0 < id }
                    guard !targets.isEmpty else { break }
                    let target = targets[random.below(targets.count)]
                    nodes[id].attribute.source = nodes[target].attribute
                    if nodes[id].sources[0] != target { repointed.insert(id) }
                    nodes[id].sources = [target]
                }
            }
            // Then input writes.
            var changedInputs: Set<Int> = []
            let liveInputs = nodes.indices.filter { nodes[$0].alive && nodes[$0].kind == .input }
            for _ in 0..<random.below(4) where !liveInputs.isEmpty {
                let id = liveInputs[random.below(liveInputs.count)]
                let value = random.below(10)
                let changed = nodes[id].attribute.unsafeCast(to: Int.self).setValue(value)
                if changed != (value != inputs[id]) { return "step \(step): setValue(\(value)) returned \(changed)" }
                if changed { changedInputs.insert(id) }
                inputs[id] = value
            }
            let next = evaluateReference()
            let (expected, changed) = expectedRuns(
                before: reference, after: next, existing: existing, died: died, repointed: repointed,
                changedInputs: changedInputs)
            readAll(order: UInt64(step))
            graph.update()
            let fired = notifications.take()
            let ran = trace.take().map { Int($0)! }
            if let mismatch = compare(next) { return "step \(step): \(mismatch)" }
            if ran.count != Set(ran).count { return "step \(step): a rule ran twice: \(ran.sorted())" }
            if Set(ran) != expected {
                return "step \(step): ran without cause \(Set(ran).subtracting(expected).sorted()); "
                    + "did not run \(expected.subtracting(ran).sorted())"
            }
            if let mismatch = checkObservers(fired: fired, changed: changed, after: next) {
                return "step \(step): \(mismatch)"
            }
            let violations = graph.invariantViolations()
            if !violations.isEmpty { return "step \(step): invariants: \(violations.joined(separator: "; "))" }
            // New observers see changes from the next step on.
            if random.below(2) == 0 {
                // Inputs and rules: a projection's or alias's readers hear every change of the
                // source (which is what their edges say), not only changes of the value they show.
                let observable = nodes.indices.filter {
                    nodes[$0].alive && [.input, .sum, .dynamic, .writer, .written].contains(nodes[$0].kind)
                }
                if !observable.isEmpty {
                    let id = observable[random.below(observable.count)]
                    let log = notifications
                    let observer = nodes[id].attribute.unsafeCast(to: Int.self).observe { log.record(id, $0) }
                    observers.append(ObserverEntry(node: id, observer: observer))
                }
            }
            reference = next
        }
        observers.removeAll()
        withExtendedLifetime(subgraphs.map(\.subgraph)) {}
        return nil
    }

    /// The rules that must run in a step, and the nodes that change in it (see the suite's
    /// documentation).
    func expectedRuns(
        before: Reference, after: Reference, existing: Set<Int>, died: Set<Int>, repointed: Set<Int>,
        changedInputs: Set<Int>
    ) -> (runs: Set<Int>, changed: Set<Int>) {
        var changed = changedInputs
        var runs: Set<Int> = []
        for (id, node) in nodes.enumerated() where node.alive {
            switch node.kind {
            case .input:
                continue
            case .projection:
                if changed.contains(node.sources[0]) { changed.insert(id) }
                continue
            case .indirect:
                if repointed.contains(id) || changed.contains(node.sources[0]) { changed.insert(id) }
                continue
            case .written:
                // Set by its writer (the next node), which runs when new or when its source
                // changed or died; it changes when the written value differs.
                let writer = id + 1
                let writerRuns = !existing.contains(writer)
                    || (before.reads[writer] ?? []).contains { changed.contains($0) || died.contains($0) }
                if writerRuns && before.values[id] ?? 0 != after.values[id] { changed.insert(id) }
                continue
            case .sum, .dynamic, .pair, .writer:
                let isNew = !existing.contains(id)
                let previousReads = before.reads[id] ?? []
                guard isNew || previousReads.contains(where: { changed.contains($0) || died.contains($0) }) else {
                    continue
                }
                runs.insert(id)
                let differs =
                    node.kind == .pair ? before.pairs[id] != after.pairs[id] : before.values[id] != after.values[id]
                if isNew || differs { changed.insert(id) }
            }
        }
        return (runs, changed)
    }

    /// An observer is called when its node changed in the step (an input set to another value
    /// and back counts: its readers' edges were marked), with the node's value.
    func checkObservers(fired: [Int: [Int]], changed: Set<Int>, after: Reference) -> String? {
        var expected: [Int: [Int]] = [:]
        for entry in observers where changed.contains(entry.node) {
            expected[entry.node, default: []].append(after.values[entry.node]!)
        }
        if fired != expected {
            return "observers called with \(fired.sorted { $0.key < $1.key }), expected \(expected.sorted { $0.key < $1.key })"
        }
        return nil
    }

    /// Reads every live node, in an order shuffled by `order`, writers first and in creation order
    /// (so that what they write is set before anything reads it).
    func readAll(order: UInt64) {
        var ids = nodes.indices.filter { nodes[$0].alive }
        var shuffle = SplitMix64(state: seed &+ order &* 7919)
        for index in ids.indices.reversed() { ids.swapAt(index, shuffle.below(index + 1)) }
        // Writers in creation order: a writer may read what an earlier one writes.
        let writers = ids.filter { nodes[$0].kind == .writer }.sorted()
        ids = writers + ids.filter { nodes[$0].kind != .writer }
        for id in ids {
            if nodes[id].kind == .pair {
                _ = nodes[id].attribute.unsafeCast(to: ModelPair.self).value
            } else {
                _ = nodes[id].attribute.unsafeCast(to: Int.self).value
            }
        }
    }

    func compare(_ reference: Reference) -> String? {
        for (id, node) in nodes.enumerated() where node.alive {
            if node.kind == .pair {
                let value = node.attribute.unsafeCast(to: ModelPair.self).value
                if value != reference.pairs[id] { return "pair \(id) is \(value), reference \(reference.pairs[id]!)" }
            } else {
                let value = node.attribute.unsafeCast(to: Int.self).value
                if value != reference.values[id] {
                    return "node \(id) (\(node.kind)) is \(value), reference \(reference.values[id]!)"
                }
            }
        }
        return nil
    }
}

/// Observer calls of one step: model id → values.
final class NotificationLog {
    private var calls: [Int: [Int]] = [:]
    func record(_ node: Int, _ value: Int) { calls[node, default: []].append(value) }
    func take() -> [Int: [Int]] {
        defer { calls = [:] }
        return calls
    }
}
