import Foundation

// Controls that set a number or a date, headless: their label and value as text, the node
// carrying `slider=LABEL` or `datePicker=LABEL`; typing a value into them by that label
// (``ViewHost/type(_:into:)``, the `type` script step) sets it, as dragging or picking does.

/// A value in a range (SwiftUI's `Slider`): `Volume 0.5`. Typed values are clamped to the range
/// and rounded to the step.
public nonisolated struct Slider<Label: View, ValueLabel: View>: View {
    let label: Label
    let value: () -> Double
    let write: (Double) -> Void
    let onEditingChanged: (Bool) -> Void
    /// What shows at the low and high ends (`minimumValueLabel:maximumValueLabel:`), `nil` without.
    let valueLabels: (minimum: ValueLabel, maximum: ValueLabel)?

    public init<V: BinaryFloatingPoint>(
        value: Binding<V>, in bounds: ClosedRange<V> = 0...1, step: V.Stride? = nil,
        @ViewBuilder label: () -> Label, onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) where V.Stride: BinaryFloatingPoint, ValueLabel == EmptyView {
        self.init(value: value, in: bounds, step: step, label: label(), valueLabels: nil, onEditingChanged: onEditingChanged)
    }

    /// A slider with a label, and views at its low and high ends shown either side of its value.
    public init<V: BinaryFloatingPoint>(
        value: Binding<V>, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label,
        @ViewBuilder minimumValueLabel: () -> ValueLabel, @ViewBuilder maximumValueLabel: () -> ValueLabel,
        onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) where V.Stride: BinaryFloatingPoint {
        self.init(value: value, in: bounds, step: nil, label: label(), valueLabels: (minimumValueLabel(), maximumValueLabel()),
                  onEditingChanged: onEditingChanged)
    }

    public init<V: BinaryFloatingPoint>(
        value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1, @ViewBuilder label: () -> Label,
        @ViewBuilder minimumValueLabel: () -> ValueLabel, @ViewBuilder maximumValueLabel: () -> ValueLabel,
        onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) where V.Stride: BinaryFloatingPoint {
        self.init(value: value, in: bounds, step: step, label: label(), valueLabels: (minimumValueLabel(), maximumValueLabel()),
                  onEditingChanged: onEditingChanged)
    }

    @_disfavoredOverload
    public init<V: BinaryFloatingPoint>(
        value: Binding<V>, in bounds: ClosedRange<V> = 0...1, onEditingChanged: @escaping (Bool) -> Void = { _ in },
        minimumValueLabel: ValueLabel, maximumValueLabel: ValueLabel, @ViewBuilder label: () -> Label
    ) where V.Stride: BinaryFloatingPoint {
        self.init(value: value, in: bounds, step: nil, label: label(), valueLabels: (minimumValueLabel, maximumValueLabel),
                  onEditingChanged: onEditingChanged)
    }

    @_disfavoredOverload
    public init<V: BinaryFloatingPoint>(
        value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1, onEditingChanged: @escaping (Bool) -> Void = { _ in },
        minimumValueLabel: ValueLabel, maximumValueLabel: ValueLabel, @ViewBuilder label: () -> Label
    ) where V.Stride: BinaryFloatingPoint {
        self.init(value: value, in: bounds, step: step, label: label(), valueLabels: (minimumValueLabel, maximumValueLabel),
                  onEditingChanged: onEditingChanged)
    }

    init<V: BinaryFloatingPoint>(
        value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride?, label: Label,
        valueLabels: (minimum: ValueLabel, maximum: ValueLabel)?, onEditingChanged: @escaping (Bool) -> Void
    ) where V.Stride: BinaryFloatingPoint {
        self.label = label
        self.valueLabels = valueLabels
        self.value = { Double(value.wrappedValue) }
        self.onEditingChanged = onEditingChanged
        write = { typed in
            var new = min(max(V(typed), bounds.lowerBound), bounds.upperBound)
            if let step, step > 0 {
                let steps = ((new - bounds.lowerBound) / V(step)).rounded()
                new = min(bounds.lowerBound + steps * V(step), bounds.upperBound)
            }
            value.wrappedValue = new
        }
    }

    @MainActor public var body: some View {
        let (write, changed) = (self.write, self.onEditingChanged)
        HStack {
            label
            if let valueLabels { valueLabels.minimum }
            Text(verbatim: _number(value()))
            if let valueLabels { valueLabels.maximum }
        }
        .modifier(_TextInputModifier(input: TextInput(kind: "slider", title: _sliderTitle, value: { _number(value()) }) { text in
            guard let number = Double(text.trimmingCharacters(in: .whitespaces)), number.isFinite else {
                throw ViewHostError.invalidInput(field: "Slider", text: text, expected: "a number")
            }
            changed(true)
            write(number)
            changed(false)
        }))
    }

    private var _sliderTitle: String {
        (label as? Text)?.content ?? "Slider"
    }
}

