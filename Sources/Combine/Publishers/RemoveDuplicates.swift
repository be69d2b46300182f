extension Publisher where Output: Equatable {
    /// Publishes only elements that don't match the previous element.
    public func removeDuplicates() -> Publishers.RemoveDuplicates<Self> {
        Publishers.RemoveDuplicates(upstream: self, predicate: ==)
    }
}

extension Publisher {
    /// Publishes only elements that don't match the previous element, as evaluated by a provided closure
    /// (`predicate(previous, current)` returns `true` for a duplicate).
    public func removeDuplicates(by predicate: @escaping (Output, Output) -> Bool) -> Publishers.RemoveDuplicates<Self> {
        Publishers.RemoveDuplicates(upstream: self, predicate: predicate)
    }

    /// Publishes only elements that don't match the previous element, as evaluated by an error-throwing closure.
    public func tryRemoveDuplicates(
        by predicate: @escaping (Output, Output) throws -> Bool
    ) -> Publishers.TryRemoveDuplicates<Self> {
        Publishers.TryRemoveDuplicates(upstream: self, predicate: predicate)
    }
}

extension Publishers {
    /// A publisher that publishes only elements that don't match the previous published element.
    public struct RemoveDuplicates<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let predicate: (Upstream.Output, Upstream.Output) -> Bool

        public init(upstream: Upstream, predicate: @escaping (Upstream.Output, Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = self.predicate
            var previous: Output?
            upstream.subscribe(
                Transform<Output, Failure, S>("RemoveDuplicates", subscriber) { input in
                    if let last = previous, predicate(last, input) { return .drop }
                    previous = input
                    return .send(input)
                })
        }
    }

    /// A publisher that publishes only elements that don't match the previous element, as evaluated by an
    /// error-throwing closure.
    public struct TryRemoveDuplicates<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Error

        public let upstream: Upstream
        public let predicate: (Upstream.Output, Upstream.Output) throws -> Bool

        public init(upstream: Upstream, predicate: @escaping (Upstream.Output, Upstream.Output) throws -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = self.predicate
            var previous: Output?
            upstream.subscribe(
                Transform<Output, Upstream.Failure, S>(trying: "TryRemoveDuplicates", subscriber) { input in
                    do {
                        if let last = previous, try predicate(last, input) { return .drop }
                    } catch {
                        return .fail(error)
                    }
                    previous = input
                    return .send(input)
                })
        }
    }
}
