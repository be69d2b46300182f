import Combine
import Foundation
import Testing

/// Runs `publisher` with unlimited demand and returns what it published and how it completed.
func collectAll<P: Publisher>(_ publisher: P) -> (values: [P.Output], completion: Subscribers.Completion<P.Failure>?) {
    let recorder = Recorder<P.Output, P.Failure>()
    publisher.subscribe(recorder)
    return (recorder.values, recorder.completion)
}

@Suite struct OperatorTests {
    @Test func mapFilterCompactMapScan() {
        #expect(collectAll([1, 2, 3].publisher.map { $0 * 10 }).values == [10, 20, 30])
        #expect(collectAll((1...6).publisher.filter { $0.isMultiple(of: 2) }).values == [2, 4, 6])
        #expect(collectAll(["1", "x", "3"].publisher.compactMap { Int($0) }).values == [1, 3])
        #expect(collectAll([1, 2, 3].publisher.scan(0, +)).values == [1, 3, 6])
        #expect(collectAll([1, 1, 2, 2, 1].publisher.removeDuplicates()).values == [1, 2, 1])
        #expect(collectAll([Int?.some(1), nil].publisher.replaceNil(with: 0)).values == [1, 0])
    }

    @Test func filteredValuesAreReplacedByUpstreamDemand() {
        let recorder = Recorder<Int, Never>(demand: .max(2))
        (1...10).publisher.filter { $0 > 5 }.subscribe(recorder)
        #expect(recorder.values == [6, 7], "asking for two gets two, however many were filtered out")
        recorder.cancel()
    }

    @Test func tryOperatorsFailWithTheThrownErrorAndCancelUpstream() {
        var cancelled = false
        let subject = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, Error>()
        subject.handleEvents(receiveCancel: { cancelled = true })
            .tryMap { value -> Int in
                if value == 2 { throw TestError(code: 2) }
                return value
            }
            .subscribe(recorder)
        subject.send(1)
        subject.send(2)
        subject.send(3)
        #expect(recorder.values == [1])
        #expect((recorder.failure as? TestError) == TestError(code: 2))
        #expect(cancelled)
        #expect(collectAll([1, 2].publisher.tryFilter { _ in throw TestError() }).completion.map { "\($0)" } != nil)
        #expect(collectAll([3, 1].publisher.tryScan(0) { $0 + $1 }).values == [3, 4])
    }

    @Test func mapErrorSetFailureTypeReplaceError() {
        let mapped = collectAll(Fail<Int, TestError>(error: TestError(code: 1)).mapError { TestError(code: $0.code + 1) })
        #expect(mapped.completion == .failure(TestError(code: 2)))
        let typed: AnyPublisher<Int, TestError> = Just(1).setFailureType(to: TestError.self).eraseToAnyPublisher()
        #expect(collectAll(typed).values == [1])
        let replaced = collectAll(Fail<Int, TestError>(error: TestError()).replaceError(with: 5))
        #expect(replaced.values == [5] && replaced.completion == .finished)
        #expect(collectAll(Empty<Int, Never>().replaceEmpty(with: 9)).values == [9])
        #expect(collectAll(Just(1).replaceEmpty(with: 9)).values == [1])
    }

    @Test func replaceErrorWaitsForDemand() {
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = Recorder<Int, Never>(demand: .max(1))
        subject.replaceError(with: 0).subscribe(recorder)
        subject.send(1)
        subject.send(completion: .failure(TestError()))
        #expect(recorder.values == [1] && recorder.completion == nil, "the replacement waits for demand")
        recorder.request(.max(1))
        #expect(recorder.values == [1, 0] && recorder.isFinished)
    }

    @Test func dropFirstPrefixOutput() {
        #expect(collectAll((1...5).publisher.dropFirst(2)).values == [3, 4, 5])
        #expect(collectAll((1...5).publisher.drop(while: { $0 < 3 })).values == [3, 4, 5])
        let prefix = collectAll((1...5).publisher.prefix(2))
        #expect(prefix.values == [1, 2] && prefix.completion == .finished)
        #expect(collectAll((1...5).publisher.prefix(while: { $0 < 4 })).values == [1, 2, 3])
        #expect(collectAll((1...5).publisher.output(at: 3)).values == [4])
        #expect(collectAll((1...9).publisher.output(in: 2...4)).values == [3, 4, 5])
    }

    @Test func firstCancelsItsUpstream() {
        var cancelled = false
        let subject = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, Never>()
        subject.handleEvents(receiveCancel: { cancelled = true }).first().subscribe(recorder)
        subject.send(4)
        #expect(recorder.values == [4] && recorder.isFinished && cancelled)
        #expect(collectAll((1...9).publisher.first(where: { $0 > 6 })).values == [7])
        #expect(collectAll([Int]().publisher.first()).completion == .finished)
        let thrown = collectAll((1...3).publisher.tryFirst(where: { _ in throw TestError() }))
        #expect(thrown.values.isEmpty && thrown.completion != nil)
    }

