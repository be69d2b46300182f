/// A publisher that performs type erasure by wrapping another publisher (Combine's `AnyPublisher`).
///
///     var results: AnyPublisher<[String], Never> {
///         $query.debounce(for: .milliseconds(300), scheduler: RunLoop.main).map(search).eraseToAnyPublisher()
///     }
///
/// Subscribing subscribes to the wrapped publisher; erasing an `AnyPublisher` again returns it unchanged.
public struct AnyPublisher<Output, Failure: Error>: Publisher, CustomStringConvertible, CustomPlaygroundDisplayConvertible {
    private let box: AnyPublisherBoxBase<Output, Failure>

    /// Creates a type-erasing publisher to wrap the provided publisher.
    public init<P: Publisher>(_ publisher: P) where Output == P.Output, Failure == P.Failure {
        if let erased = publisher as? AnyPublisher<Output, Failure> {
            self = erased
        } else {
            box = AnyPublisherBox(publisher)
        }
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        box.receive(subscriber: subscriber)
    }

    public var description: String { "AnyPublisher" }
    public var playgroundDescription: Any { description }
}

extension Publisher {
    /// Wraps this publisher with a type eraser.
    public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> {
        AnyPublisher(self)
    }
}

/// The erased publisher; subclassed once per wrapped type.
private class AnyPublisherBoxBase<Output, Failure: Error> {
    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {}
}

private final class AnyPublisherBox<Base: Publisher>: AnyPublisherBoxBase<Base.Output, Base.Failure> {
    let base: Base

    init(_ base: Base) {
        self.base = base
    }

    override func receive<S: Subscriber>(subscriber: S) where S.Input == Base.Output, S.Failure == Base.Failure {
        base.receive(subscriber: subscriber)
    }
}
