extension Subscribers {
    /// A signal that a publisher doesn't produce additional elements, either due to normal completion
    /// or an error (Combine's `Subscribers.Completion`).
    public enum Completion<Failure: Error> {
        /// The publisher finished normally.
        case finished
        /// The publisher stopped publishing due to the indicated error.
        case failure(Failure)
    }
}

extension Subscribers.Completion: Equatable where Failure: Equatable {}
extension Subscribers.Completion: Hashable where Failure: Hashable {}
extension Subscribers.Completion: Sendable where Failure: Sendable {}

extension Subscribers.Completion {
    /// The same completion with the error converted: used by operators whose failure type differs.
    func mapError<NewFailure: Error>(_ transform: (Failure) -> NewFailure) -> Subscribers.Completion<NewFailure> {
        switch self {
        case .finished: .finished
        case .failure(let error): .failure(transform(error))
        }
    }

    /// The same completion, its error as `any Error` (the failure type of the `try` operators).
    var eraseError: Subscribers.Completion<Error> {
        mapError { $0 }
    }
}

extension Subscribers.Completion where Failure == Never {
    /// A completion of a publisher that cannot fail, as one of another failure type.
    func promote<NewFailure: Error>(to: NewFailure.Type = NewFailure.self) -> Subscribers.Completion<NewFailure> {
        .finished
    }
}
