import Foundation

extension Timer {
    /// Returns a publisher that repeatedly emits the current date on the given interval (Foundation's
    /// `Timer.publish(every:tolerance:on:in:options:)`).
    ///
    ///     let c = Timer.publish(every: 1, on: .main, in: .common).autoconnect().sink { print($0) }
    ///
    /// The publisher is connectable: the timer starts on ``Timer/TimerPublisher/connect()`` (or with the first
    /// subscriber, after `autoconnect()`), scheduled on `runLoop` in `mode` — so it fires only while that run loop
    /// runs in that mode.
    public static func publish(
        every interval: TimeInterval, tolerance: TimeInterval? = nil, on runLoop: RunLoop, in mode: RunLoop.Mode,
        options: RunLoop.SchedulerOptions? = nil
    ) -> TimerPublisher {
        TimerPublisher(interval: interval, tolerance: tolerance, runLoop: runLoop, mode: mode, options: options)
    }

    /// A publisher that repeatedly emits the current date on a given interval.
    ///
    /// Each connection starts a timer; cancelling the connection invalidates it. Every subscriber receives the
    /// ticks while it has demand (a tick without demand is dropped for it). Subscribers are released when they
    /// cancel.
    public final class TimerPublisher: ConnectablePublisher {
        public typealias Output = Date
        public typealias Failure = Never

        public let interval: TimeInterval
        public let tolerance: TimeInterval?
        public let runLoop: RunLoop
        public let mode: RunLoop.Mode
        public let options: RunLoop.SchedulerOptions?

        private let ticks = Broadcast<Date, Never>(name: "Timer")

        /// Creates a publisher that repeatedly emits the current date on the given interval.
        public init(
            interval: TimeInterval, tolerance: TimeInterval? = nil, runLoop: RunLoop, mode: RunLoop.Mode,
            options: RunLoop.SchedulerOptions? = nil
        ) {
            self.interval = interval
            self.tolerance = tolerance
            self.runLoop = runLoop
            self.mode = mode
            self.options = options
        }

        deinit {
            ticks.detachAll()
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Date, S.Failure == Never {
            ticks.subscribe(subscriber)
        }

        /// Starts the timer; cancel the result to stop it.
        public func connect() -> Cancellable {
            let ticks = self.ticks
            let invalidate = runLoop.addTimer(
                at: Date(timeIntervalSinceNow: interval), interval: interval, tolerance: tolerance ?? 0, mode: mode
            ) { ticks.send(Date()) }
            return AnyCancellable(invalidate)
        }
    }
}