extension Slider where Label == EmptyView, ValueLabel == EmptyView {
    public init<V: BinaryFloatingPoint>(
        value: Binding<V>, in bounds: ClosedRange<V> = 0...1, step: V.Stride? = nil,
        onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) where V.Stride: BinaryFloatingPoint {
        self.init(value: value, in: bounds, step: step, label: { EmptyView() }, onEditingChanged: onEditingChanged)
    }
}

extension Slider where ValueLabel == EmptyView {
    /// The label-last form (`Slider(value: $v, in: 0...1, onEditingChanged: { … }) { Text("Volume") }`).
    @_disfavoredOverload
    public init<V: BinaryFloatingPoint>(
        value: Binding<V>, in bounds: ClosedRange<V> = 0...1, onEditingChanged: @escaping (Bool) -> Void = { _ in },
        @ViewBuilder label: () -> Label
    ) where V.Stride: BinaryFloatingPoint {
        self.init(value: value, in: bounds, step: nil, label: label(), valueLabels: nil, onEditingChanged: onEditingChanged)
    }

    @_disfavoredOverload
    public init<V: BinaryFloatingPoint>(
        value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1, onEditingChanged: @escaping (Bool) -> Void = { _ in },
        @ViewBuilder label: () -> Label
    ) where V.Stride: BinaryFloatingPoint {
        self.init(value: value, in: bounds, step: step, label: label(), valueLabels: nil, onEditingChanged: onEditingChanged)
    }
}

/// A date and/or time (SwiftUI's `DatePicker`): `Due 2026-11-24 09:30` in the environment's
/// time zone. Typed values are ISO 8601 dates (`2026-11-24`), times (`09:30`) or both
/// (`2026-11-24 09:30` or `2026-11-24T09:30`), kept within the range.
public nonisolated struct DatePicker<Label: View>: View {
    /// What a date picker shows (SwiftUI's `DatePicker.Components`).
    public typealias Components = DatePickerComponents

    let label: Label
    let selection: Binding<Date>
    /// The earliest and latest dates it picks (`nil`: unbounded that way).
    let range: (lower: Date?, upper: Date?)
    let components: DatePickerComponents
    @Environment(\.timeZone) private var timeZone
    @Environment(\._datePickerStyle) private var style

    init(label: Label, selection: Binding<Date>, lower: Date?, upper: Date?, components: DatePickerComponents) {
        self.label = label
        self.selection = selection
        range = (lower, upper)
        self.components = components
    }

    public init(selection: Binding<Date>, displayedComponents: Components = [.hourAndMinute, .date],
                @ViewBuilder label: () -> Label) {
        self.init(label: label(), selection: selection, lower: nil, upper: nil, components: displayedComponents)
    }

    /// A picker that keeps dates within `range`.
    public init(selection: Binding<Date>, in range: ClosedRange<Date>,
                displayedComponents: Components = [.hourAndMinute, .date], @ViewBuilder label: () -> Label) {
        self.init(label: label(), selection: selection, lower: range.lowerBound, upper: range.upperBound,
                  components: displayedComponents)
    }

    /// A picker of dates from `range`'s start on.
    public init(selection: Binding<Date>, in range: PartialRangeFrom<Date>,
                displayedComponents: Components = [.hourAndMinute, .date], @ViewBuilder label: () -> Label) {
        self.init(label: label(), selection: selection, lower: range.lowerBound, upper: nil, components: displayedComponents)
    }

    /// A picker of dates up to `range`'s end.
    public init(selection: Binding<Date>, in range: PartialRangeThrough<Date>,
                displayedComponents: Components = [.hourAndMinute, .date], @ViewBuilder label: () -> Label) {
        self.init(label: label(), selection: selection, lower: nil, upper: range.upperBound, components: displayedComponents)
    }

    @MainActor public var body: some View {
        if let style {
            style.make(DatePickerStyleConfiguration(
                label: .init(label), selection: selection, minimumDate: range.lower, maximumDate: range.upper,
                displayedComponents: components))
        } else {
            builtIn
        }
    }

    @MainActor private var builtIn: some View {
        let (selection, range, components, timeZone) = (self.selection, self.range, self.components, self.timeZone)
        let title = _labelTitle(of: label, otherwise: "DatePicker")
        return HStack {
            label
            Text(verbatim: Self.format(selection.wrappedValue, components, timeZone))
        }
        .modifier(_TextInputModifier(input: TextInput(
            kind: "datePicker", title: title, value: { Self.format(selection.wrappedValue, components, timeZone) }
        ) { text in
            guard var date = Self.parse(text, components, relativeTo: selection.wrappedValue, timeZone) else {
                throw ViewHostError.invalidInput(
                    field: title, text: text, expected: "a date like 2026-11-24, a time like 09:30, or both")
            }
            if let lower = range.lower { date = max(date, lower) }
            if let upper = range.upper { date = min(date, upper) }
            selection.wrappedValue = date
        }))
    }

    static func format(_ date: Date, _ components: DatePickerComponents, _ timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        var shown: [String] = []
        if components.contains(.date) { shown.append("\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day))") }
        if components.contains(.hourAndMinute) { shown.append("\(two(parts.hour)):\(two(parts.minute))") }
        return shown.joined(separator: " ")
    }

    static func parse(_ text: String, _ components: DatePickerComponents, relativeTo current: Date, _ timeZone: TimeZone)
        -> Date?
    {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        var parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: current)
        let pieces = text.trimmingCharacters(in: .whitespaces).split(whereSeparator: { $0 == " " || $0 == "T" })
        guard !pieces.isEmpty, pieces.count <= 2 else { return nil }
        for piece in pieces {
            let numbers = piece.split(separator: piece.contains(":") ? ":" : "-").map { Int($0) }
            guard numbers.allSatisfy({ $0 != nil }) else { return nil }
            if piece.contains(":"), numbers.count == 2 || numbers.count == 3 {
                guard let hour = numbers[0], let minute = numbers[1], (0..<24).contains(hour), (0..<60).contains(minute)
                else { return nil }
                (parts.hour, parts.minute) = (hour, minute)
            } else if numbers.count == 3, let year = numbers[0], let month = numbers[1], let day = numbers[2],
                (1...12).contains(month), (1...31).contains(day)
            {
                (parts.year, parts.month, parts.day) = (year, month, day)
            } else {
                return nil
            }
        }
        parts.second = 0
        return calendar.date(from: parts)
    }
}

