import Combine
import Foundation
import Testing

@Suite struct CoreTests {
    @Test func anyCancellableRunsItsClosureOnceAndOnRelease() {
        var calls = 0
        let cancellable = AnyCancellable { calls += 1 }
        cancellable.cancel()
        cancellable.cancel()
        #expect(calls == 1)

        var released = 0
        do {
            _ = AnyCancellable { released += 1 }
        }
        #expect(released == 1, "releasing the last reference cancels")
    }

    @Test func storeInSetAndArrayCancelsOnRemoval() {
        var cancelled: [String] = []
        var set = Set<AnyCancellable>()
        AnyCancellable { cancelled.append("set") }.store(in: &set)
        var array: [AnyCancellable] = []
        AnyCancellable { cancelled.append("array") }.store(in: &array)
        #expect(set.count == 1 && array.count == 1 && cancelled.isEmpty)
        set.removeAll()
        #expect(cancelled == ["set"])
        array.removeAll()
        #expect(cancelled == ["set", "array"])
    }

    @Test func anyCancellableIsEqualOnlyToItself() {
        let a = AnyCancellable {}
        let b = AnyCancellable {}
        #expect(a == a && a != b)
        #expect(Set([a, b, a]).count == 2)
    }

    @Test func cancellableStoreWrapsACustomCancellable() {
        final class Custom: Cancellable {
            var cancelled = 0
            func cancel() { cancelled += 1 }
        }
        let custom = Custom()
        var set = Set<AnyCancellable>()
        custom.store(in: &set)
        set.removeAll()
        #expect(custom.cancelled == 1)
    }

    @Test func combineIdentifiersAreUniqueOrObjectBased() {
        let a = CombineIdentifier()
        let b = CombineIdentifier()
        #expect(a != b)
        let object = Probe()
        #expect(CombineIdentifier(object) == CombineIdentifier(object))
        #expect(CombineIdentifier(object) != CombineIdentifier(Probe()))
        let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
        #expect(sink.combineIdentifier == CombineIdentifier(sink))
    }

    @Test func anySubscriberForwardsAndKeepsTheWrappedIdentity() {
        let recorder = Recorder<Int, Never>()
        let erased = AnySubscriber(recorder)
        #expect(erased.combineIdentifier == recorder.combineIdentifier)
        #expect(AnySubscriber(erased).combineIdentifier == recorder.combineIdentifier, "erasing twice unwraps")
        [1, 2].publisher.subscribe(erased)
        #expect(recorder.values == [1, 2] && recorder.isFinished)

        var log: [String] = []
        let closures = AnySubscriber<Int, Never>(
            receiveSubscription: { log.append("subscription"); $0.request(.max(1)) },
            receiveValue: { log.append("value \($0)"); return .none },
            receiveCompletion: { _ in log.append("completion") })
        [7, 8].publisher.subscribe(closures)
        #expect(log == ["subscription", "value 7"], "honours the demand it asked for")
    }

    @Test func anySubscriberWrappingASubjectRelays() {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, Never>()
        subject.subscribe(recorder)
        Just(5).subscribe(AnySubscriber(subject))
        #expect(recorder.values == [5] && recorder.isFinished)
    }

    @Test func anyPublisherWrapsOnceAndSubscribesTheWrapped() {
        let erased = [1, 2, 3].publisher.eraseToAnyPublisher()
        let again = erased.eraseToAnyPublisher()
        let recorder = Recorder<Int, Never>()
        again.subscribe(recorder)
        #expect(recorder.values == [1, 2, 3] && recorder.isFinished)
        let typed: AnyPublisher<Int, Never> = Just(1).map { $0 + 1 }.eraseToAnyPublisher()
        #expect(typed.description == "AnyPublisher")
    }

    @Test func emptySubscriptionIsShared() {
        #expect(Subscriptions.empty.combineIdentifier == Subscriptions.empty.combineIdentifier)
        Subscriptions.empty.request(.unlimited)
        Subscriptions.empty.cancel()
    }

    @Test func sinkAcceptsOneSubscriptionAndStopsAfterCancel() {
        var values: [Int] = []
        let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { values.append($0) })
        let subject = PassthroughSubject<Int, Never>()
        subject.subscribe(sink)
        var secondCancelled = false
        let other = PassthroughSubject<Int, Never>().handleEvents(receiveCancel: { secondCancelled = true })
        other.subscribe(sink)
        #expect(secondCancelled, "a second subscription is cancelled")
        subject.send(1)
        sink.cancel()
        subject.send(2)
        #expect(values == [1])
    }

    @Test func subscriberReceiveOfVoid() {
        let recorder = Recorder<Void, Never>()
        let subject = PassthroughSubject<Void, Never>()
        subject.subscribe(recorder)
        subject.send()
        #expect(recorder.values.count == 1)
        #expect(recorder.receive() == .none)
    }
}
