import Foundation

/// Several days picked from a calendar (SwiftUI's `MultiDatePicker`): its label, then the picked
/// days in order (`Holidays 2026-12-24, 2026-12-25`), the node carrying `multiDatePicker=LABEL`.
/// Typing days into it by that label (``ViewHost/type(_:into:)``: `2026-12-24, 2026-12-31`, or
/// nothing to clear it) picks exactly those days, as tapping them in the calendar does; a day
/// outside the picker's bounds cannot be picked (an ``ViewHostError/invalidInput(field:text:expected:)``).
///
/// The selection holds each day as SwiftUI's does: `DateComponents` with the calendar (the
/// environment's, in its time zone), era, year, month and day.
public nonisolated struct MultiDatePicker<Label: View>: View {
    let label: Label
    let selection: Binding<Set<DateComponents>>
    /// The earliest date it picks, and the date its days end before (`nil`: unbounded).
    let bounds: (lower: Date?, upper: Date?)
    @Environment(\.calendar) private var calendar
    @Environment(\.timeZone) private var timeZone

    init(label: Label, selection: Binding<Set<DateComponents>>, lower: Date?, upper: Date?) {
        self.label = label
        self.selection = selection
        bounds = (lower, upper)
    }

    public init(selection: Binding<Set<DateComponents>>, @ViewBuilder label: () -> Label) {
        self.init(label: label(), selection: selection, lower: nil, upper: nil)
    }

    /// A picker of the days in `bounds`.
    public init(selection: Binding<Set<DateComponents>>, in bounds: Range<Date>, @ViewBuilder label: () -> Label) {
        self.init(label: label(), selection: selection, lower: bounds.lowerBound, upper: bounds.upperBound)
    }

    /// A picker of the days from `bounds`' start on.
    public init(selection: Binding<Set<DateComponents>>, in bounds: PartialRangeFrom<Date>, @ViewBuilder label: () -> Label) {
        self.init(label: label(), selection: selection, lower: bounds.lowerBound, upper: nil)
    }

    /// A picker of the days before `bounds`' end.
    public init(selection: Binding<Set<DateComponents>>, in bounds: PartialRangeUpTo<Date>, @ViewBuilder label: () -> Label) {
        self.init(label: label(), selection: selection, lower: nil, upper: bounds.upperBound)
    }

    @MainActor public var body: some View {
        var calendar = self.calendar
        calendar.timeZone = timeZone
        let (selection, bounds) = (self.selection, self.bounds)
        let title = _labelTitle(of: label, otherwise: "MultiDatePicker")
        let shown = { Self.days(selection.wrappedValue, calendar) }
        return HStack {
            label
            Text(verbatim: shown())
        }
        .modifier(_TextInputModifier(input: TextInput(kind: "multiDatePicker", title: title, value: shown) { text in
            selection.wrappedValue = try Self.parse(text, bounds: bounds, calendar, field: title)
        }))
    }

    /// The picked days, in order, as ISO 8601 dates.
    static func days(_ selection: Set<DateComponents>, _ calendar: Calendar) -> String {
        selection.compactMap { components -> (Int, Int, Int)? in
            guard let year = components.year, let month = components.month, let day = components.day else { return nil }
            return (year, month, day)
        }
        .sorted { $0 < $1 }
        .map { String(format: "%04d-%02d-%02d", $0.0, $0.1, $0.2) }
        .joined(separator: ", ")
    }

    /// The days typed (`2026-12-24, 2026-12-25`), each within the bounds.
    static func parse(_ text: String, bounds: (lower: Date?, upper: Date?), _ calendar: Calendar, field: String)
        throws -> Set<DateComponents>
    {
        var picked: Set<DateComponents> = []
        for piece in text.split(separator: ",") {
            let numbers = piece.trimmingCharacters(in: .whitespaces).split(separator: "-", omittingEmptySubsequences: false)
                .map { Int($0) }
            guard numbers.count == 3, let year = numbers[0], let month = numbers[1], let day = numbers[2],
                let start = calendar.date(from: DateComponents(year: year, month: month, day: day)),
                calendar.component(.day, from: start) == day,
                let end = calendar.date(byAdding: .day, value: 1, to: start)
            else {
                throw ViewHostError.invalidInput(field: field, text: text, expected: "days like 2026-12-24, 2026-12-25")
            }
            // A day can be picked when some of it is within the bounds.
            if let lower = bounds.lower, end <= lower {
                throw ViewHostError.invalidInput(field: field, text: text, expected: "days from \(iso(lower, calendar)) on")
            }
            if let upper = bounds.upper, start >= upper {
                throw ViewHostError.invalidInput(field: field, text: text, expected: "days before \(iso(upper, calendar))")
            }
            var components = calendar.dateComponents([.calendar, .era, .year, .month, .day], from: start)
            components.calendar = calendar
            picked.insert(components)
        }
        return picked
    }

    private static func iso(_ date: Date, _ calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }
}

extension MultiDatePicker where Label == Text {
    public init(_ titleKey: LocalizedStringKey, selection: Binding<Set<DateComponents>>) {
        self.init(selection: selection) { Text(titleKey) }
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, selection: Binding<Set<DateComponents>>) {
        self.init(selection: selection) { Text(title) }
    }

    public init(_ titleKey: LocalizedStringKey, selection: Binding<Set<DateComponents>>, in bounds: Range<Date>) {
        self.init(selection: selection, in: bounds) { Text(titleKey) }
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, selection: Binding<Set<DateComponents>>, in bounds: Range<Date>) {
        self.init(selection: selection, in: bounds) { Text(title) }
    }

    public init(_ titleKey: LocalizedStringKey, selection: Binding<Set<DateComponents>>, in bounds: PartialRangeFrom<Date>) {
        self.init(selection: selection, in: bounds) { Text(titleKey) }
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, selection: Binding<Set<DateComponents>>, in bounds: PartialRangeFrom<Date>) {
        self.init(selection: selection, in: bounds) { Text(title) }
    }

    public init(_ titleKey: LocalizedStringKey, selection: Binding<Set<DateComponents>>, in bounds: PartialRangeUpTo<Date>) {
        self.init(selection: selection, in: bounds) { Text(titleKey) }
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, selection: Binding<Set<DateComponents>>, in bounds: PartialRangeUpTo<Date>) {
        self.init(selection: selection, in: bounds) { Text(title) }
    }
}
