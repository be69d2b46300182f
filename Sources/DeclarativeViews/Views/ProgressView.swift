import Foundation

/// Progress (SwiftUI's `ProgressView`): its label, `ProgressView 40%` (or `ProgressView` when
/// indeterminate), then its current-value label; the node carries `progressView=40%` (or
/// `indeterminate`). A ``ProgressViewStyle`` set with ``View/progressViewStyle(_:)`` that has its
/// own `makeBody(configuration:)` draws it instead.
///
/// A timer's progress (`ProgressView(timerInterval:countsDown:)`) is the fraction of the interval
/// elapsed (or left, counting down) when the body runs; its current-value label is the time left.
public nonisolated struct ProgressView<Label: View, CurrentValueLabel: View>: View {
    let label: Label
    let currentValueLabel: CurrentValueLabel
    let fraction: Double?
    @Environment(\._progressViewStyle) private var style

    init(fraction: Double?, label: Label, currentValueLabel: CurrentValueLabel) {
        self.fraction = fraction.map { $0.isFinite ? min(1, max(0, $0)) : 0 }
        self.label = label
        self.currentValueLabel = currentValueLabel
    }

    public init<V: BinaryFloatingPoint>(
        value: V?, total: V = 1.0, @ViewBuilder label: () -> Label, @ViewBuilder currentValueLabel: () -> CurrentValueLabel
    ) {
        self.init(fraction: value.map { Double($0) / Double(total) }, label: label(), currentValueLabel: currentValueLabel())
    }

    public init(
        timerInterval: ClosedRange<Date>, countsDown: Bool = true, @ViewBuilder label: () -> Label,
        @ViewBuilder currentValueLabel: () -> CurrentValueLabel
    ) {
        let length = timerInterval.upperBound.timeIntervalSince(timerInterval.lowerBound)
        let elapsed = length > 0 ? Date().timeIntervalSince(timerInterval.lowerBound) / length : 1
        let clamped = min(1, max(0, elapsed))
        self.init(fraction: countsDown ? 1 - clamped : clamped, label: label(), currentValueLabel: currentValueLabel())
    }

    @MainActor public var body: some View {
        let configuration = ProgressViewStyleConfiguration(
            fractionCompleted: fraction, label: Label.self == EmptyView.self ? nil : .init(label),
            currentValueLabel: CurrentValueLabel.self == EmptyView.self ? nil : .init(currentValueLabel))
        if let style {
            style.make(configuration)
        } else {
            _ProgressViewBody(configuration: configuration)
        }
    }
}

extension ProgressView where CurrentValueLabel == EmptyView {
    public init(@ViewBuilder label: () -> Label) {
        self.init(fraction: nil, label: label(), currentValueLabel: EmptyView())
    }

    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0, @ViewBuilder label: () -> Label) {
        self.init(value: value, total: total, label: label, currentValueLabel: { EmptyView() })
    }
}

extension ProgressView where Label == EmptyView, CurrentValueLabel == EmptyView {
    public init() {
        self.init(fraction: nil, label: EmptyView(), currentValueLabel: EmptyView())
    }

    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0) {
        self.init(value: value, total: total, label: { EmptyView() }, currentValueLabel: { EmptyView() })
    }

    /// The progress a Foundation `Progress` reports (indeterminate while it is).
    public init(_ progress: Progress) {
        self.init(
            fraction: progress.isIndeterminate ? nil : progress.fractionCompleted, label: EmptyView(),
            currentValueLabel: EmptyView())
    }
}

extension ProgressView where Label == Text, CurrentValueLabel == EmptyView {
    public init(_ titleKey: LocalizedStringKey) {
        self.init(label: { Text(titleKey) })
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S) {
        self.init(label: { Text(title) })
    }

    public init<V: BinaryFloatingPoint>(_ titleKey: LocalizedStringKey, value: V?, total: V = 1.0) {
        self.init(value: value, total: total, label: { Text(titleKey) })
    }

