import Foundation

// A view redrawn on a schedule (SwiftUI's `TimelineView`), headless: its content is made for the
// schedule's entry current when the body runs (the latest entry not after now; now when the first
// entry is still to come), and made again whenever the view updates. The schedules compute their
// entries as SwiftUI's do.

/// When a ``TimelineView`` redraws (SwiftUI's `TimelineSchedule`): a sequence of dates.
public protocol TimelineSchedule {
    typealias Mode = TimelineScheduleMode
    associatedtype Entries: Sequence where Entries.Element == Date
    /// The dates from `startDate` on.
    func entries(from startDate: Date, mode: Self.Mode) -> Self.Entries
}

/// How often the system lets a timeline redraw (SwiftUI's `TimelineScheduleMode`).
public enum TimelineScheduleMode: Sendable {
    case normal
    case lowFrequency
}

/// Every `interval` seconds from a date (SwiftUI's `PeriodicTimelineSchedule`).
public struct PeriodicTimelineSchedule: TimelineSchedule, Sendable {
    /// The dates, aligned on the schedule's start.
    public struct Entries: Sequence, IteratorProtocol, Sendable {
        var upcoming: Date
        let interval: TimeInterval

        public mutating func next() -> Date? {
            defer { upcoming = upcoming.addingTimeInterval(interval) }
            return upcoming
        }
    }

    let start: Date
    let interval: TimeInterval

    public init(from startDate: Date, by interval: TimeInterval) {
        start = startDate
        self.interval = max(interval, 1e-3)
    }

    /// The entries from the last one at or before `startDate` (the schedule's start if later).
    public func entries(from startDate: Date, mode: TimelineScheduleMode) -> Entries {
        let elapsed = startDate.timeIntervalSince(start)
        let first = elapsed <= 0 ? start : start.addingTimeInterval((elapsed / interval).rounded(.down) * interval)
        return Entries(upcoming: first, interval: interval)
    }
}

/// At the start of every minute (SwiftUI's `EveryMinuteTimelineSchedule`).
public struct EveryMinuteTimelineSchedule: TimelineSchedule, Sendable {
    /// The starts of the minutes, from the one `startDate` is in.
    public struct Entries: Sequence, IteratorProtocol, Sendable {
        var upcoming: Date

        public mutating func next() -> Date? {
            defer { upcoming = upcoming.addingTimeInterval(60) }
            return upcoming
        }
    }

    public init() {}

    public func entries(from startDate: Date, mode: TimelineScheduleMode) -> Entries {
        let seconds = startDate.timeIntervalSinceReferenceDate
        return Entries(upcoming: Date(timeIntervalSinceReferenceDate: (seconds / 60).rounded(.down) * 60))
    }
}

/// The dates given (SwiftUI's `ExplicitTimelineSchedule`).
public struct ExplicitTimelineSchedule<Entries: Sequence>: TimelineSchedule where Entries.Element == Date {
    let dates: Entries

    public init(_ dates: Entries) {
        self.dates = dates
    }

    public func entries(from startDate: Date, mode: TimelineScheduleMode) -> Entries { dates }
}

/// As often as an animation redraws (SwiftUI's `AnimationTimelineSchedule`): every
/// `minimumInterval` seconds (a 60th of a second if `nil`); only the start while `paused`.
public struct AnimationTimelineSchedule: TimelineSchedule, Sendable {
    /// The frames' dates.
    public struct Entries: Sequence, IteratorProtocol, Sendable {
        var upcoming: Date?
        let interval: TimeInterval
        let paused: Bool

        public mutating func next() -> Date? {
            defer { upcoming = paused ? nil : upcoming?.addingTimeInterval(interval) }
            return upcoming
        }
    }

    let minimumInterval: Double?
    let paused: Bool

    public init(minimumInterval: Double? = nil, paused: Bool = false) {
        self.minimumInterval = minimumInterval
        self.paused = paused
    }

    public func entries(from start: Date, mode: TimelineScheduleMode) -> Entries {
        Entries(upcoming: start, interval: max(minimumInterval ?? 1.0 / 60, 1e-3), paused: paused)
    }
}

extension TimelineSchedule where Self == PeriodicTimelineSchedule {
    public static func periodic(from startDate: Date, by interval: TimeInterval) -> PeriodicTimelineSchedule {
        PeriodicTimelineSchedule(from: startDate, by: interval)
    }
}

extension TimelineSchedule where Self == EveryMinuteTimelineSchedule {
    public static var everyMinute: EveryMinuteTimelineSchedule { EveryMinuteTimelineSchedule() }
}

extension TimelineSchedule {
    public static func explicit<S: Sequence>(_ dates: S) -> ExplicitTimelineSchedule<S>
    where Self == ExplicitTimelineSchedule<S>, S.Element == Date {
        ExplicitTimelineSchedule(dates)
    }
}

extension TimelineSchedule where Self == AnimationTimelineSchedule {
    public static var animation: AnimationTimelineSchedule { AnimationTimelineSchedule() }

    public static func animation(minimumInterval: Double? = nil, paused: Bool = false) -> AnimationTimelineSchedule {
        AnimationTimelineSchedule(minimumInterval: minimumInterval, paused: paused)
    }
}

/// A view whose content is made for a date of a schedule (SwiftUI's `TimelineView`).
///
///     TimelineView(.periodic(from: .now, by: 1)) { context in
///         Text(context.date, style: .time)
///     }
public nonisolated struct TimelineView<Schedule: TimelineSchedule, Content> {
    /// What the content is made for: the entry's date, and how often entries come.
    public struct Context: Sendable {
        /// How often a timeline redraws.
        public enum Cadence: Comparable, Sendable {
            case live, seconds, minutes
        }

        public let date: Date
        public let cadence: Cadence

        /// Asks for the content to be made again (headless, every update makes it again).
        public func invalidateTimelineContent() {}
    }

    let schedule: Schedule
    let make: (Date) -> Content
}

/// The context of a ``TimelineView``'s content closure (SwiftUI's `TimelineViewDefaultContext`).
public typealias TimelineViewDefaultContext = TimelineView<EveryMinuteTimelineSchedule, Never>.Context

extension TimelineView: View where Content: View {
    public init(_ schedule: Schedule, @ViewBuilder content: @escaping (TimelineView<Schedule, Content>.Context) -> Content) {
        self.schedule = schedule
        make = { content(Context(date: $0, cadence: .live)) }
    }

    @_disfavoredOverload
    public init(_ schedule: Schedule, @ViewBuilder content: @escaping (TimelineViewDefaultContext) -> Content) {
        self.schedule = schedule
        make = { content(TimelineViewDefaultContext(date: $0, cadence: .live)) }
    }

    @MainActor public var body: some View {
        let now = Date()
        var current: Date?
        var entries = schedule.entries(from: now, mode: .normal).makeIterator()
        // The latest entry not after now (a bounded walk: a schedule may never end).
        for _ in 0..<10_000 {
            guard let entry = entries.next(), entry <= now else { break }
            current = entry
        }
        return make(current ?? now).modifier(_StyleModifier(key: "timeline", value: ""))
    }
}
