// The merge publishers for two to eight upstreams, written out per arity as in Apple's Combine.

extension Publisher {
    /// Combines elements from this publisher with those from 1 other publisher of the same types,
    /// delivering an interleaved sequence of elements. Finishes when all finish; fails at the first failure.
    public func merge<B: Publisher>(with b: B) -> Publishers.Merge<Self, B>
    where Output == B.Output, Failure == B.Failure {
        Publishers.Merge(self, b)
    }

    /// Combines elements from this publisher with those from 2 other publishers of the same types,
    /// delivering an interleaved sequence of elements. Finishes when all finish; fails at the first failure.
    public func merge<B: Publisher, C: Publisher>(with b: B, _ c: C) -> Publishers.Merge3<Self, B, C>
    where Output == B.Output, Failure == B.Failure, Output == C.Output, Failure == C.Failure {
        Publishers.Merge3(self, b, c)
    }

    /// Combines elements from this publisher with those from 3 other publishers of the same types,
    /// delivering an interleaved sequence of elements. Finishes when all finish; fails at the first failure.
    public func merge<B: Publisher, C: Publisher, D: Publisher>(with b: B, _ c: C, _ d: D) -> Publishers.Merge4<Self, B, C, D>
    where Output == B.Output, Failure == B.Failure, Output == C.Output, Failure == C.Failure, Output == D.Output, Failure == D.Failure {
        Publishers.Merge4(self, b, c, d)
    }

    /// Combines elements from this publisher with those from 4 other publishers of the same types,
    /// delivering an interleaved sequence of elements. Finishes when all finish; fails at the first failure.
    public func merge<B: Publisher, C: Publisher, D: Publisher, E: Publisher>(with b: B, _ c: C, _ d: D, _ e: E) -> Publishers.Merge5<Self, B, C, D, E>
    where Output == B.Output, Failure == B.Failure, Output == C.Output, Failure == C.Failure, Output == D.Output, Failure == D.Failure, Output == E.Output, Failure == E.Failure {
        Publishers.Merge5(self, b, c, d, e)
    }

    /// Combines elements from this publisher with those from 5 other publishers of the same types,
    /// delivering an interleaved sequence of elements. Finishes when all finish; fails at the first failure.
    public func merge<B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher>(with b: B, _ c: C, _ d: D, _ e: E, _ f: F) -> Publishers.Merge6<Self, B, C, D, E, F>
    where Output == B.Output, Failure == B.Failure, Output == C.Output, Failure == C.Failure, Output == D.Output, Failure == D.Failure, Output == E.Output, Failure == E.Failure, Output == F.Output, Failure == F.Failure {
        Publishers.Merge6(self, b, c, d, e, f)
    }

    /// Combines elements from this publisher with those from 6 other publishers of the same types,
    /// delivering an interleaved sequence of elements. Finishes when all finish; fails at the first failure.
    public func merge<B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher, G: Publisher>(with b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G) -> Publishers.Merge7<Self, B, C, D, E, F, G>
    where Output == B.Output, Failure == B.Failure, Output == C.Output, Failure == C.Failure, Output == D.Output, Failure == D.Failure, Output == E.Output, Failure == E.Failure, Output == F.Output, Failure == F.Failure, Output == G.Output, Failure == G.Failure {
        Publishers.Merge7(self, b, c, d, e, f, g)
    }

    /// Combines elements from this publisher with those from 7 other publishers of the same types,
    /// delivering an interleaved sequence of elements. Finishes when all finish; fails at the first failure.
    public func merge<B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher, G: Publisher, H: Publisher>(with b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G, _ h: H) -> Publishers.Merge8<Self, B, C, D, E, F, G, H>
    where Output == B.Output, Failure == B.Failure, Output == C.Output, Failure == C.Failure, Output == D.Output, Failure == D.Failure, Output == E.Output, Failure == E.Failure, Output == F.Output, Failure == F.Failure, Output == G.Output, Failure == G.Failure, Output == H.Output, Failure == H.Failure {
        Publishers.Merge8(self, b, c, d, e, f, g, h)
    }
}

