import Combine
import Foundation
import Testing

@Suite struct CombiningTests {
    @Test func combineLatestWaitsForEveryUpstreamThenPublishesOnEachChange() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<String, Never>()
        var pairs: [String] = []
        let c = a.combineLatest(b).sink { pairs.append("\($0)\($1)") }
        a.send(1)
        a.send(2)
        #expect(pairs.isEmpty, "nothing until both published")
        b.send("x")
        a.send(3)
        b.send("y")
        #expect(pairs == ["2x", "3x", "3y"])
        _ = c
    }

    @Test func combineLatestFinishesOnlyWhenAllFinishAndFailsAtTheFirstFailure() {
        let a = PassthroughSubject<Int, TestError>()
        let b = PassthroughSubject<Int, TestError>()
        let recorder = Recorder<(Int, Int), TestError>()
        a.combineLatest(b).subscribe(recorder)
        a.send(1)
        b.send(1)
        a.send(completion: .finished)
        #expect(recorder.completion == nil)
        b.send(2)
        #expect(recorder.values.count == 2, "a finished upstream still contributes its latest value")
        b.send(completion: .finished)
        #expect(recorder.isFinished)

        let x = PassthroughSubject<Int, TestError>()
        let y = PassthroughSubject<Int, TestError>()
        var yCancelled = false
        let failing = Recorder<(Int, Int), TestError>()
        x.combineLatest(y.handleEvents(receiveCancel: { yCancelled = true })).subscribe(failing)
        x.send(completion: .failure(TestError(code: 5)))
        #expect(failing.failure == TestError(code: 5) && yCancelled)
    }

    @Test func combineLatestOfThreeAndFourAndTransform() {
        let three = collectAll(Just(1).combineLatest(Just("a"), Just(true)))
        #expect(three.values.count == 1 && three.values[0] == (1, "a", true) && three.completion == .finished)
        let four = collectAll(Just(1).combineLatest(Just(2), Just(3), Just(4)) { $0 + $1 + $2 + $3 })
        #expect(four.values == [10])
    }

    @Test func combineLatestDropsTuplesWithoutDemand() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let recorder = Recorder<(Int, Int), Never>(demand: .max(1))
        a.combineLatest(b).subscribe(recorder)
        a.send(1)
        b.send(1)
        recorder.request(.max(1))  // each upstream may send one more
        a.send(2)
        b.send(3)  // "2 3" has no demand: dropped, but 3 stays b's latest
        recorder.request(.max(1))
        a.send(4)
        #expect(recorder.values.map { "\($0.0)\($0.1)" } == ["11", "21", "43"])
        recorder.cancel()
    }

    @Test func zipPairsByIndexAndFinishesWhenAnExhaustedUpstreamFinished() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<String, Never>()
        let recorder = Recorder<(Int, String), Never>()
        a.zip(b).subscribe(recorder)
        a.send(1)
        a.send(2)
        a.send(3)
        b.send("x")
        b.send("y")
        #expect(recorder.values.map { "\($0.0)\($0.1)" } == ["1x", "2y"])
        b.send(completion: .finished)
        #expect(recorder.isFinished, "b is done and has nothing queued: no pair can follow")

        let c = PassthroughSubject<Int, Never>()
        let d = PassthroughSubject<Int, Never>()
        let waiting = Recorder<(Int, Int), Never>()
        c.zip(d).subscribe(waiting)
        c.send(1)
        c.send(completion: .finished)
        #expect(waiting.completion == nil, "c's queued value can still be paired")
        d.send(10)
        #expect(waiting.values.count == 1 && waiting.isFinished)
    }

    @Test func zipOfThreeWithTransform() {
        #expect(collectAll([1, 2].publisher.zip([10, 20].publisher, [100, 200, 300].publisher) { $0 + $1 + $2 }).values == [111, 222])
    }

    @Test func mergeInterleavesAndFinishesWhenAllFinish() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, Never>()
        a.merge(with: b).subscribe(recorder)
        a.send(1)
        b.send(2)
        a.send(3)
        a.send(completion: .finished)
        b.send(4)
        #expect(recorder.values == [1, 2, 3, 4] && recorder.completion == nil)
        b.send(completion: .finished)
        #expect(recorder.isFinished)
        #expect(collectAll(Just(1).merge(with: Just(2), Just(3))).values.sorted() == [1, 2, 3])
        #expect(collectAll(Publishers.MergeMany([Just(1), Just(2), Just(3), Just(4)])).values.sorted() == [1, 2, 3, 4])
    }

    @Test func mergeHonoursLimitedDemand() {
        let recorder = Recorder<Int, Never>(demand: .max(3))
        (1...5).publisher.merge(with: (10...15).publisher).subscribe(recorder)
        #expect(recorder.values.count == 3 && recorder.completion == nil)
        recorder.request(.unlimited)
        #expect(recorder.values.count == 11 && recorder.isFinished)
    }

    @Test func flatMapRespectsMaxPublishers() {
        let inners = (0..<3).map { _ in PassthroughSubject<Int, Never>() }
        let outer = PassthroughSubject<Int, Never>()
        var requests: [Subscribers.Demand] = []
        let recorder = Recorder<Int, Never>()
        outer.handleEvents(receiveRequest: { requests.append($0) })
            .flatMap(maxPublishers: .max(2)) { inners[$0] }
            .subscribe(recorder)
        #expect(requests == [.max(2)])
        outer.send(0)
        outer.send(1)
        inners[0].send(10)
        inners[1].send(11)
        inners[0].send(completion: .finished)
        #expect(requests == [.max(2), .max(1)], "a finished inner publisher makes room for one more")
        outer.send(2)
        inners[2].send(12)
        outer.send(completion: .finished)
        #expect(recorder.completion == nil, "inner publishers still run")
        inners[1].send(completion: .finished)
        inners[2].send(completion: .finished)
        #expect(recorder.values == [10, 11, 12] && recorder.isFinished)
    }

    @Test func flatMapFailsWhenAnInnerPublisherFails() {
        let result = collectAll([1, 2, 3].publisher.setFailureType(to: TestError.self).flatMap { value -> AnyPublisher<Int, TestError> in
            value == 2 ? Fail(error: TestError(code: 2)).eraseToAnyPublisher() : Just(value).setFailureType(to: TestError.self).eraseToAnyPublisher()
        })
        #expect(result.values == [1] && result.completion == .failure(TestError(code: 2)))
    }

    @Test func flatMapOverloadsForNeverFailures() {
        let fromNever: Publishers.FlatMap<Fail<Int, TestError>, Publishers.SetFailureType<Just<Int>, TestError>> =
            Just(1).flatMap { _ in Fail<Int, TestError>(error: TestError()) }
        #expect(collectAll(fromNever).completion == .failure(TestError()))
        let intoNever: Publishers.FlatMap<Publishers.SetFailureType<Just<Int>, TestError>, Fail<Int, TestError>> =
            Fail<Int, TestError>(error: TestError()).flatMap { Just($0) }
        #expect(collectAll(intoNever).completion == .failure(TestError()))
        #expect(collectAll(Just(2).flatMap { Just($0 * 2) }).values == [4])
    }

    @Test func switchToLatestCancelsThePreviousInnerPublisher() {
        let outer = PassthroughSubject<AnyPublisher<Int, Never>, Never>()
        let first = PassthroughSubject<Int, Never>()
        let second = PassthroughSubject<Int, Never>()
        var firstCancelled = false
        let recorder = Recorder<Int, Never>()
        outer.switchToLatest().subscribe(recorder)
        outer.send(first.handleEvents(receiveCancel: { firstCancelled = true }).eraseToAnyPublisher())
        first.send(1)
        outer.send(second.eraseToAnyPublisher())
        #expect(firstCancelled)
        first.send(2)
        second.send(3)
        #expect(recorder.values == [1, 3])
        outer.send(completion: .finished)
        #expect(recorder.completion == nil, "the current inner publisher still runs")
        second.send(completion: .finished)
        #expect(recorder.isFinished)
    }

    @Test func switchToLatestCarriesDemandOver() {
        let outer = PassthroughSubject<AnyPublisher<Int, Never>, Never>()
        let recorder = Recorder<Int, Never>(demand: .max(3))
        outer.switchToLatest().subscribe(recorder)
        outer.send((1...2).publisher.eraseToAnyPublisher())
        outer.send((10...20).publisher.eraseToAnyPublisher())
        #expect(recorder.values == [1, 2, 10], "three requested, three delivered across two inner publishers")
        recorder.cancel()
    }

    @Test func catchReplacesAFailedPublisherAndKeepsTheDemand() {
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = Recorder<Int, Never>(demand: .max(3))
        subject.catch { _ in (100...200).publisher }.subscribe(recorder)
        subject.send(1)
        subject.send(completion: .failure(TestError()))
        #expect(recorder.values == [1, 100, 101], "the replacement is asked for what the downstream still wants")
        recorder.cancel()
        let thrown = collectAll(Fail<Int, TestError>(error: TestError()).tryCatch { _ -> Just<Int> in throw TestError(code: 9) })
        #expect((thrown.completion.flatMap { if case .failure(let e) = $0 { e as? TestError } else { nil } }) == TestError(code: 9))
    }

    @Test func retryResubscribesUpToTheLimit() {
        var attempts = 0
        let publisher = Deferred { () -> AnyPublisher<Int, TestError> in
            attempts += 1
            return attempts < 3 ? Fail(error: TestError()).eraseToAnyPublisher() : Just(attempts).setFailureType(to: TestError.self).eraseToAnyPublisher()
        }
        #expect(collectAll(publisher.retry(5)).values == [3])
        attempts = -10
        #expect(collectAll(publisher.retry(1)).completion == .failure(TestError()))
    }

    @Test func prependAndAppendConcatenate() {
        #expect(collectAll(Just(2).prepend(0, 1).append(3, 4)).values == [0, 1, 2, 3, 4])
        #expect(collectAll(Just(2).prepend([0, 1]).append(Just(3))).values == [0, 1, 2, 3])
        let subject = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, Never>()
        subject.prepend(0).subscribe(recorder)
        subject.send(1)
        subject.send(completion: .finished)
        #expect(recorder.values == [0, 1] && recorder.isFinished)
    }
}