extension DatePicker where Label == Text {
    public init(_ titleKey: LocalizedStringKey, selection: Binding<Date>,
                displayedComponents: Components = [.hourAndMinute, .date]) {
        self.init(selection: selection, displayedComponents: displayedComponents) { Text(titleKey) }
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, selection: Binding<Date>,
                                   displayedComponents: Components = [.hourAndMinute, .date]) {
        self.init(selection: selection, displayedComponents: displayedComponents) { Text(title) }
    }

    public init(_ titleKey: LocalizedStringKey, selection: Binding<Date>, in range: ClosedRange<Date>,
                displayedComponents: Components = [.hourAndMinute, .date]) {
        self.init(selection: selection, in: range, displayedComponents: displayedComponents) { Text(titleKey) }
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, selection: Binding<Date>, in range: ClosedRange<Date>,
                                   displayedComponents: Components = [.hourAndMinute, .date]) {
        self.init(selection: selection, in: range, displayedComponents: displayedComponents) { Text(title) }
    }

    public init(_ titleKey: LocalizedStringKey, selection: Binding<Date>, in range: PartialRangeFrom<Date>,
                displayedComponents: Components = [.hourAndMinute, .date]) {
        self.init(selection: selection, in: range, displayedComponents: displayedComponents) { Text(titleKey) }
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, selection: Binding<Date>, in range: PartialRangeFrom<Date>,
                                   displayedComponents: Components = [.hourAndMinute, .date]) {
        self.init(selection: selection, in: range, displayedComponents: displayedComponents) { Text(title) }
    }

    public init(_ titleKey: LocalizedStringKey, selection: Binding<Date>, in range: PartialRangeThrough<Date>,
                displayedComponents: Components = [.hourAndMinute, .date]) {
        self.init(selection: selection, in: range, displayedComponents: displayedComponents) { Text(titleKey) }
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, selection: Binding<Date>, in range: PartialRangeThrough<Date>,
                                   displayedComponents: Components = [.hourAndMinute, .date]) {
        self.init(selection: selection, in: range, displayedComponents: displayedComponents) { Text(title) }
    }
}

/// What a date picker shows (SwiftUI's `DatePickerComponents`).
public struct DatePickerComponents: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let hourAndMinute = DatePickerComponents(rawValue: 1)
    public static let date = DatePickerComponents(rawValue: 2)
}
