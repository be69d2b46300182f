extension Publisher {
    /// Republishes elements up to the specified maximum count, then finishes (and cancels the upstream).
    public func prefix(_ maxLength: Int) -> Publishers.Output<Self> {
        output(in: 0..<maxLength)
    }

    /// Publishes a specific element, indicated by its index in the sequence of published elements, then finishes.
    public func output(at index: Int) -> Publishers.Output<Self> {
        output(in: index...index)
    }

    /// Publishes elements specified by their range in the sequence of published elements, then finishes.
    public func output<R: RangeExpression>(in range: R) -> Publishers.Output<Self> where R.Bound == Int {
        Publishers.Output(upstream: self, range: range.relative(to: 0..<Int.max))
    }

    /// Republishes elements while a predicate closure indicates publishing should continue; finishes at the first
    /// element for which it returns false.
    public func prefix(while predicate: @escaping (Output) -> Bool) -> Publishers.PrefixWhile<Self> {
        Publishers.PrefixWhile(upstream: self, predicate: predicate)
    }

    /// Like ``prefix(while:)`` with an error-throwing closure; a thrown error fails the publisher.
    public func tryPrefix(while predicate: @escaping (Output) throws -> Bool) -> Publishers.TryPrefixWhile<Self> {
        Publishers.TryPrefixWhile(upstream: self, predicate: predicate)
    }
}

extension Publishers {
    /// A publisher that publishes elements specified by a range in the sequence of published elements.
    public struct Output<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        /// The range of elements to publish.
        public let range: CountableRange<Int>

        public init(upstream: Upstream, range: CountableRange<Int>) {
            if range.lowerBound < 0 {
                Misuse.fail("Combine: output(in: \(range)): the range cannot start below 0.")
            }
            self.upstream = upstream
            self.range = range
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Upstream.Output, S.Failure == Failure {
            let range = self.range
            var index = 0
            upstream.subscribe(
                Transform<Upstream.Output, Failure, S>("Output", subscriber) { input in
                    defer { index += 1 }
                    if index < range.lowerBound { return .drop }
                    if index >= range.upperBound - 1 { return .finish(index < range.upperBound ? input : nil) }
                    return .send(input)
                })
        }
    }

    /// A publisher that republishes elements while a predicate closure indicates publishing should continue.
    public struct PrefixWhile<Upstream: Publisher>: Publisher {
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
            upstream.subscribe(
                Transform<Output, Failure, S>("PrefixWhile", subscriber) { predicate($0) ? .send($0) : .finish(nil) })
        }
    }

    /// A publisher that republishes elements while an error-throwing predicate closure indicates publishing
    /// should continue.
    public struct TryPrefixWhile<Upstream: Publisher>: Publisher {
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
            upstream.subscribe(
                Transform<Output, Upstream.Failure, S>(trying: "TryPrefixWhile", subscriber) { input in
                    do { return try predicate(input) ? .send(input) : .finish(nil) } catch { return .fail(error) }
                })
        }
    }
}