    @Test func lastReduceCountCollect() {
        #expect(collectAll((1...4).publisher.last()).values == [4])
        #expect(collectAll((1...4).publisher.last(where: { $0 < 3 })).values == [2])
        #expect(collectAll((1...4).publisher.reduce(0, +)).values == [10])
        #expect(collectAll((1...4).publisher.count()).values == [4])
        #expect(collectAll((1...4).publisher.collect()).values == [[1, 2, 3, 4]])
        #expect(collectAll([Int]().publisher.collect()).values == [[]])
        #expect(collectAll((1...5).publisher.collect(2)).values == [[1, 2], [3, 4], [5]])
        #expect(collectAll((1...5).publisher.contains(3)).values == [true])
        #expect(collectAll((1...5).publisher.allSatisfy { $0 < 3 }).values == [false])
        #expect(collectAll((1...5).publisher.ignoreOutput()).completion == .finished)
    }

    @Test func collectByCountAsksUpstreamForCountPerArray() {
        var requests: [Subscribers.Demand] = []
        let recorder = Recorder<[Int], Never>(demand: .max(1))
        (1...10).publisher.handleEvents(receiveRequest: { requests.append($0) }).collect(3).subscribe(recorder)
        #expect(recorder.values == [[1, 2, 3]])
        #expect(requests == [.max(3)])
        recorder.cancel()
    }

    @Test func reducersDeliverTheirResultWhenDemandArrives() {
        let recorder = Recorder<[Int], Never>(demand: .none)
        [1, 2].publisher.collect().subscribe(recorder)
        #expect(recorder.values.isEmpty && recorder.completion == nil)
        recorder.request(.max(1))
        #expect(recorder.values == [[1, 2]] && recorder.isFinished)
    }

    @Test func handleEventsSeesEveryEvent() {
        var log: [String] = []
        let c = [1].publisher.handleEvents(
            receiveSubscription: { _ in log.append("subscription") },
            receiveOutput: { log.append("output \($0)") },
            receiveCompletion: { _ in log.append("completion") },
            receiveCancel: { log.append("cancel") },
            receiveRequest: { log.append("request \($0)") }
        ).sink { _ in }
        #expect(log == ["subscription", "request unlimited", "output 1", "completion"])
        _ = c
    }

    @Test func printWritesApplesFormat() {
        final class Lines: TextOutputStream {
            var text = ""
            func write(_ string: String) { text += string }
        }
        let stream = Lines()
        let c = [1].publisher.print("numbers", to: stream).sink { _ in }
        #expect(
            stream.text
                == "numbers: receive subscription: (Sequence)\nnumbers: request unlimited\n"
                + "numbers: receive value: (1)\nnumbers: receive finished\n")
        _ = c
    }

    @Test func operatorTypesAreSpelledAsApples() {
        let subject = PassthroughSubject<Int, Never>()
        let _: Publishers.Map<PassthroughSubject<Int, Never>, String> = subject.map { "\($0)" }
        let _: Publishers.Filter<PassthroughSubject<Int, Never>> = subject.filter { $0 > 0 }
        let _: Publishers.CompactMap<PassthroughSubject<Int, Never>, Int> = subject.compactMap { $0 }
        let _: Publishers.RemoveDuplicates<PassthroughSubject<Int, Never>> = subject.removeDuplicates()
        let _: Publishers.Scan<PassthroughSubject<Int, Never>, Int> = subject.scan(0, +)
        let _: Publishers.Drop<PassthroughSubject<Int, Never>> = subject.dropFirst()
        let _: Publishers.First<PassthroughSubject<Int, Never>> = subject.first()
        let _: Publishers.Collect<PassthroughSubject<Int, Never>> = subject.collect()
        let _: Publishers.CollectByCount<PassthroughSubject<Int, Never>> = subject.collect(2)
        let _: Publishers.Output<PassthroughSubject<Int, Never>> = subject.prefix(2)
        let _: Publishers.SetFailureType<PassthroughSubject<Int, Never>, TestError> = subject.setFailureType(to: TestError.self)
        let _: Publishers.HandleEvents<PassthroughSubject<Int, Never>> = subject.handleEvents()
        let _: Publishers.Share<PassthroughSubject<Int, Never>> = subject.share()
        let _: Publishers.CombineLatest<PassthroughSubject<Int, Never>, Just<Int>> = subject.combineLatest(Just(1))
        let _: Publishers.Zip<PassthroughSubject<Int, Never>, Just<Int>> = subject.zip(Just(1))
        let _: Publishers.Merge<PassthroughSubject<Int, Never>, Just<Int>> = subject.merge(with: Just(1))
        let _: Publishers.FlatMap<Just<Int>, PassthroughSubject<Int, Never>> = subject.flatMap { Just($0) }
        let _: Publishers.Concatenate<Publishers.Sequence<[Int], Never>, PassthroughSubject<Int, Never>> = subject.prepend(0)
        let _: Publishers.Debounce<PassthroughSubject<Int, Never>, ImmediateScheduler> =
            subject.debounce(for: 1, scheduler: ImmediateScheduler.shared)
        let _: Publishers.ReceiveOn<PassthroughSubject<Int, Never>, DispatchQueue> = subject.receive(on: DispatchQueue.main)
        let _: Publishers.Catch<Fail<Int, TestError>, Just<Int>> = Fail<Int, TestError>(error: TestError()).catch { _ in Just(0) }
        let _: Publishers.ReplaceError<Fail<Int, TestError>> = Fail<Int, TestError>(error: TestError()).replaceError(with: 0)
        let _: Publishers.MapError<Fail<Int, TestError>, TestError> = Fail<Int, TestError>(error: TestError()).mapError { $0 }
        let _: Publishers.TryMap<PassthroughSubject<Int, Never>, Int> = subject.tryMap { $0 }
    }
}
