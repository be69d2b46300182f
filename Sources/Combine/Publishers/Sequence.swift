import Foundation

extension Sequence {
    /// A publisher that publishes the elements of this sequence, as many as each subscriber requests, then
    /// finishes.
    public var publisher: Publishers.Sequence<Self, Never> {
        Publishers.Sequence(sequence: self)
    }
}

extension Publishers {
    /// A publisher that publishes a given sequence of elements (Combine's `Publishers.Sequence`).
    ///
    /// Each subscriber iterates the sequence afresh, one element per unit of demand; the completion follows the
    /// last element at once (an empty sequence completes on subscription).
    public struct Sequence<Elements: Swift.Sequence, Failure: Error>: Publisher {
        public typealias Output = Elements.Element

        /// The sequence of elements to publish.
        public let sequence: Elements

        public init(sequence: Elements) {
            self.sequence = sequence
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            SequenceSubscription.start(sequence, then: .finished, subscriber, name: "Sequence")
        }
    }
}

extension Publishers.Sequence: Equatable where Elements: Equatable {}

/// A publisher that allows for recording a series of inputs and a completion, for later playback to each
/// subscriber (Combine's `Record`).
public struct Record<Output, Failure: Error>: Publisher {
    /// A recorded sequence of outputs, followed by a completion value.
    public struct Recording {
        /// The output which will be sent to a subscriber.
        public private(set) var output: [Output] = []
        /// The completion which will be sent to a subscriber.
        public private(set) var completion: Subscribers.Completion<Failure> = .finished
        private var isComplete = false

        /// Sets up a recording in a state ready to receive output.
        public init() {}

        /// Sets up a complete recording with the specified output and completion.
        public init(output: [Output], completion: Subscribers.Completion<Failure> = .finished) {
            self.output = output
            self.completion = completion
            isComplete = true
        }

        /// Adds an output to the recording sequence; recording after the completion is a programming error.
        public mutating func receive(_ input: Output) {
            if isComplete { Misuse.fail("Combine: Record.Recording received an output after its completion.") }
            output.append(input)
        }

        /// Adds a completion event to the recording sequence; a second completion is a programming error.
        public mutating func receive(completion: Subscribers.Completion<Failure>) {
            if isComplete { Misuse.fail("Combine: Record.Recording received a second completion.") }
            self.completion = completion
            isComplete = true
        }
    }

    /// The recorded output and completion.
    public let recording: Recording

    /// Creates a publisher to interactively record a series of outputs and a completion.
    public init(record: (inout Recording) -> Void) {
        var recording = Recording()
        record(&recording)
        self.recording = recording
    }

    /// Creates a record publisher from an existing recording.
    public init(recording: Recording) {
        self.recording = recording
    }

    /// Creates a record publisher to publish the provided output and completion.
    public init(output: [Output], completion: Subscribers.Completion<Failure>) {
        self.init(recording: Recording(output: output, completion: completion))
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        SequenceSubscription.start(recording.output, then: recording.completion, subscriber, name: "Record")
    }
}

/// Publishes the elements of a sequence as demand arrives, then a completion.
///
/// One thread at a time iterates (the `emitting` flag): requests made meanwhile — also from inside `receive`
/// — only add demand, which the iterating loop then serves, so re-entrant requests never recurse.
final class SequenceSubscription<Elements: Sequence, Downstream: Subscriber>: Subscription, CustomStringConvertible
where Downstream.Input == Elements.Element {
    private let lock = NSLock()
    private var iterator: Elements.Iterator
    /// The element that goes next: fetched one ahead, so the completion can follow the last element at once.
    private var next: Elements.Element?
    private var downstream: Downstream?
    private var demand = Subscribers.Demand.none
    private var emitting = false
    private let completion: Subscribers.Completion<Downstream.Failure>
    let description: String

    private init(
        _ iterator: Elements.Iterator, first: Elements.Element, then completion: Subscribers.Completion<Downstream.Failure>,
        _ downstream: Downstream, name: String
    ) {
        self.iterator = iterator
        next = first
        self.completion = completion
        self.downstream = downstream
        description = name
    }

    static func start(
        _ elements: Elements, then completion: Subscribers.Completion<Downstream.Failure>, _ downstream: Downstream,
        name: String
    ) {
        var iterator = elements.makeIterator()
        guard let first = iterator.next() else {
            downstream.receive(subscription: Subscriptions.empty)
            downstream.receive(completion: completion)
            return
        }
        downstream.receive(subscription: SequenceSubscription(iterator, first: first, then: completion, downstream, name: name))
    }

    func request(_ demand: Subscribers.Demand) {
        guard demand > 0 else { return }
        let starts = lock.withLock {
            guard downstream != nil else { return false }
            self.demand += demand
            if emitting { return false }
            emitting = true
            return true
        }
        guard starts else { return }
        while true {
            lock.lock()
            guard let target = downstream, self.demand > 0, let element = next else {
                emitting = false
                lock.unlock()
                return
            }
            self.demand -= 1
            lock.unlock()
            // Only the emitting thread touches the iterator.
            let following = iterator.next()
            lock.withLock { next = following }
            let more = target.receive(element)
            let finished: Downstream? = lock.withLock {
                self.demand += more
                guard next == nil else { return nil }
                return downstream.take()
            }
            if let finished {
                finished.receive(completion: completion)
                return
            }
        }
    }

    func cancel() {
        let released: (Downstream?, Elements.Element?) = lock.withLock { (downstream.take(), next.take()) }
        _ = released
    }
}
