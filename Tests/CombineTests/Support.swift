import Combine
import CoreFoundation
import Foundation

/// A subscriber that records what it receives. It asks for `demand` when subscribed and, after each value, for
/// what `onValue` returns (nothing more by default). It keeps the subscription until ``cancel()``.
final class Recorder<Input, Failure: Error>: Subscriber, @unchecked Sendable {
    // @unchecked: every field is read and written under `lock` (values may arrive from several threads).
    private let lock = NSLock()
    private var received: [Input] = []
    private var completions: [Subscribers.Completion<Failure>] = []
    private var subscriptions = 0
    private var subscription: Subscription?
    private let initialDemand: Subscribers.Demand
    private let onValue: (Input) -> Subscribers.Demand

    init(demand: Subscribers.Demand = .unlimited, onValue: @escaping (Input) -> Subscribers.Demand = { _ in .none }) {
        initialDemand = demand
        self.onValue = onValue
    }

    var values: [Input] { lock.withLock { received } }
    var completion: Subscribers.Completion<Failure>? { lock.withLock { completions.first } }
    var completionCount: Int { lock.withLock { completions.count } }
    var subscriptionCount: Int { lock.withLock { subscriptions } }
    var isFinished: Bool {
        if case .finished = completion { true } else { false }
    }
    var failure: Failure? {
        if case .failure(let error) = completion { error } else { nil }
    }

    func receive(subscription: Subscription) {
        lock.withLock {
            subscriptions += 1
            self.subscription = subscription
        }
        if initialDemand > 0 { subscription.request(initialDemand) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.withLock { received.append(input) }
        return onValue(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.withLock { completions.append(completion) }
    }

    func request(_ demand: Subscribers.Demand) {
        lock.withLock { subscription }?.request(demand)
    }

    func cancel() {
        lock.withLock { subscription.take() }?.cancel()
    }
}

extension Optional {
    mutating func take() -> Wrapped? {
        defer { self = nil }
        return self
    }
}

/// An error for tests.
struct TestError: Error, Equatable {
    var code = 1
}

/// An object whose release a test observes through a weak reference.
final class Probe {
    let name: String
    init(_ name: String = "probe") { self.name = name }
}

/// A counter safe to bump from several threads.
final class Counter: @unchecked Sendable {
    // @unchecked: `value` is read and written under `lock`.
    private let lock = NSLock()
    private var count = 0
    func increment() { adjust(1) }
    func adjust(_ delta: Int) { lock.withLock { count += delta } }
    var value: Int { lock.withLock { count } }
}

/// Runs the current thread's run loop until `condition` holds or `timeout` passes; returns whether it held.
@discardableResult
func spinRunLoop(timeout: TimeInterval = 5, until condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        if Date() > deadline { return false }
        // A timer keeps the loop from returning at once when it has no other source (a Core Foundation one:
        // Foundation's block-based Timer leaks on Linux).
        let keepAlive = CFRunLoopTimerCreateWithHandler(kCFAllocatorDefault, CFAbsoluteTimeGetCurrent() + 0.01, 0, 0, 0) { _ in }
        CFRunLoopAddTimer(CFRunLoopGetCurrent(), keepAlive, kCFRunLoopDefaultMode)
        _ = RunLoop.current.run(mode: .default, before: Date().addingTimeInterval(0.01))
        CFRunLoopTimerInvalidate(keepAlive)
    }
    return true
}
