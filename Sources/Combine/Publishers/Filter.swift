extension Publisher {
    /// Republishes all elements that match a provided closure.
    public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.Filter<Self> {
        Publishers.Filter(upstream: self, isIncluded: isIncluded)
    }

    /// Republishes all elements that match a provided error-throwing closure; a thrown error fails the publisher.
    public func tryFilter(_ isIncluded: @escaping (Output) throws -> Bool) -> Publishers.TryFilter<Self> {
        Publishers.TryFilter(upstream: self, isIncluded: isIncluded)
    }
}

extension Publishers {
    /// A publisher that republishes all elements that match a provided closure (an excluded element is replaced
    /// by a request for one more, so the downstream's demand is still met).
    public struct Filter<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        /// A closure that indicates whether to republish an element.
        public let isIncluded: (Upstream.Output) -> Bool

        public init(upstream: Upstream, isIncluded: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.isIncluded = isIncluded
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let isIncluded = self.isIncluded
            upstream.subscribe(Transform<Output, Failure, S>("Filter", subscriber) { isIncluded($0) ? .send($0) : .drop })
        }
    }

    /// A publisher that republishes all elements that match a provided error-throwing closure.
    public struct TryFilter<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Error

        public let upstream: Upstream
        public let isIncluded: (Upstream.Output) throws -> Bool

        public init(upstream: Upstream, isIncluded: @escaping (Upstream.Output) throws -> Bool) {
            self.upstream = upstream
            self.isIncluded = isIncluded
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let isIncluded = self.isIncluded
            upstream.subscribe(
                Transform<Output, Upstream.Failure, S>(trying: "TryFilter", subscriber) { input in
                    do { return try isIncluded(input) ? .send(input) : .drop } catch { return .fail(error) }
                })
        }
    }
}
