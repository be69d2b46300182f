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
        let results = onThread(stackSize: 512 * 1024) { () -> [Int] in
            let graph = Graph()
            let subgraph = Subgraph(graph: graph)
            return subgraph.apply {
                let head = Attribute(value: 0)
                var chain: [Attribute<Int>] = [head]
                chain.reserveCapacity(1_000_001)
                for _ in 0..<1_000_000 {
                    chain.append(Attribute(Map(chain[chain.count - 1]) { $0 + 1 }))
                }
                // The first evaluation nests one level per never-computed rule: do it in steps
                // of 100 (≈190 KiB of stack in a debug build).
                for index in stride(from: 100, to: chain.count, by: 100) {
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
        #expect(results[0] == 1_000_000)
        #expect(results[1] == 1_000_010)
        #expect(results[2] == 1_000_020)
        #expect(results[3] == 3_000_000)
    }

    @Test func firstEvaluationWithinTheDocumentedDepthWorksOnA512KiBStack() {
        // Documented limit: about 0.8 KiB of stack per never-computed level in release builds and
        // 1.9 KiB in debug builds; 200 levels fit a 512 KiB thread in either.
        let value = onThread(stackSize: 512 * 1024) { () -> Int in
            let graph = Graph()
            return Subgraph(graph: graph).apply {
                var last = Attribute(value: 0)
                for _ in 0..<200 { last = Attribute(Map(last) { $0 + 1 }) }
                return last.value
            }
        }
        #expect(value == 200)
    }

    @Test func firstEvaluationDeeperThanTheStackStopsWithAClearMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let done = DispatchSemaphore(value: 0)
            let thread = Thread {
                let graph = Graph()
                Subgraph(graph: graph).apply {
                    var last = Attribute(value: 0)
                    for _ in 0..<100_000 { last = Attribute(Map(last) { $0 + 1 }) }
                    _ = last.value
                }
                done.signal()
            }
            thread.stackSize = 512 * 1024
            thread.start()
            done.wait()
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("the thread's stack is nearly exhausted"))
        #expect(stderr.contains("Evaluate a long chain in steps"))
    }
}
