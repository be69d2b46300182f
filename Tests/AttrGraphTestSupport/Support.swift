import Foundation
import AttrGraph

/// Records which rules ran, in order, so tests can assert exactly what re-ran after a change.
///
///     let trace = Trace()
///     let doubled = Attribute(Traced("doubled", trace) { x.value * 2 })
///     _ = doubled.value
///     #expect(trace.take() == ["doubled"])
public final class Trace: @unchecked Sendable {
    // @unchecked: a trace is used by one test on one thread (like the graph it observes).
    public private(set) var events: [String] = []

    public init() {}

    public func record(_ event: String) {
        events.append(event)
    }

    /// The events since the last call, then forgets them.
    @discardableResult
    public func take() -> [String] {
        defer { events.removeAll() }
        return events
    }

    /// The events since the last call as a set (for rules whose order is unspecified).
    public func takeSet() -> Set<String> {
        Set(take())
    }
}

/// A rule that records its name in a ``Trace`` each time it runs, then computes `compute()`.
public struct Traced<Value>: Rule, CustomStringConvertible {
    public let name: String
    public let trace: Trace
    public let compute: () -> Value

    public init(_ name: String, _ trace: Trace, _ compute: @escaping () -> Value) {
        self.name = name
        self.trace = trace
        self.compute = compute
    }

    public var value: Value {
        trace.record(name)
        return compute()
    }

    public var description: String { name }
}

/// A graph with one root subgraph, for tests.
public struct TestGraph {
    public let graph: Graph
    public let root: Subgraph

    public init(printLevel: Int = 0, trap: Bool = false, sink: DiagnosticSink? = .discard) {
        graph = Graph()
        graph.cycleReporting = CycleReporting(printLevel: printLevel, trap: trap)
        graph.diagnosticSink = sink
        root = Subgraph(graph: graph)
    }

    /// Runs `body` with the root subgraph current (attributes created inside go into it).
    public func callAsFunction<R>(_ body: () throws -> R) rethrows -> R {
        let saved = Subgraph.current
        Subgraph.current = root
        defer { Subgraph.current = saved }
        return try body()
    }
}

/// An object whose deallocation tests can observe through a weak reference.
public final class Token: @unchecked Sendable {
    // @unchecked: immutable.
    public let name: String
    public init(_ name: String = "token") { self.name = name }
}

/// This process's resident memory in bytes (`/proc/self/statm` on Linux; `nil` elsewhere).
public func residentMemoryBytes() -> Int? {
    #if os(Linux)
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
    let fields = statm.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    #else
    return nil
    #endif
}

/// A deterministic pseudo-random generator (SplitMix64).
public struct SplitMix64: RandomNumberGenerator {
    public init(state: UInt64) { self.state = state }
    public var state: UInt64
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    public mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}


/// A temporary folder for one test, removed with everything in it when the test ends.
public struct TemporaryFolder: ~Copyable {
    public let path: String

    public init() {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("attrgraph-test-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// The path of `name` inside the folder.
    public func file(_ name: String) -> String { path + "/" + name }

    /// Everything in the folder (to check that no temporary file was left behind).
    public var contents: [String] { (try? FileManager.default.contentsOfDirectory(atPath: path))?.sorted() ?? [] }
}
