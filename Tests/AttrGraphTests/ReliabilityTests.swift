import AttrGraph
import AttrGraphTestSupport
import Foundation
import Testing

/// Reliability regressions of the engine: long alias chains and loops, ids rebuilt from numbers,
/// reads from a thread that is not running the rule, and the attribute limit. Each would crash,
/// hang or corrupt the graph before its fix; the crash paths run in child processes.
@Suite struct ReliabilityTests {
    /// 100,000 aliases in a chain: setting the source marks every reader through the whole chain
    /// without a native stack frame per alias, and reading the last alias follows it to the end.
    @Test func aChainOfAHundredThousandAliasesPropagatesAndReads() {
        let graph = Graph()
        let root = Subgraph(graph: graph)
        root.apply {
            let source = Attribute(value: 1)
            var last = IndirectAttribute(source: source)
            for _ in 1..<100_000 {
                last = IndirectAttribute(source: last.attribute)
            }
            let tail = last
            let reader = Attribute(Map(tail.attribute) { $0 * 2 })
            #expect(reader.value == 2)
            source.value = 21
            #expect(reader.value == 42)
        }
        root.invalidate()
    }

    /// Closing a loop of aliases is refused whatever its length (the check used to give up
    /// after 10,000 hops and accept the loop).
    @Test func closingALoopOfTwentyThousandAliasesIsRefused() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let graph = Graph()
            Subgraph(graph: graph).apply {
                let source = Attribute(value: 1)
                let first = IndirectAttribute(source: source)
                var last = first
                for _ in 1..<20_000 {
                    last = IndirectAttribute(source: last.attribute)
                }
                first.source = last.attribute
            }
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("would make it alias itself"))
    }

    /// An id rebuilt from its number names whatever holds that number now; when that is a value
    /// of another type, reading it as the old type stops with a message (it read the newcomer's
    /// bytes as the old type before, in release builds).
    @Test func anIdRebuiltFromANumberWhoseSlotHoldsAnotherTypeIsRefused() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let graph = Graph()
            let first = Subgraph(graph: graph)
            let number = first.apply { Attribute(value: [1, 2, 3]).identifier.rawValue }
            first.invalidate()
            let second = Subgraph(graph: graph)
            second.apply { _ = Attribute(value: "a string now") }
            let rebuilt = AnyAttribute(rawValue: number).unsafeCast(to: [Int].self)
            _ = rebuilt.value
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("Array<Int>"), "names the type it was read as: \(stderr)")
        #expect(stderr.contains("String"), "names the type it holds: \(stderr)")
    }

    /// A rebuilt id whose slot holds a value of the same type reads it (the unchecked id names
    /// whatever holds that number now).
    @Test func anIdRebuiltFromANumberReadsAValueOfTheSameType() {
        let graph = Graph()
        let root = Subgraph(graph: graph)
        root.apply {
            let input = Attribute(value: 7)
            let rebuilt = AnyAttribute(rawValue: input.identifier.rawValue).unsafeCast(to: Int.self)
            #expect(rebuilt.value == 7)
        }
        root.invalidate()
    }

    /// A read from another thread while a rule runs would be recorded as that rule's dependency
    /// (and race with its update): it stops with the thread-misuse message, in release builds too.
    @Test func aReadFromAnotherThreadWhileARuleRunsIsRefused() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let graph = Graph()
            Subgraph(graph: graph).apply {
                let input = Attribute(value: 1)
                let other = Attribute(value: 2)
                let started = DispatchSemaphore(value: 0)
                let finished = DispatchSemaphore(value: 0)
                let rule = Attribute(Map(input) { value -> Int in
                    started.signal()
                    finished.wait()
                    return value
                })
                let otherID = UncheckedSendableBox(other)
                Thread.detachNewThread {
                    started.wait()
                    _ = otherID.value.value
                    finished.signal()
                }
                _ = rule.value
            }
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("on a thread that is not updating the graph"))
        #expect(stderr.contains("would be recorded as that rule's dependency"))
    }

    /// The limit the message states is the limit: 2,097,150 attributes can be made, the next is
    /// refused with that number.
    @Test func theAttributeLimitIsTheOneTheMessageStates() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let graph = Graph()
            Subgraph(graph: graph).apply {
                for _ in 0..<2_097_150 { _ = Attribute(value: 0) }
                FileHandle.standardError.write(Data("made 2097150\n".utf8))
                _ = Attribute(value: 0)
            }
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("made 2097150"))
        #expect(stderr.contains("at most 2097150 attributes"))
    }
}

/// Carries a non-`Sendable` value to another thread in a test that means to misuse it.
struct UncheckedSendableBox<Value>: @unchecked Sendable {
    // @unchecked: the tests use it to reproduce cross-thread misuse on purpose.
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// `AG_TRACE` as an input surface: targets that cannot take a trace are said so, once, and the
/// program goes on untraced.
@Suite struct TraceTargetTests {
    /// A FIFO nobody reads used to block the first `Graph()` forever (a blocking `open`).
    @Test(.timeLimit(.minutes(1))) func aFIFOWithNoReaderIsRefusedWithoutBlocking() async throws {
        let folder = TemporaryFolder()
        let fifo = folder.file("trace.fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) { [fifo = fifo as String] in
            setenv("AG_TRACE", fifo, 1)
            let graph = Graph()
            Subgraph(graph: graph).apply { _ = Attribute(value: 1).value }
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("cannot write the trace to \(fifo): it is a FIFO that no process is reading"), "\(stderr)")
    }

    /// A full disk: the first failed write says so once, tracing stops, the program carries on.
    @Test func aFullDiskStopsTracingWithOneLine() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            setenv("AG_TRACE", "/dev/full", 1)
            let graph = Graph()
            let root = Subgraph(graph: graph)
            root.apply {
                let input = Attribute(value: 1)
                let rule = Attribute(Map(input) { $0 + 1 })
                for value in 0..<2_000 {
                    input.value = value
                    _ = rule.value
                    graph.update()
                }
            }
            root.invalidate()
            Graph.finishTrace()
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        let line = "AttrGraph: writing the trace to /dev/full failed (No space left on device); tracing stopped"
        #expect(stderr.components(separatedBy: line).count == 2, "\(stderr)")
    }
}
