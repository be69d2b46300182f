extension Publisher {
    /// Collects all received elements, and emits a single array of the collection when the upstream publisher
    /// finishes (an empty array if it published nothing). A failure is passed on; the collection is dropped.
    ///
    /// The memory this uses grows with the number of elements.
    public func collect() -> Publishers.Collect<Self> {
        Publishers.Collect(upstream: self)
    }

    /// Collects up to the specified number of elements, and then emits a single array of the collection; the
    /// last, shorter array is emitted when the upstream finishes. Each requested array asks upstream for
    /// `count` elements.
    public func collect(_ count: Int) -> Publishers.CollectByCount<Self> {
        Publishers.CollectByCount(upstream: self, count: count)
    }
}

extension Publishers {
    /// A publisher that buffers items.
    public struct Collect<Upstream: Publisher>: Publisher {
        public typealias Output = [Upstream.Output]
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream

        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            var collection: [Upstream.Output] = []
            upstream.subscribe(
                Transform<Upstream.Output, Failure, S>(
                    "Collect", subscriber, upstreamDemand: .unlimited,
                    value: { input in
                        collection.append(input)
                        return .absorb
                    },
                    completion: { completion in
                        switch completion {
                        case .finished: .finished(collection)
                        case .failure(let error): .failure(error)
                        }
                    }))
        }
    }

    /// A publisher that buffers a maximum number of items.
    public struct CollectByCount<Upstream: Publisher>: Publisher {
        public typealias Output = [Upstream.Output]
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        /// The maximum number of received elements to buffer before publishing.
        public let count: Int

        public init(upstream: Upstream, count: Int) {
            if count < 1 {
                Misuse.fail("Combine: collect(\(count)): the number of elements per array must be at least 1.")
            }
            self.upstream = upstream
            self.count = count
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let count = self.count
            var buffer: [Upstream.Output] = []
            upstream.subscribe(
                Transform<Upstream.Output, Failure, S>(
                    "CollectByCount", subscriber, upstreamDemand: .multiplied(count),
                    value: { input in
                        buffer.append(input)
                        guard buffer.count == count else { return .absorb }
                        defer { buffer.removeAll(keepingCapacity: true) }
                        return .send(buffer)
                    },
                    completion: { completion in
                        switch completion {
                        case .finished: .finished(buffer.isEmpty ? nil : buffer)
                        case .failure(let error): .failure(error)
                        }
                    }))
        }
    }
}