extension Publishers {
    /// A publisher created by applying the merge function to 2 upstream publishers.
    public struct Merge<A: Publisher, B: Publisher>: Publisher
    where A.Output == B.Output, A.Failure == B.Failure {
        public typealias Output = A.Output
        public typealias Failure = A.Failure

        public let a: A
        public let b: B

        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let core = FanIn(subscriber, name: "Merge")
            subscriber.receive(subscription: core)
            a.subscribe(core.addChild())
            b.subscribe(core.addChild())
            core.closeSources()
        }
    }

    /// A publisher created by applying the merge function to 3 upstream publishers.
    public struct Merge3<A: Publisher, B: Publisher, C: Publisher>: Publisher
    where A.Output == B.Output, A.Failure == B.Failure, A.Output == C.Output, A.Failure == C.Failure {
        public typealias Output = A.Output
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
            let core = FanIn(subscriber, name: "Merge")
            subscriber.receive(subscription: core)
            a.subscribe(core.addChild())
            b.subscribe(core.addChild())
            c.subscribe(core.addChild())
            core.closeSources()
        }
    }

    /// A publisher created by applying the merge function to 4 upstream publishers.
    public struct Merge4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>: Publisher
    where A.Output == B.Output, A.Failure == B.Failure, A.Output == C.Output, A.Failure == C.Failure, A.Output == D.Output, A.Failure == D.Failure {
        public typealias Output = A.Output
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
            let core = FanIn(subscriber, name: "Merge")
            subscriber.receive(subscription: core)
            a.subscribe(core.addChild())
            b.subscribe(core.addChild())
            c.subscribe(core.addChild())
            d.subscribe(core.addChild())
            core.closeSources()
        }
    }

    /// A publisher created by applying the merge function to 5 upstream publishers.
    public struct Merge5<A: Publisher, B: Publisher, C: Publisher, D: Publisher, E: Publisher>: Publisher
    where A.Output == B.Output, A.Failure == B.Failure, A.Output == C.Output, A.Failure == C.Failure, A.Output == D.Output, A.Failure == D.Failure, A.Output == E.Output, A.Failure == E.Failure {
        public typealias Output = A.Output
        public typealias Failure = A.Failure

        public let a: A
        public let b: B
        public let c: C
        public let d: D
        public let e: E

        public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
            self.e = e
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let core = FanIn(subscriber, name: "Merge")
            subscriber.receive(subscription: core)
            a.subscribe(core.addChild())
            b.subscribe(core.addChild())
            c.subscribe(core.addChild())
            d.subscribe(core.addChild())
            e.subscribe(core.addChild())
            core.closeSources()
        }
    }

    /// A publisher created by applying the merge function to 6 upstream publishers.
    public struct Merge6<A: Publisher, B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher>: Publisher
    where A.Output == B.Output, A.Failure == B.Failure, A.Output == C.Output, A.Failure == C.Failure, A.Output == D.Output, A.Failure == D.Failure, A.Output == E.Output, A.Failure == E.Failure, A.Output == F.Output, A.Failure == F.Failure {
        public typealias Output = A.Output
        public typealias Failure = A.Failure

        public let a: A
        public let b: B
        public let c: C
        public let d: D
        public let e: E
        public let f: F

        public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
            self.e = e
            self.f = f
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let core = FanIn(subscriber, name: "Merge")
            subscriber.receive(subscription: core)
            a.subscribe(core.addChild())
            b.subscribe(core.addChild())
            c.subscribe(core.addChild())
            d.subscribe(core.addChild())
            e.subscribe(core.addChild())
            f.subscribe(core.addChild())
            core.closeSources()
        }
    }

    /// A publisher created by applying the merge function to 7 upstream publishers.
    public struct Merge7<A: Publisher, B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher, G: Publisher>: Publisher
    where A.Output == B.Output, A.Failure == B.Failure, A.Output == C.Output, A.Failure == C.Failure, A.Output == D.Output, A.Failure == D.Failure, A.Output == E.Output, A.Failure == E.Failure, A.Output == F.Output, A.Failure == F.Failure, A.Output == G.Output, A.Failure == G.Failure {
        public typealias Output = A.Output
        public typealias Failure = A.Failure

        public let a: A
        public let b: B
        public let c: C
        public let d: D
        public let e: E
        public let f: F
        public let g: G

        public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
            self.e = e
            self.f = f
            self.g = g
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let core = FanIn(subscriber, name: "Merge")
            subscriber.receive(subscription: core)
            a.subscribe(core.addChild())
            b.subscribe(core.addChild())
            c.subscribe(core.addChild())
            d.subscribe(core.addChild())
            e.subscribe(core.addChild())
            f.subscribe(core.addChild())
            g.subscribe(core.addChild())
            core.closeSources()
        }
    }

    /// A publisher created by applying the merge function to 8 upstream publishers.
    public struct Merge8<A: Publisher, B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher, G: Publisher, H: Publisher>: Publisher
    where A.Output == B.Output, A.Failure == B.Failure, A.Output == C.Output, A.Failure == C.Failure, A.Output == D.Output, A.Failure == D.Failure, A.Output == E.Output, A.Failure == E.Failure, A.Output == F.Output, A.Failure == F.Failure, A.Output == G.Output, A.Failure == G.Failure, A.Output == H.Output, A.Failure == H.Failure {
        public typealias Output = A.Output
        public typealias Failure = A.Failure

        public let a: A
        public let b: B
        public let c: C
        public let d: D
        public let e: E
        public let f: F
        public let g: G
        public let h: H

        public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G, _ h: H) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
            self.e = e
            self.f = f
            self.g = g
            self.h = h
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let core = FanIn(subscriber, name: "Merge")
            subscriber.receive(subscription: core)
            a.subscribe(core.addChild())
            b.subscribe(core.addChild())
            c.subscribe(core.addChild())
            d.subscribe(core.addChild())
            e.subscribe(core.addChild())
            f.subscribe(core.addChild())
            g.subscribe(core.addChild())
            h.subscribe(core.addChild())
            core.closeSources()
        }
    }

    /// A publisher created by applying the merge function to an arbitrary number of upstream publishers.
    public struct MergeMany<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publishers that this publisher receives elements from.
        public let publishers: [Upstream]

        public init(_ upstream: Upstream...) {
            publishers = upstream
        }

        public init<S: Swift.Sequence>(_ upstream: S) where Upstream == S.Element {
            publishers = Array(upstream)
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let core = FanIn(subscriber, name: "Merge")
            subscriber.receive(subscription: core)
            for publisher in publishers {
                publisher.subscribe(core.addChild())
            }
            core.closeSources()
        }

        /// This publisher and one more of the same type.
        public func merge(with other: Upstream) -> MergeMany<Upstream> {
            MergeMany(publishers + [other])
        }
    }
}
