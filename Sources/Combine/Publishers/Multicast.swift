import Foundation

extension Publisher {
    /// Applies a closure to create a subject that delivers elements to subscribers; the result is a connectable
    /// publisher: the upstream is subscribed (once, by the subject) on ``ConnectablePublisher/connect()``.
    public func multicast<S: Subject>(_ createSubject: @escaping () -> S) -> Publishers.Multicast<Self, S>
    where Failure == S.Failure, Output == S.Output {
        Publishers.Multicast(upstream: self, createSubject: createSubject)
    }

    /// Provides a subject to deliver elements to multiple subscribers, once connected.
    public func multicast<S: Subject>(subject: S) -> Publishers.Multicast<Self, S>
    where Failure == S.Failure, Output == S.Output {
        multicast { subject }
    }

    /// Shares the output of an upstream publisher with multiple subscribers (`multicast` with a
    /// ``PassthroughSubject``, then ``ConnectablePublisher/autoconnect()``).
    ///
    /// The first subscriber subscribes the upstream; later subscribers receive only what comes after they
    /// subscribed (nothing is replayed), and the completion at once if the upstream already completed. When
    /// every subscriber has cancelled, the upstream is cancelled too.
    public func share() -> Publishers.Share<Self> {
        Publishers.Share(upstream: self)
    }

    /// Creates a connectable wrapper around the publisher (for publishers that cannot fail).
    public func makeConnectable() -> Publishers.MakeConnectable<Self> where Failure == Never {
        Publishers.MakeConnectable(upstream: self)
    }
}

extension Publishers {
    /// A publisher that uses a subject to deliver elements to multiple subscribers.
    public final class Multicast<Upstream: Publisher, SubjectType: Subject>: ConnectablePublisher
    where Upstream.Failure == SubjectType.Failure, Upstream.Output == SubjectType.Output {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        /// A closure to create a new subject (called once, at the first subscription or connection).
        public let createSubject: () -> SubjectType

        private let lock = NSLock()
        private var subject: SubjectType?

        public init(upstream: Upstream, createSubject: @escaping () -> SubjectType) {
            self.upstream = upstream
            self.createSubject = createSubject
        }

        private var lazySubject: SubjectType {
            lock.withLock {
                if let subject { return subject }
                let created = createSubject()
                subject = created
                return created
            }
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            lazySubject.subscribe(subscriber)
        }

        public func connect() -> Cancellable {
            upstream.subscribe(lazySubject)
        }
    }

    /// A publisher that shares the output of an upstream publisher with multiple subscribers.
    public final class Share<Upstream: Publisher>: Publisher, Equatable {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        private let inner: Autoconnect<Multicast<Upstream, PassthroughSubject<Output, Failure>>>

        public init(upstream: Upstream) {
            self.upstream = upstream
            inner = upstream.multicast(subject: PassthroughSubject()).autoconnect()
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            inner.subscribe(subscriber)
        }

        public static func == (lhs: Share, rhs: Share) -> Bool {
            lhs === rhs
        }
    }

    /// A connectable wrapper around a publisher that cannot fail.
    public struct MakeConnectable<Upstream: Publisher>: ConnectablePublisher where Upstream.Failure == Never {
        public typealias Output = Upstream.Output
        public typealias Failure = Never

        private let inner: Multicast<Upstream, PassthroughSubject<Output, Never>>

        public init(upstream: Upstream) {
            inner = upstream.multicast(subject: PassthroughSubject())
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            inner.subscribe(subscriber)
        }

        public func connect() -> Cancellable {
            inner.connect()
        }
    }
}
