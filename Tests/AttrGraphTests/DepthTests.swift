import AttrGraph
import Foundation
import Testing

/// Holds a thread's result: written by the thread before it signals, read after.
final class ResultBox<R>: @unchecked Sendable {
    // @unchecked: the semaphore in `onThread` orders the write before the read.
    var value: R?
}

/// Runs `body` on a new thread with the given stack size and returns its result.
func onThread<R: Sendable>(stackSize: Int, _ body: @escaping @Sendable () -> R) -> R {
    let box = ResultBox<R>()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        box.value = body()
        done.signal()
    }
    thread.stackSize = stackSize
    thread.start()
    done.wait()
    return box.value!
}

/// Re-evaluation uses no native stack per level of graph depth.
@Suite struct DepthTests {
    @Test func millionRuleChainUpdatesAfterItsHeadChangesOnA512KiBStack() {
        // A tenth of it under a sanitizer, which makes every rule run 10-50 times slower.
        let length = Self.plainBuild ? 1_000_000 : 100_000
        let results = onThread(stackSize: 512 * 1024) { () -> [Int] in
            let graph = Graph()
            let subgraph = Subgraph(graph: graph)
            return subgraph.apply {
                let head = Attribute(value: 0)
                var chain: [Attribute<Int>] = [head]
                chain.reserveCapacity(length + 1)
                for _ in 0..<length {
                    chain.append(Attribute(Map(chain[chain.count - 1]) { $0 + 1 }))
                }
                // The first evaluation nests one level per never-computed rule: do it in steps
                // of 25 (≈50 KiB of stack in a debug build, room for sanitizer builds' frames).
                for index in stride(from: 25, to: chain.count, by: 25) {
                    _ = chain[index].value
                }
                let first = chain[chain.count - 1].value
                // A re-evaluation walks the million recorded inputs with an explicit stack.
                head.value = 10
                let second = chain[chain.count - 1].value
                head.value = 20
                let third = chain[chain.count - 1].value
                return [first, second, third, Int(graph.counter(for: .updates))]
            }
        }
        #expect(results[0] == length)
        #expect(results[1] == length + 10)
        #expect(results[2] == length + 20)
        #expect(results[3] == 3 * length)
    }

    /// Stack use per level differs under a sanitizer (≈9 KiB with AddressSanitizer), which
    /// `Scripts/sanitize.sh` says with `AG_SANITIZER`.
    static let plainBuild = ProcessInfo.processInfo.environment["AG_SANITIZER"] == nil

    @Test(.enabled(if: plainBuild, "stack use per level is a plain build's"))
    func firstEvaluationWithinTheDocumentedDepthWorksOnA512KiBStack() {
        // Documented limit: about 0.8 KiB of stack per never-computed level in release builds and
        // 2.5 KiB in debug builds; 150 levels fit a 512 KiB thread in either.
        let value = onThread(stackSize: 512 * 1024) { () -> Int in
            let graph = Graph()
            return Subgraph(graph: graph).apply {
                var last = Attribute(value: 0)
                for _ in 0..<150 { last = Attribute(Map(last) { $0 + 1 }) }
                return last.value
            }
        }
        #expect(value == 150)
    }

    /// A chain of `count` never-computed rules, first evaluated on a 512 KiB thread by reading
    /// every `step`-th attribute from the start (0: only the last one).
    static func evaluateChain(count: Int, step: Int) -> Int {
        onThread(stackSize: 512 * 1024) { () -> Int in
            let graph = Graph()
            let root = Subgraph(graph: graph)
            return root.apply {
                var chain = [Attribute(value: 0)]
                for _ in 0..<count { chain.append(Attribute(Map(chain[chain.count - 1]) { $0 + 1 })) }
                if step > 0 {
                    for index in stride(from: step, to: chain.count, by: step) { _ = chain[index].value }
                }
                return chain[chain.count - 1].value
            }
        }
    }

    @Test func firstEvaluationDeeperThanTheStackStopsWithAdviceThatWorks() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = DepthTests.evaluateChain(count: 100_000, step: 0)
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("the thread's stack is nearly exhausted"))
        #expect(stderr.contains("Evaluate a long chain in steps"))
        // The advice is measured on this thread and build: following it works.
        let match = try #require(stderr.firstMatch(of: /first read one attribute every (\d+) along the chain/))
        let step = try #require(Int(match.1))
        #expect(step >= 10)
        #expect(Self.evaluateChain(count: 20_000, step: step) == 20_000)
    }

    /// A rule whose own frame is large (64 KiB of locals). Unoptimised even in release builds,
    /// where the optimiser would otherwise drop the scratch array and the frame with it, and the
    /// chain would fit the stack without reaching the guard this test is about.
    struct LargeFrame: Rule {
        @Attribute var previous: Int
        var value: Int {
            @_optimize(none) get {
                var scratch = InlineArray<8192, Int>(repeating: 0)
                for index in stride(from: 0, to: 8192, by: 512) { scratch[index] = previous &+ index }
                return withExtendedLifetime(scratch) { scratch[0] &+ 1 }
            }
        }
    }

    @Test func rulesWithLargeFramesStopWithTheMessageNotASegmentationFault() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = onThread(stackSize: 512 * 1024) { () -> Int in
                let graph = Graph()
                let root = Subgraph(graph: graph)
                return root.apply {
                    var last = Attribute(value: 0)
                    for _ in 0..<64 { last = Attribute(LargeFrame(previous: last)) }
                    return last.value
                }
            }
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("the thread's stack is nearly exhausted"))
        #expect(stderr.contains("make the rules' own frames smaller"))
    }
}
