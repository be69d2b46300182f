extension Publisher {
    /// Prefixes a publisher's output with the specified values.
    public func prepend(_ elements: Output...) -> Publishers.Concatenate<Publishers.Sequence<[Output], Failure>, Self> {
        prepend(elements)
    }

    /// Prefixes a publisher's output with the specified sequence.
    public func prepend<S: Sequence>(
        _ elements: S
    ) -> Publishers.Concatenate<Publishers.Sequence<S, Failure>, Self> where Output == S.Element {
        prepend(Publishers.Sequence(sequence: elements))
    }

    /// Prefixes the output of this publisher with the elements emitted by the given publisher: this publisher is
    /// subscribed once that one finished.
    public func prepend<P: Publisher>(_ publisher: P) -> Publishers.Concatenate<P, Self>
    where Failure == P.Failure, Output == P.Output {
        Publishers.Concatenate(prefix: publisher, suffix: self)
    }

    /// Appends a publisher's output with the specified elements.
    public func append(_ elements: Output...) -> Publishers.Concatenate<Self, Publishers.Sequence<[Output], Failure>> {
        append(elements)
    }

    /// Appends a publisher's output with the specified sequence.
    public func append<S: Sequence>(
        _ elements: S
    ) -> Publishers.Concatenate<Self, Publishers.Sequence<S, Failure>> where Output == S.Element {
        append(Publishers.Sequence(sequence: elements))
    }

    /// Appends the output of this publisher with the elements emitted by the given publisher, subscribed once this
    /// one finished.
    public func append<P: Publisher>(_ publisher: P) -> Publishers.Concatenate<Self, P>
    where Failure == P.Failure, Output == P.Output {
        Publishers.Concatenate(prefix: self, suffix: publisher)
    }
}

extension Publishers {
    /// A publisher that emits all of one publisher's elements before those from another publisher.
    public struct Concatenate<Prefix: Publisher, Suffix: Publisher>: Publisher
    where Prefix.Failure == Suffix.Failure, Prefix.Output == Suffix.Output {
        public typealias Output = Suffix.Output
        public typealias Failure = Suffix.Failure

        /// The publisher to republish, in its entirety, before republishing elements from `suffix`.
        public let prefix: Prefix
        /// The publisher to republish only after `prefix` finishes.
        public let suffix: Suffix

        public init(prefix: Prefix, suffix: Suffix) {
            self.prefix = prefix
            self.suffix = suffix
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let suffix = self.suffix
            let relay = Relay(subscriber, name: "Concatenate")
            subscriber.receive(subscription: relay)
            prefix.subscribe(
                relay.beginStage { (completion: Subscribers.Completion<Failure>) in
                    switch completion {
                    case .finished: suffix.subscribe(relay.beginStage { relay.finish($0) })
                    case .failure: relay.finish(completion)
                    }
                })
        }
    }
}

extension Publishers.Concatenate: Equatable where Prefix: Equatable, Suffix: Equatable {}
