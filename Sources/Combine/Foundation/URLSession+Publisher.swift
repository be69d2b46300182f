import Foundation

// On Linux `URLSession` lives in FoundationNetworking; `import Combine` brings it along, so that a view model that
// imports Foundation and Combine (enough on Apple platforms) finds `URLSession.shared.dataTaskPublisher` unchanged.
#if canImport(FoundationNetworking)
    @_exported import FoundationNetworking
#endif

extension URLSession {
    /// Returns a publisher that wraps a URL session data task for a given URL (Foundation's
    /// `URLSession.dataTaskPublisher(for:)`).
    public func dataTaskPublisher(for url: URL) -> DataTaskPublisher {
        DataTaskPublisher(request: URLRequest(url: url), session: self)
    }

    /// Returns a publisher that wraps a URL session data task for a given URL request.
    public func dataTaskPublisher(for request: URLRequest) -> DataTaskPublisher {
        DataTaskPublisher(request: request, session: self)
    }

    /// A publisher that delivers the results of performing URL session data tasks.
    ///
    /// The task starts at the subscriber's first request and delivers `(data, response)` then finishes, or fails
    /// with a `URLError`. Cancelling cancels the task. On Linux it runs on FoundationNetworking's `URLSession`.
    public struct DataTaskPublisher: Publisher {
        public typealias Output = (data: Data, response: URLResponse)
        public typealias Failure = URLError

        /// The URL request performed by the data task associated with this publisher.
        public let request: URLRequest
        /// The URL session that performs the data task associated with this publisher.
        public let session: URLSession

        public init(request: URLRequest, session: URLSession) {
            self.request = request
            self.session = session
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            subscriber.receive(subscription: DataTaskSubscription(subscriber, request: request, session: session))
        }
    }
}

private final class DataTaskSubscription<Downstream: Subscriber>: Subscription, CustomStringConvertible
where Downstream.Input == URLSession.DataTaskPublisher.Output, Downstream.Failure == URLError {
    private let lock = NSLock()
    private var downstream: Downstream?
    private var pending: (request: URLRequest, session: URLSession)?
    private var task: URLSessionDataTask?

    init(_ downstream: Downstream, request: URLRequest, session: URLSession) {
        self.downstream = downstream
        pending = (request, session)
    }

    var description: String { "DataTaskPublisher" }

    func request(_ demand: Subscribers.Demand) {
        guard demand > 0, let (request, session) = lock.withLock({ pending.take() }) else { return }
        let finish = Handoff(self.finish(data:response:error:))
        let task = session.dataTask(with: request) { data, response, error in
            finish.value(data, response, error)
        }
        let started = lock.withLock {
            guard downstream != nil else { return false }
            self.task = task
            return true
        }
        if started { task.resume() }
    }

    private func finish(data: Data?, response: URLResponse?, error: Error?) {
        guard let target = lock.withLock({ task = nil; return downstream.take() }) else { return }
        if let response, error == nil {
            _ = target.receive((data ?? Data(), response))
            target.receive(completion: .finished)
        } else {
            target.receive(completion: .failure((error as? URLError) ?? URLError(.unknown)))
        }
    }

    func cancel() {
        let (task, released): (URLSessionDataTask?, Downstream?) = lock.withLock {
            pending = nil
            return (self.task.take(), downstream.take())
        }
        task?.cancel()
        _ = released
    }
}
