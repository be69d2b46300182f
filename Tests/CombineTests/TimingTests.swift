import Combine
import Foundation
import Synchronization
import Testing

@Suite struct TimingTests {
    @Test func debouncePublishesAfterSilenceOnVirtualTime() {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<String, Never>()
        let recorder = Recorder<String, Never>()
        subject.debounce(for: .milliseconds(300), scheduler: scheduler).subscribe(recorder)
        subject.send("s")
        scheduler.advance(by: .milliseconds(100))
        subject.send("sw")
        scheduler.advance(by: .milliseconds(100))
        subject.send("swi")
        scheduler.advance(by: .milliseconds(299))
        #expect(recorder.values.isEmpty, "each value restarts the wait")
        scheduler.advance(by: .milliseconds(1))
        #expect(recorder.values == ["swi"])
        subject.send("swift")
        scheduler.advance(by: .milliseconds(150))
        subject.send(completion: .finished)
        scheduler.advance()
        #expect(recorder.values == ["swi"] && recorder.isFinished, "the completion comes at once; a waiting value is dropped")
    }

    @Test func debounceDropsADueValueWithoutDemand() {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, Never>(demand: .none)
        subject.debounce(for: 1, scheduler: scheduler).subscribe(recorder)
        subject.send(1)
        scheduler.advance(by: 1)
        recorder.request(.max(1))
        subject.send(2)
        scheduler.advance(by: 1)
        #expect(recorder.values == [2])
        recorder.cancel()
    }

    @Test func throttleLatestPublishesTheMostRecentValueOfEachInterval() {
        #expect(throttled(latest: true) == ["1@0", "3@10", "4@20"])
    }

    @Test func throttleFirstPublishesTheFirstValueOfEachInterval() {
        #expect(throttled(latest: false) == ["1@0", "2@10", "4@20"])
    }

    /// Values 1 at t=0, 2 at 1, 3 at 5, 4 at 15, throttled by 10 seconds; "value@time" as published.
    private func throttled(latest: Bool) -> [String] {
        let scheduler = RunLoop.test
        let start = scheduler.now
        let subject = PassthroughSubject<Int, Never>()
        var log: [String] = []
        let c = subject.throttle(for: 10, scheduler: scheduler, latest: latest).sink { value in
            log.append("\(value)@\(Int(start.distance(to: scheduler.now).magnitude))")
        }
        subject.send(1)
        scheduler.advance()
        scheduler.advance(by: 1)
        subject.send(2)
        scheduler.advance(by: 4)
        subject.send(3)
        scheduler.advance(by: 10)
        subject.send(4)
        scheduler.advance(by: 20)
        _ = c
        return log
    }

    @Test func throttleDeliversTheCompletionAfterAWaitingValue() {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, Never>()
        subject.throttle(for: .seconds(1), scheduler: scheduler, latest: true).subscribe(recorder)
        subject.send(1)
        scheduler.advance()
        subject.send(2)
        subject.send(completion: .finished)
        #expect(recorder.values == [1] && recorder.completion == nil)
        scheduler.advance(by: .seconds(1))
        #expect(recorder.values == [1, 2] && recorder.isFinished)
    }

    @Test func delayShiftsValuesAndCompletion() {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, Never>()
        subject.delay(for: .seconds(5), scheduler: scheduler).subscribe(recorder)
        subject.send(1)
        scheduler.advance(by: .seconds(1))
        subject.send(completion: .finished)
        scheduler.advance(by: .seconds(3))
        #expect(recorder.values.isEmpty)
        scheduler.advance(by: .seconds(1))
        #expect(recorder.values == [1] && recorder.completion == nil)
        scheduler.advance(by: .seconds(1))
        #expect(recorder.isFinished)
    }

    @Test func receiveOnDeliversThroughTheScheduler() {
        let scheduler = DispatchQueue.test
        let recorder = Recorder<Int, Never>()
        [1, 2].publisher.receive(on: scheduler).subscribe(recorder)
        #expect(recorder.subscriptionCount == 1 && recorder.values.isEmpty)
        scheduler.advance()
        #expect(recorder.values == [1, 2] && recorder.isFinished)
    }

    @Test func subscribeOnSubscribesThroughTheScheduler() {
        let scheduler = DispatchQueue.test
        var subscribed = false
        let recorder = Recorder<Int, Never>()
        Just(1).handleEvents(receiveSubscription: { _ in subscribed = true }).subscribe(on: scheduler).subscribe(recorder)
        #expect(!subscribed)
        scheduler.advance()
        #expect(subscribed && recorder.values == [1] && recorder.isFinished)
    }

    @Test func immediateSchedulerRunsEverythingAtOnce() {
        let recorder = Recorder<Int, Never>()
        let subject = PassthroughSubject<Int, Never>()
        subject.delay(for: 10, scheduler: ImmediateScheduler.shared).debounce(for: 1, scheduler: ImmediateScheduler.shared)
            .subscribe(recorder)
        subject.send(1)
        #expect(recorder.values == [1])
        recorder.cancel()
    }

    @Test func receiveOnADispatchQueueDeliversOnThatQueue() {
        let queue = DispatchQueue(label: "combine.tests.receive")
        let key = DispatchSpecificKey<Int>()
        queue.setSpecific(key: key, value: 42)
        let done = DispatchSemaphore(value: 0)
        var onQueue: [Bool] = []
        let c = [1, 2, 3].publisher.receive(on: queue).sink(
            receiveCompletion: { _ in done.signal() },
            receiveValue: { _ in onQueue.append(DispatchQueue.getSpecific(key: key) == 42) })
        #expect(done.wait(timeout: .now() + 5) == .success)
        #expect(onQueue == [true, true, true])
        _ = c
    }

