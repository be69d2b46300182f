import Foundation

// Texts made from values: `Text(price, format: .currency(code: "EUR"))` formats with the
// Foundation format style; `Text(date, style: .time)` shows a date the way SwiftUI's styles
// do, in the formatter's defaults for the current locale and time zone (`.relative`, `.offset`
// and `.timer` are measured from the moment the body ran; headless output does not tick).

extension Text {
    /// A value formatted by a format style (`.number`, `.percent`, `.currency(code:)`, `.dateTime`…).
    public init<F: FormatStyle>(_ input: F.FormatInput, format: F) where F.FormatInput: Equatable, F.FormatOutput == String {
        self.init(verbatim: format.format(input))
    }

    /// A value formatted by a Foundation `Formatter` (a `DateFormatter`, a `NumberFormatter`…);
    /// what the formatter cannot format shows as nothing.
    public init<Subject: ReferenceConvertible>(_ subject: Subject, formatter: Formatter) {
        self.init(verbatim: formatter.string(for: subject) ?? "")
    }

    /// A value formatted by a Foundation `Formatter`, for the values that are not
    /// `ReferenceConvertible` on Linux (`Date`, whose bridging to `NSDate` is Darwin's).
    @_disfavoredOverload
    public init<Subject>(_ subject: Subject, formatter: Formatter) {
        self.init(verbatim: formatter.string(for: subject) ?? "")
    }

    /// An image in a text: its placeholder `[name]`, recorded as the image is (`systemImage=star`),
    /// so that it can be concatenated with other texts.
    public init(_ image: Image) {
        self.init(verbatim: "[\(image.name)]")
        _styles = [_TextStyle(key: image.isSystem ? "systemImage" : "image", value: image.name)] + image._styles
    }

    /// A timer over `timerInterval`: the time left (`countsDown`) or gone, as `m:ss`, or `h:mm:ss`
    /// from an hour when `showsHours` (else the minutes go past 59). Measured at `pauseTime` if
    /// there is one, else at the moment the body ran (headless output does not tick), and kept
    /// within the interval.
    public init(timerInterval: ClosedRange<Date>, pauseTime: Date? = nil, countsDown: Bool = true, showsHours: Bool = true) {
        let now = min(max(pauseTime ?? Date(), timerInterval.lowerBound), timerInterval.upperBound)
        let seconds = Int((countsDown ? timerInterval.upperBound.timeIntervalSince(now) : now.timeIntervalSince(timerInterval.lowerBound))
            .rounded(.down))
        self.init(verbatim: DateStyle.clock(seconds, showsHours: showsHours))
    }

    /// A date shown in one of SwiftUI's text styles.
    public init(_ date: Date, style: DateStyle) {
        self.init(verbatim: style.text(for: date, now: Date()))
    }

    /// A range of dates: `10:00 AM – 11:30 AM`.
    public init(_ dates: ClosedRange<Date>) {
        let formatter = DateFormatter()
        formatter.dateStyle = .none
        formatter.timeStyle = .short
        self.init(verbatim: "\(formatter.string(from: dates.lowerBound)) – \(formatter.string(from: dates.upperBound))")
    }

    /// A date interval, shown as the range from its start to its end.
    public init(_ interval: DateInterval) {
        self.init(interval.start...interval.end)
    }

    /// How `Text(_:style:)` shows a date (SwiftUI's `Text.DateStyle`).
    public struct DateStyle: Sendable, Equatable {
        let kind: Kind

        enum Kind: Sendable, Equatable {
            case time, date, relative, offset, timer
        }

        /// `9:41 AM`.
        public static let time = DateStyle(kind: .time)
        /// `June 3, 2019`.
        public static let date = DateStyle(kind: .date)
        /// `2 hours, 3 minutes` (from now or ago).
        public static let relative = DateStyle(kind: .relative)
        /// `+2 hours` / `-3 minutes`.
        public static let offset = DateStyle(kind: .offset)
        /// `2:03:07` since or until the date.
        public static let timer = DateStyle(kind: .timer)

        func text(for date: Date, now: Date) -> String {
            switch kind {
            case .time, .date:
                let formatter = DateFormatter()
                formatter.dateStyle = kind == .date ? .long : .none
                formatter.timeStyle = kind == .time ? .short : .none
                return formatter.string(from: date)
            case .relative:
                return Self.duration(abs(date.timeIntervalSince(now)), units: 2)
            case .offset:
                let interval = date.timeIntervalSince(now)
                return (interval < 0 ? "-" : "+") + Self.duration(abs(interval), units: 1)
            case .timer:
                return Self.clock(Int(abs(date.timeIntervalSince(now)).rounded(.down)), showsHours: true)
            }
        }

        /// `2:03:07`, `3:07`; without hours, `123:07`.
        static func clock(_ seconds: Int, showsHours: Bool) -> String {
            let (hours, minutes, rest) = (seconds / 3600, seconds / 60 % 60, seconds % 60)
            return hours > 0 && showsHours
                ? "\(hours):\(String(format: "%02d", minutes)):\(String(format: "%02d", rest))"
                : "\(showsHours ? minutes : seconds / 60):\(String(format: "%02d", rest))"
        }

        /// `2 hours, 3 minutes`: the largest `units` non-zero units.
        static func duration(_ interval: TimeInterval, units: Int) -> String {
            var seconds = Int(interval.rounded(.down))
            let scale: [(Int, String)] = [(86_400, "day"), (3600, "hour"), (60, "minute"), (1, "second")]
            var parts: [String] = []
            for (length, name) in scale where parts.count < units {
                let count = seconds / length
                seconds %= length
                if count > 0 || (parts.isEmpty && length == 1) { parts.append("\(count) \(name)\(count == 1 ? "" : "s")") }
            }
            return parts.joined(separator: ", ")
        }
    }
}
