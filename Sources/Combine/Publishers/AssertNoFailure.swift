extension Publisher {
    /// Raises a fatal error when its upstream publisher fails, and otherwise republishes all received input.
    public func assertNoFailure(
        _ prefix: String = "", file: StaticString = #file, line: UInt = #line
    ) -> Publishers.AssertNoFailure<Self> {
        Publishers.AssertNoFailure(upstream: self, prefix: prefix, file: file, line: line)
    }
}

extension Publishers {
    /// A publisher that raises a fatal error upon receiving any failure, and otherwise republishes all received
    /// input.
    public struct AssertNoFailure<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Never

        public let upstream: Upstream
        /// The string used at the beginning of the fatal error message.
        public let prefix: String
        public let file: StaticString
        public let line: UInt

        public init(upstream: Upstream, prefix: String, file: StaticString, line: UInt) {
            self.upstream = upstream
            self.prefix = prefix
            self.file = file
            self.line = line
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let (prefix, file, line) = (self.prefix, self.file, self.line)
            upstream.subscribe(
                Transform<Output, Upstream.Failure, S>("AssertNoFailure", subscriber, value: { .send($0) }) { completion in
                    if case .failure(let error) = completion {
                        let lead = prefix.isEmpty ? "" : prefix + ": "
                        Misuse.fail("\(lead)Unexpected failure: \(error)", file: file, line: line)
                    }
                    return .finished(nil)
                })
        }
    }
}