    @Test func dispatchQueueRepeatingScheduleRunsUntilCancelled() {
        let queue = DispatchQueue(label: "combine.tests.repeat")
        let ticks = Counter()
        let three = DispatchSemaphore(value: 0)
        let cancellable = queue.schedule(after: queue.now, interval: .milliseconds(5)) {
            ticks.increment()
            if ticks.value == 3 { three.signal() }
        }
        #expect(three.wait(timeout: .now() + 5) == .success)
        cancellable.cancel()
        let stopped = ticks.value
        queue.sync {}
        Thread.sleep(forTimeInterval: 0.05)
        #expect(ticks.value <= stopped + 1)
    }

    @Test func runLoopSchedulerDeliversOnTheRunLoopsThread() {
        let runLoop = RunLoop.current
        let thread = Thread.current
        let subject = PassthroughSubject<Int, Never>()
        var deliveries: [Bool] = []
        let c = subject.receive(on: runLoop).sink { _ in deliveries.append(Thread.current == thread) }
        DispatchQueue.global().async { subject.send(1) }
        #expect(spinRunLoop { deliveries.count == 1 })
        #expect(deliveries == [true])
        var fired = false
        runLoop.schedule(after: runLoop.now.advanced(by: .milliseconds(10))) { fired = true }
        #expect(spinRunLoop { fired })
        _ = c
    }

    @Test func operationQueueSchedulerRunsOperations() {
        // A serial queue: on a concurrent one the values and the completion may run at once and in
        // any order, with Apple's Combine as with this one.
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let done = DispatchSemaphore(value: 0)
        var values: [Int] = []
        let c = [1, 2].publisher.delay(for: .milliseconds(5), scheduler: queue).receive(on: queue).sink(
            receiveCompletion: { _ in done.signal() }, receiveValue: { values.append($0) })
        #expect(done.wait(timeout: .now() + 5) == .success)
        #expect(values.sorted() == [1, 2])
        _ = c
    }

    @Test func delayedValuesReachASerialOperationQueueInTheOrderTheyWereSent() {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let done = DispatchSemaphore(value: 0)
        let received = Mutex<[Int]>([])
        let c = (0..<300).publisher.delay(for: .milliseconds(1), scheduler: queue).sink(
            receiveCompletion: { _ in done.signal() }, receiveValue: { value in received.withLock { $0.append(value) } })
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(received.withLock { $0 } == Array(0..<300), "every value, in order, before the completion")
        _ = c
    }

    @Test func schedulerStridesReadLiteralsAsSeconds() {
        let one: DispatchQueue.SchedulerTimeType.Stride = 1
        let half: DispatchQueue.SchedulerTimeType.Stride = 0.5
        #expect(one == .seconds(1) && one.magnitude == 1_000_000_000)
        #expect(half == .milliseconds(500))
        let start = DispatchQueue.SchedulerTimeType(DispatchTime(uptimeNanoseconds: 1_000))
        #expect(start.distance(to: start.advanced(by: .microseconds(3))) == .nanoseconds(3_000))
        let runLoopStride: RunLoop.SchedulerTimeType.Stride = .milliseconds(250)
        #expect(runLoopStride.timeInterval == 0.25)
    }

    /// RunLoop's and OperationQueue's times are dates and their strides seconds, with the same
    /// arithmetic (one shared implementation behind two types, as Apple's Combine declares them).
    @Test func dateSchedulerTimesAdvanceBySeconds() {
        let date = Date(timeIntervalSinceReferenceDate: 1_000)
        let runLoopStart = RunLoop.SchedulerTimeType(date)
        let runLoopLater = runLoopStart.advanced(by: 1.5)
        #expect(runLoopLater.date == Date(timeIntervalSinceReferenceDate: 1_001.5))
        #expect(runLoopStart.distance(to: runLoopLater) == .milliseconds(1_500))
        #expect(runLoopLater.distance(to: runLoopStart) == -1.5)
        var stride: OperationQueue.SchedulerTimeType.Stride = 2
        stride += .seconds(0.5)
        stride *= 2
        stride -= .microseconds(500_000)
        #expect(stride.timeInterval == 4.5 && stride > .nanoseconds(4_499_999_999))
        #expect(OperationQueue.SchedulerTimeType.Stride(exactly: 3) == .seconds(3))
        let queueStart = OperationQueue.SchedulerTimeType(date)
        #expect(queueStart.advanced(by: stride).date == Date(timeIntervalSinceReferenceDate: 1_004.5))
        #expect(queueStart < queueStart.advanced(by: .nanoseconds(1_000)))
    }

    @Test func testSchedulerRunsInDateOrderAndRepeatsUntilCancelled() {
        let scheduler = DispatchQueue.test
        var log: [String] = []
        scheduler.schedule(after: scheduler.now.advanced(by: 2)) { log.append("b") }
        scheduler.schedule(after: scheduler.now.advanced(by: 1)) { log.append("a") }
        scheduler.schedule { log.append("now") }
        let ticking = scheduler.schedule(after: scheduler.now.advanced(by: 1), interval: 1) { log.append("tick") }
        scheduler.advance(by: 2)
        #expect(log == ["now", "a", "tick", "b", "tick"])
        ticking.cancel()
        scheduler.run()
        #expect(log.count == 5 && scheduler.pendingCount == 0)
        scheduler.schedule(after: scheduler.now.advanced(by: 100)) { log.append("later") }
        scheduler.run()
        #expect(log.last == "later")
    }
}
