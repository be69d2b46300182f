import Combine
import Foundation
import Testing

@Suite struct PublisherTests {
    @Test func justWaitsForDemandThenFinishes() {
        let recorder = Recorder<Int, Never>(demand: .none)
        Just(3).subscribe(recorder)
        #expect(recorder.values.isEmpty && recorder.completion == nil)
        recorder.request(.max(1))
        #expect(recorder.values == [3] && recorder.isFinished)
        #expect(Just(1) == Just(1))
    }

    @Test func emptyAndFailComplete() {
        let empty = Recorder<Int, TestError>()
        Empty<Int, TestError>().subscribe(empty)
        #expect(empty.isFinished && empty.values.isEmpty)
        let never = Recorder<Int, TestError>()
        Empty<Int, TestError>(completeImmediately: false).subscribe(never)
        #expect(never.completion == nil && never.subscriptionCount == 1)
        let fail = Recorder<Int, TestError>()
        Fail<Int, TestError>(error: TestError(code: 3)).subscribe(fail)
        #expect(fail.failure == TestError(code: 3))
    }

    @Test func sequenceHonoursDemandAndFinishesAfterTheLastElement() {
        let recorder = Recorder<Int, Never>(demand: .max(2))
        (1...5).publisher.subscribe(recorder)
        #expect(recorder.values == [1, 2] && recorder.completion == nil)
        recorder.request(.max(3))
        #expect(recorder.values == [1, 2, 3, 4, 5] && recorder.isFinished, "finishes at once after the last element")
        let empty = Recorder<Int, Never>(demand: .none)
        [Int]().publisher.subscribe(empty)
        #expect(empty.isFinished, "an empty sequence finishes without demand")
    }

    @Test func sequenceServesReentrantRequestsWithoutRecursion() {
        var depth = 0
        var maxDepth = 0
        weak var weakRecorder: Recorder<Int, Never>?
        let recorder = Recorder<Int, Never>(demand: .max(1)) { _ in
            depth += 1
            maxDepth = max(maxDepth, depth)
            weakRecorder?.request(.max(1))
            depth -= 1
            return .none
        }
        weakRecorder = recorder
        (0..<10_000).publisher.subscribe(recorder)
        #expect(recorder.values.count == 10_000 && recorder.isFinished)
        #expect(maxDepth == 1, "each request made inside receive is served after it returns")
    }

    @Test func cancellingASequenceStopsIt() {
        weak var weakRecorder: Recorder<Int, Never>?
        let recorder = Recorder<Int, Never>(demand: .unlimited) { value in
            if value == 3 { weakRecorder?.cancel() }
            return .none
        }
        weakRecorder = recorder
        (1...10).publisher.subscribe(recorder)
        #expect(recorder.values == [1, 2, 3] && recorder.completion == nil)
    }

    @Test func futureFulfilsOnceAndReplaysToLateSubscribers() {
        var promise: Future<Int, TestError>.Promise!
        var runs = 0
        let future = Future<Int, TestError> { runs += 1; promise = $0 }
        let early = Recorder<Int, TestError>()
        future.subscribe(early)
        promise(.success(1))
        promise(.success(2))
        promise(.failure(TestError()))
        let late = Recorder<Int, TestError>()
        future.subscribe(late)
        #expect(runs == 1)
        #expect(early.values == [1] && early.isFinished)
        #expect(late.values == [1] && late.isFinished)
    }

    @Test func futureWaitsForDemandButFailsAtOnce() {
        let future = Future<Int, TestError> { $0(.success(9)) }
        let waiting = Recorder<Int, TestError>(demand: .none)
        future.subscribe(waiting)
        #expect(waiting.values.isEmpty && waiting.completion == nil)
        waiting.request(.max(1))
        #expect(waiting.values == [9] && waiting.isFinished)
        let failing = Recorder<Int, TestError>(demand: .none)
        Future<Int, TestError> { $0(.failure(TestError(code: 4))) }.subscribe(failing)
        #expect(failing.failure == TestError(code: 4))
    }

    @Test func futureFulfilledFromAnotherThread() {
        let done = DispatchSemaphore(value: 0)
        let future = Future<Int, Never> { promise in
            DispatchQueue.global().async { promise(.success(42)) }
        }
        var value: Int?
        let c = future.sink { value = $0; done.signal() }
        #expect(done.wait(timeout: .now() + 5) == .success)
        #expect(value == 42)
        _ = c
    }

    @Test func deferredCreatesAPublisherPerSubscriber() {
        var created = 0
        let deferred = Deferred { () -> Just<Int> in
            created += 1
            return Just(created)
        }
        #expect(created == 0)
        let first = Recorder<Int, Never>()
        let second = Recorder<Int, Never>()
        deferred.subscribe(first)
        deferred.subscribe(second)
        #expect(first.values == [1] && second.values == [2])
    }

    @Test func recordPlaysBackOutputAndCompletion() {
        let record = Record<Int, TestError> { recording in
            recording.receive(1)
            recording.receive(2)
            recording.receive(completion: .failure(TestError(code: 2)))
        }
        let recorder = Recorder<Int, TestError>()
        record.subscribe(recorder)
        #expect(recorder.values == [1, 2] && recorder.failure == TestError(code: 2))
        let empty = Recorder<Int, Never>()
        Record<Int, Never>(output: [], completion: .finished).subscribe(empty)
        #expect(empty.isFinished)
    }

    @Test func resultAndOptionalPublishers() {
        let success = Recorder<Int, TestError>()
        Result<Int, TestError>.success(1).publisher.subscribe(success)
        #expect(success.values == [1] && success.isFinished)
        let failure = Recorder<Int, TestError>()
        Result<Int, TestError>.failure(TestError()).publisher.subscribe(failure)
        #expect(failure.failure == TestError())
        let some = Recorder<Int, Never>()
        Optional(5).publisher.subscribe(some)
        let none = Recorder<Int, Never>()
        Int?.none.publisher.subscribe(none)
        #expect(some.values == [5] && none.values.isEmpty && none.isFinished)
    }
}
