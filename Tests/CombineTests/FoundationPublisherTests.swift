import Combine
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct FoundationPublisherTests {
    @Test func timerPublisherTicksOnTheRunLoopOnceConnected() {
        let timer = Timer.publish(every: 0.01, on: .current, in: .default)
        var ticks: [Date] = []
        let c = timer.sink { ticks.append($0) }
        spinRunLoop(timeout: 0.05) { false }
        #expect(ticks.isEmpty, "nothing before connect")
        let connection = timer.connect()
        #expect(spinRunLoop { ticks.count >= 3 })
        connection.cancel()
        let stopped = ticks.count
        spinRunLoop(timeout: 0.05) { false }
        #expect(ticks.count == stopped, "cancelling the connection stops the timer")
        #expect(zip(ticks, ticks.dropFirst()).allSatisfy { $0 <= $1 })
        _ = c
    }

    @Test func autoconnectedTimerDrivesACountdown() {
        var remaining = 3
        var cancellable: AnyCancellable?
        cancellable = Timer.publish(every: 0.01, on: .current, in: .default).autoconnect().sink { _ in
            remaining -= 1
            if remaining == 0 { cancellable?.cancel() }
        }
        #expect(spinRunLoop { remaining == 0 })
        spinRunLoop(timeout: 0.05) { false }
        #expect(remaining == 0, "no tick after cancel")
    }

    @Test func notificationCenterPublisherDeliversPostedNotifications() {
        let center = NotificationCenter()
        let name = Notification.Name("CombineTests.ping")
        let sender = Probe()
        let recorder = Recorder<Notification, Never>()
        center.publisher(for: name, object: sender).subscribe(recorder)
        center.post(name: name, object: sender)
        center.post(name: name, object: Probe())  // another object: filtered out
        center.post(name: name, object: sender, userInfo: ["n": 2])
        #expect(recorder.values.count == 2)
        #expect(recorder.values.last?.userInfo?["n"] as? Int == 2)
        recorder.cancel()
        center.post(name: name, object: sender)
        #expect(recorder.values.count == 2, "cancelling removes the observer")
    }

    @Test func notificationsWithoutDemandAreDropped() {
        let center = NotificationCenter()
        let name = Notification.Name("CombineTests.demand")
        let recorder = Recorder<Notification, Never>(demand: .max(1))
        center.publisher(for: name).subscribe(recorder)
        center.post(name: name, object: nil)
        center.post(name: name, object: nil)
        #expect(recorder.values.count == 1)
        recorder.cancel()
    }

    @Test func dataTaskPublisherFailsWithAURLErrorWhenNothingListens() {
        // Port 1 on the loopback interface: the connection is refused at once, no network needed.
        let url = URL(string: "http://127.0.0.1:1/")!
        let done = DispatchSemaphore(value: 0)
        var failure: URLError?
        let c = URLSession.shared.dataTaskPublisher(for: url).sink(
            receiveCompletion: { completion in
                if case .failure(let error) = completion { failure = error }
                done.signal()
            },
            receiveValue: { _ in })
        #expect(done.wait(timeout: .now() + 20) == .success)
        #expect(failure != nil)
        _ = c
    }

    @Test func dataTaskPublisherHasApplesShape() {
        let publisher: URLSession.DataTaskPublisher = URLSession.shared.dataTaskPublisher(for: URLRequest(url: URL(string: "https://example.com")!))
        let _: AnyPublisher<(data: Data, response: URLResponse), URLError> = publisher.eraseToAnyPublisher()
        let _: AnyPublisher<Data, Error> = publisher.map(\.data).mapError { $0 as Error }.eraseToAnyPublisher()
        #expect(publisher.request.url?.host == "example.com")
    }
}
