extension Publisher {
    /// Replaces any error in the stream with the provided element: the publisher then publishes it (when there
    /// is demand for it) and finishes.
    public func replaceError(with output: Output) -> Publishers.ReplaceError<Self> {
        Publishers.ReplaceError(upstream: self, output: output)
    }

    /// Replaces an empty stream with the provided element: if the upstream finishes without publishing
    /// anything, the publisher publishes `output` and finishes.
    public func replaceEmpty(with output: Output) -> Publishers.ReplaceEmpty<Self> {
        Publishers.ReplaceEmpty(upstream: self, output: output)
    }
}

extension Publishers {
    /// A publisher that replaces any error in the stream with a provided element.
    public struct ReplaceError<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Never

        public let upstream: Upstream
        /// The element with which to replace errors from the upstream publisher.
        public let output: Upstream.Output

        public init(upstream: Upstream, output: Output) {
            self.upstream = upstream
            self.output = output
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let output = self.output
            upstream.subscribe(
                Transform<Output, Upstream.Failure, S>("ReplaceError", subscriber, value: { .send($0) }) { completion in
                    switch completion {
                    case .finished: .finished(nil)
                    case .failure: .finished(output)
                    }
                })
        }
    }

    /// A publisher that replaces an empty stream with a provided element.
    public struct ReplaceEmpty<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        /// The element to deliver when the upstream publisher finishes without delivering any elements.
        public let output: Upstream.Output

        public init(upstream: Upstream, output: Output) {
            self.upstream = upstream
            self.output = output
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let output = self.output
            var isEmpty = true
            upstream.subscribe(
                Transform<Output, Failure, S>(
                    "ReplaceEmpty", subscriber,
                    value: { input in
                        isEmpty = false
                        return .send(input)
                    },
                    completion: { completion in
                        switch completion {
                        case .finished: .finished(isEmpty ? output : nil)
                        case .failure(let error): .failure(error)
                        }
                    }))
        }
    }
}
