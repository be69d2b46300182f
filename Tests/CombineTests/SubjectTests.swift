import Combine
import Foundation
import Testing

@Suite struct SubjectTests {
    @Test func passthroughDropsValuesWithoutDemand() {
        let subject = PassthroughSubject<Int, Never>()
        subject.send(0)  // nobody subscribed: lost
        let recorder = Recorder<Int, Never>(demand: .max(2))
        subject.subscribe(recorder)
        subject.send(1)
        subject.send(2)
        subject.send(3)  // no demand left: dropped
        recorder.request(.max(1))
        subject.send(4)
        #expect(recorder.values == [1, 2, 4])
    }

    @Test func sendsAfterCompletionAreIgnoredAndLateSubscribersGetTheCompletion() {
        let subject = PassthroughSubject<Int, TestError>()
        let early = Recorder<Int, TestError>()
        subject.subscribe(early)
        subject.send(1)
        subject.send(completion: .failure(TestError(code: 7)))
        subject.send(2)
        subject.send(completion: .finished)
        #expect(early.values == [1] && early.failure == TestError(code: 7) && early.completionCount == 1)

        let late = Recorder<Int, TestError>()
        subject.subscribe(late)
        #expect(late.subscriptionCount == 1 && late.values.isEmpty && late.failure == TestError(code: 7))
    }

    @Test func reentrantSendFromInsideReceiveIsDeliveredNested() {
        let subject = PassthroughSubject<Int, Never>()
        var log: [String] = []
        let c = subject.sink { value in
            log.append("begin \(value)")
            if value == 1 { subject.send(2) }
            log.append("end \(value)")
        }
        subject.send(1)
        #expect(log == ["begin 1", "begin 2", "end 2", "end 1"])
        _ = c
    }

    @Test func cancellingDuringDeliveryStopsFurtherValues() {
        let subject = PassthroughSubject<Int, Never>()
        var first: [Int] = []
        var second: [Int] = []
        var cancellable: AnyCancellable?
        cancellable = subject.sink { value in
            first.append(value)
            if value == 2 { cancellable?.cancel() }
        }
        let other = subject.sink { second.append($0) }
        subject.send(1)
        subject.send(2)
        subject.send(3)
        #expect(first == [1, 2])
        #expect(second == [1, 2, 3], "other subscribers are unaffected")
        _ = other
    }

    @Test func currentValueSubjectReplaysTheCurrentValueOnFirstDemand() {
        let subject = CurrentValueSubject<Int, Never>(1)
        let recorder = Recorder<Int, Never>(demand: .none)
        subject.subscribe(recorder)
        #expect(recorder.values.isEmpty, "nothing before demand")
        subject.value = 2
        recorder.request(.max(1))
        #expect(recorder.values == [2], "the first demand delivers the current value")
        subject.send(3)  // no demand: dropped
        subject.send(4)
        recorder.request(.max(1))
        #expect(recorder.values == [2, 4], "after a drop, the next demand catches up with the latest value")
        #expect(subject.value == 4)
    }

    @Test func currentValueSubjectIgnoresSendsAfterCompletion() {
        let subject = CurrentValueSubject<String, Never>("a")
        let recorder = Recorder<String, Never>()
        subject.subscribe(recorder)
        subject.send(completion: .finished)
        subject.value = "b"
        #expect(subject.value == "a")
        #expect(recorder.values == ["a"] && recorder.isFinished)
    }

    @Test func subjectSubscribedToAPublisherRelaysIt() {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, Never>()
        subject.subscribe(recorder)
        let connection = [1, 2, 3].publisher.subscribe(subject)
        #expect(recorder.values == [1, 2, 3] && recorder.isFinished)
        connection.cancel()
    }

    @Test func concurrentSendsDeliverEveryValueOnceSerialised() async {
        let subject = PassthroughSubject<Int, Never>()
        let inside = Counter()
        let overlaps = Counter()
        let lock = NSLock()
        var received: [Int] = []
        let c = subject.sink { value in
            inside.increment()
            if inside.value > 1 { overlaps.increment() }
            lock.withLock { received.append(value) }
            // A short window in which an unserialised second call would overlap.
            for _ in 0..<50 { _ = inside.value }
            lock.withLock {}
            inside.decrementForTest()
        }
        let threads = 8
        let perThread = 500
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for index in 0..<perThread {
                subject.send(thread * perThread + index)
            }
        }
        #expect(received.count == threads * perThread)
        #expect(Set(received).count == threads * perThread, "every value exactly once")
        #expect(overlaps.value == 0, "the subscriber is never called from two threads at once")
        _ = c
    }

    @Test func concurrentSendsToACurrentValueSubjectKeepTheLastStoredValue() {
        let subject = CurrentValueSubject<Int, Never>(0)
        let total = Counter()
        let c = subject.sink { _ in total.increment() }
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for index in 0..<250 { subject.send(thread * 1000 + index) }
        }
        #expect(total.value == 1 + 1000, "the initial value and every sent one")
        _ = c
    }
}

extension Counter {
    /// For the serialisation test: the counter as a gauge.
    func decrementForTest() {
        adjust(-1)
    }
}
