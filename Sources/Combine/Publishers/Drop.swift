extension Publisher {
    /// Omits the specified number of elements before republishing subsequent elements.
    public func dropFirst(_ count: Int = 1) -> Publishers.Drop<Self> {
        Publishers.Drop(upstream: self, count: count)
    }

    /// Omits elements from the upstream publisher until a given closure returns false, then republishes all
    /// remaining elements.
    public func drop(while predicate: @escaping (Output) -> Bool) -> Publishers.DropWhile<Self> {
        Publishers.DropWhile(upstream: self, predicate: predicate)
    }

    /// Like ``drop(while:)`` with an error-throwing closure; a thrown error fails the publisher.
    public func tryDrop(while predicate: @escaping (Output) throws -> Bool) -> Publishers.TryDropWhile<Self> {
        Publishers.TryDropWhile(upstream: self, predicate: predicate)
    }
}

extension Publishers {
    /// A publisher that omits a specified number of elements before republishing later elements.
    public struct Drop<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        /// The number of elements to drop.
        public let count: Int

        public init(upstream: Upstream, count: Int) {
            if count < 0 {
                Misuse.fail("Combine: dropFirst(\(count)): the number of elements to drop cannot be negative.")
            }
            self.upstream = upstream
            self.count = count
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            var remaining = count
            upstream.subscribe(
                Transform<Output, Failure, S>("Drop", subscriber) { input in
                    guard remaining > 0 else { return .send(input) }
                    remaining -= 1
                    return .drop
                })
        }
    }

    /// A publisher that omits elements from an upstream publisher until a given closure returns false.
    public struct DropWhile<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let predicate: (Upstream.Output) -> Bool

        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = self.predicate
            var dropping = true
            upstream.subscribe(
                Transform<Output, Failure, S>("DropWhile", subscriber) { input in
                    if dropping, predicate(input) { return .drop }
                    dropping = false
                    return .send(input)
                })
        }
    }

    /// A publisher that omits elements from an upstream publisher until a given error-throwing closure returns false.
    public struct TryDropWhile<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Error

        public let upstream: Upstream
        public let predicate: (Upstream.Output) throws -> Bool

        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = self.predicate
            var dropping = true
            upstream.subscribe(
                Transform<Output, Upstream.Failure, S>(trying: "TryDropWhile", subscriber) { input in
                    do {
                        if dropping, try predicate(input) { return .drop }
                    } catch {
                        return .fail(error)
                    }
                    dropping = false
                    return .send(input)
                })
        }
    }
}