    @_disfavoredOverload
    public init<S: StringProtocol, V: BinaryFloatingPoint>(_ title: S, value: V?, total: V = 1.0) {
        self.init(value: value, total: total, label: { Text(title) })
    }
}

extension ProgressView where CurrentValueLabel == DefaultDateProgressLabel {
    public init(timerInterval: ClosedRange<Date>, countsDown: Bool = true, @ViewBuilder label: () -> Label) {
        self.init(
            timerInterval: timerInterval, countsDown: countsDown, label: label,
            currentValueLabel: { DefaultDateProgressLabel(interval: timerInterval, countsDown: countsDown) })
    }
}

extension ProgressView where Label == EmptyView, CurrentValueLabel == DefaultDateProgressLabel {
    public init(timerInterval: ClosedRange<Date>, countsDown: Bool = true) {
        self.init(timerInterval: timerInterval, countsDown: countsDown, label: { EmptyView() })
    }
}

/// The time a timer progress view shows (SwiftUI's `DefaultDateProgressLabel`): the time left in
/// its interval (counting down) or elapsed (counting up), as `m:ss`, when its body runs.
public nonisolated struct DefaultDateProgressLabel: View {
    let interval: ClosedRange<Date>
    let countsDown: Bool

    @MainActor public var body: some View {
        let now = min(max(Date(), interval.lowerBound), interval.upperBound)
        let seconds = Int((countsDown ? interval.upperBound.timeIntervalSince(now) : now.timeIntervalSince(interval.lowerBound)).rounded())
        Text(verbatim: "\(seconds / 60):" + (seconds % 60 < 10 ? "0" : "") + "\(seconds % 60)")
    }
}

/// What a progress view shows, as a ``ProgressViewStyle`` is given it (SwiftUI's
/// `ProgressViewStyleConfiguration`).
public struct ProgressViewStyleConfiguration {
    /// A progress view's label, type-erased.
    public nonisolated struct Label: View {
        let content: AnyView
        init<V: View>(_ view: V) { content = AnyView(view) }
        @MainActor public var body: some View { content }
    }

    /// A progress view's current-value label, type-erased.
    public nonisolated struct CurrentValueLabel: View {
        let content: AnyView
        init<V: View>(_ view: V) { content = AnyView(view) }
        @MainActor public var body: some View { content }
    }

    /// The fraction done, from 0 to 1; `nil` when indeterminate.
    public let fractionCompleted: Double?
    public var label: ProgressViewStyleConfiguration.Label?
    public var currentValueLabel: ProgressViewStyleConfiguration.CurrentValueLabel?
}

extension ProgressView where Label == ProgressViewStyleConfiguration.Label,
    CurrentValueLabel == ProgressViewStyleConfiguration.CurrentValueLabel
{
    /// A progress view showing `configuration` as the built-in style does (inside a custom
    /// style's `makeBody`, to add to it).
    public init(_ configuration: ProgressViewStyleConfiguration) {
        self.init(
            fraction: configuration.fractionCompleted,
            label: configuration.label ?? .init(EmptyView()),
            currentValueLabel: configuration.currentValueLabel ?? .init(EmptyView()))
    }
}

/// The built-in look of a progress view: its label, `ProgressView 40%`, its current-value label.
nonisolated struct _ProgressViewBody: View {
    let configuration: ProgressViewStyleConfiguration

    @MainActor var body: some View {
        let fraction = configuration.fractionCompleted
        HStack {
            if let label = configuration.label { label }
            Text(verbatim: "ProgressView" + (fraction.map { " \(Int(($0 * 100).rounded()))%" } ?? ""))
            if let current = configuration.currentValueLabel { current }
        }
        .modifier(_StyleModifier(key: "progressView", value: fraction.map { "\(Int(($0 * 100).rounded()))%" } ?? "indeterminate"))
    }
}
