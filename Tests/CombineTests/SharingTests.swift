import Combine
import Foundation
import Testing

@Suite struct SharingTests {
    @Test func shareSubscribesUpstreamOnceAndLateSubscribersMissEarlierValues() {
        var subscriptions = 0
        let subject = PassthroughSubject<Int, Never>()
        let shared = subject.handleEvents(receiveSubscription: { _ in subscriptions += 1 }).share()
        let first = Recorder<Int, Never>()
        shared.subscribe(first)
        subject.send(1)
        let late = Recorder<Int, Never>()
        shared.subscribe(late)
        subject.send(2)
        #expect(subscriptions == 1)
        #expect(first.values == [1, 2])
        #expect(late.values == [2], "nothing is replayed")
        subject.send(completion: .finished)
        let afterCompletion = Recorder<Int, Never>()
        shared.subscribe(afterCompletion)
        #expect(afterCompletion.isFinished, "a subscriber after the completion receives it at once")
    }

    @Test func shareDisconnectsWhenEveryoneCancelsAndReconnectsLater() {
        var subscriptions = 0
        var cancels = 0
        let subject = PassthroughSubject<Int, Never>()
        let shared = subject.handleEvents(receiveSubscription: { _ in subscriptions += 1 }, receiveCancel: { cancels += 1 })
            .share()
        var a: AnyCancellable? = shared.sink { _ in }
        var b: AnyCancellable? = shared.sink { _ in }
        a = nil
        #expect(cancels == 0)
        b = nil
        #expect(cancels == 1, "the last cancel disconnects the upstream")
        let c = shared.sink { _ in }
        #expect(subscriptions == 2, "the next subscriber connects again")
        _ = (a, b, c)
    }

    @Test func multicastWaitsForConnect() {
        let recorder = Recorder<Int, Never>()
        let multicast = [1, 2, 3].publisher.multicast { PassthroughSubject<Int, Never>() }
        multicast.subscribe(recorder)
        #expect(recorder.values.isEmpty)
        let connection = multicast.connect()
        #expect(recorder.values == [1, 2, 3] && recorder.isFinished)
        connection.cancel()
        let connectable = [4].publisher.makeConnectable()
        let other = Recorder<Int, Never>()
        connectable.subscribe(other)
        _ = connectable.connect()
        #expect(other.values == [4])
    }

    @Test func autoconnectConnectsWithTheFirstSubscriber() {
        let connectable = [7].publisher.makeConnectable()
        let recorder = Recorder<Int, Never>()
        connectable.autoconnect().subscribe(recorder)
        #expect(recorder.values == [7] && recorder.isFinished)
    }
}
