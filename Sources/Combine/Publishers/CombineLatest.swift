// The combineLatest publishers for two to four upstreams, written out per arity as in Apple's Combine.

extension Publisher {
    /// Subscribes to an additional publisher and publishes a tuple upon receiving output from any of them,
    /// once each has published at least one value (a value arriving without downstream demand updates the
    /// latest values but is not published). Finishes when all finish; fails at the first failure.
    public func combineLatest<P: Publisher>(_ other: P) -> Publishers.CombineLatest<Self, P>
    where Failure == P.Failure {
        Publishers.CombineLatest(self, other)
    }

    /// Like ``combineLatest(_:)``, publishing the result of `transform` applied to each tuple.
    public func combineLatest<P: Publisher, T>(
        _ other: P, _ transform: @escaping (Output, P.Output) -> T
    ) -> Publishers.Map<Publishers.CombineLatest<Self, P>, T>
    where Failure == P.Failure {
        Publishers.CombineLatest(self, other).map { transform($0.0, $0.1) }
    }

    /// Subscribes to two additional publishers and publishes a tuple upon receiving output from any of them,
    /// once each has published at least one value (a value arriving without downstream demand updates the
    /// latest values but is not published). Finishes when all finish; fails at the first failure.
    public func combineLatest<P: Publisher, Q: Publisher>(_ publisher1: P, _ publisher2: Q) -> Publishers.CombineLatest3<Self, P, Q>
    where Failure == P.Failure, Failure == Q.Failure {
        Publishers.CombineLatest3(self, publisher1, publisher2)
    }

    /// Like ``combineLatest(_:_:)``, publishing the result of `transform` applied to each tuple.
    public func combineLatest<P: Publisher, Q: Publisher, T>(
        _ publisher1: P, _ publisher2: Q, _ transform: @escaping (Output, P.Output, Q.Output) -> T
    ) -> Publishers.Map<Publishers.CombineLatest3<Self, P, Q>, T>
    where Failure == P.Failure, Failure == Q.Failure {
        Publishers.CombineLatest3(self, publisher1, publisher2).map { transform($0.0, $0.1, $0.2) }
    }

    /// Subscribes to three additional publishers and publishes a tuple upon receiving output from any of them,
    /// once each has published at least one value (a value arriving without downstream demand updates the
    /// latest values but is not published). Finishes when all finish; fails at the first failure.
    public func combineLatest<P: Publisher, Q: Publisher, R: Publisher>(_ publisher1: P, _ publisher2: Q, _ publisher3: R) -> Publishers.CombineLatest4<Self, P, Q, R>
    where Failure == P.Failure, Failure == Q.Failure, Failure == R.Failure {
        Publishers.CombineLatest4(self, publisher1, publisher2, publisher3)
    }

    /// Like ``combineLatest(_:_:_:)``, publishing the result of `transform` applied to each tuple.
    public func combineLatest<P: Publisher, Q: Publisher, R: Publisher, T>(
        _ publisher1: P, _ publisher2: Q, _ publisher3: R, _ transform: @escaping (Output, P.Output, Q.Output, R.Output) -> T
    ) -> Publishers.Map<Publishers.CombineLatest4<Self, P, Q, R>, T>
    where Failure == P.Failure, Failure == Q.Failure, Failure == R.Failure {
        Publishers.CombineLatest4(self, publisher1, publisher2, publisher3).map { transform($0.0, $0.1, $0.2, $0.3) }
    }
}

extension Publishers {
    /// A publisher that receives and combines the latest elements from 2 publishers.
    public struct CombineLatest<A: Publisher, B: Publisher>: Publisher
    where A.Failure == B.Failure {
        public typealias Output = (A.Output, B.Output)
        public typealias Failure = A.Failure

        public let a: A
        public let b: B

        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let (a, b) = (self.a, self.b)
            Combiner.start(
                subscriber, mode: .latest, name: "CombineLatest", combine: { ($0[0] as! A.Output, $0[1] as! B.Output) },
                upstreams: [
                    { a.subscribe(CombinerChild<A.Output, S>($0, $1)) },
                    { b.subscribe(CombinerChild<B.Output, S>($0, $1)) },
                ])
        }
    }

    /// A publisher that receives and combines the latest elements from 3 publishers.
    public struct CombineLatest3<A: Publisher, B: Publisher, C: Publisher>: Publisher
    where A.Failure == B.Failure, A.Failure == C.Failure {
        public typealias Output = (A.Output, B.Output, C.Output)
        public typealias Failure = A.Failure

        public let a: A
        public let b: B
        public let c: C

        public init(_ a: A, _ b: B, _ c: C) {
            self.a = a
            self.b = b
            self.c = c
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let (a, b, c) = (self.a, self.b, self.c)
            Combiner.start(
                subscriber, mode: .latest, name: "CombineLatest", combine: { ($0[0] as! A.Output, $0[1] as! B.Output, $0[2] as! C.Output) },
                upstreams: [
                    { a.subscribe(CombinerChild<A.Output, S>($0, $1)) },
                    { b.subscribe(CombinerChild<B.Output, S>($0, $1)) },
                    { c.subscribe(CombinerChild<C.Output, S>($0, $1)) },
                ])
        }
    }

    /// A publisher that receives and combines the latest elements from 4 publishers.
    public struct CombineLatest4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>: Publisher
    where A.Failure == B.Failure, A.Failure == C.Failure, A.Failure == D.Failure {
        public typealias Output = (A.Output, B.Output, C.Output, D.Output)
        public typealias Failure = A.Failure

        public let a: A
        public let b: B
        public let c: C
        public let d: D

        public init(_ a: A, _ b: B, _ c: C, _ d: D) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let (a, b, c, d) = (self.a, self.b, self.c, self.d)
            Combiner.start(
                subscriber, mode: .latest, name: "CombineLatest", combine: { ($0[0] as! A.Output, $0[1] as! B.Output, $0[2] as! C.Output, $0[3] as! D.Output) },
                upstreams: [
                    { a.subscribe(CombinerChild<A.Output, S>($0, $1)) },
                    { b.subscribe(CombinerChild<B.Output, S>($0, $1)) },
                    { c.subscribe(CombinerChild<C.Output, S>($0, $1)) },
                    { d.subscribe(CombinerChild<D.Output, S>($0, $1)) },
                ])
        }
    }
}
