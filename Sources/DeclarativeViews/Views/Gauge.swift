import Foundation

/// A value within a range (SwiftUI's `Gauge`): its label, then `[min] Gauge 40% [max]`, its
/// current-value label and its marked-value labels; the node carries `gauge=40%`, the value's
/// place between the bounds (clamped to them). A ``GaugeStyle`` set above it (``View/gaugeStyle(_:)``)
/// draws it instead.
///
///     Gauge(value: battery, in: 0...100) { Text("Battery") } currentValueLabel: { Text("\(Int(battery))") }
public nonisolated struct Gauge<Label: View, CurrentValueLabel: View, BoundsLabel: View, MarkedValueLabels: View>: View {
    let fraction: Double
    let label: Label
    let currentValueLabel: CurrentValueLabel
    let minimumValueLabel: BoundsLabel?
    let maximumValueLabel: BoundsLabel?
    let markedValueLabels: MarkedValueLabels
    @Environment(\._gaugeStyle) private var style

    public init<V: BinaryFloatingPoint>(
        value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label,
        @ViewBuilder currentValueLabel: () -> CurrentValueLabel, @ViewBuilder minimumValueLabel: () -> BoundsLabel,
        @ViewBuilder maximumValueLabel: () -> BoundsLabel, @ViewBuilder markedValueLabels: () -> MarkedValueLabels
    ) {
        self.init(value: value, in: bounds, label: label(), currentValueLabel: currentValueLabel(),
                  minimumValueLabel: minimumValueLabel(), maximumValueLabel: maximumValueLabel(),
                  markedValueLabels: markedValueLabels())
    }

    init<V: BinaryFloatingPoint>(
        value: V, in bounds: ClosedRange<V>, label: Label, currentValueLabel: CurrentValueLabel,
        minimumValueLabel: BoundsLabel?, maximumValueLabel: BoundsLabel?, markedValueLabels: MarkedValueLabels
    ) {
        let length = Double(bounds.upperBound - bounds.lowerBound)
        let place = length > 0 ? Double(value - bounds.lowerBound) / length : 0
        fraction = place.isFinite ? min(1, max(0, place)) : 0
        self.label = label
        self.currentValueLabel = currentValueLabel
        self.minimumValueLabel = minimumValueLabel
        self.maximumValueLabel = maximumValueLabel
        self.markedValueLabels = markedValueLabels
    }

    @MainActor public var body: some View {
        let configuration = GaugeStyleConfiguration(
            value: fraction, label: .init(label),
            currentValueLabel: CurrentValueLabel.self == EmptyView.self ? nil : .init(currentValueLabel),
            minimumValueLabel: minimumValueLabel.map { .init($0) }, maximumValueLabel: maximumValueLabel.map { .init($0) },
            markedValueLabels: MarkedValueLabels.self == EmptyView.self ? nil : .init(markedValueLabels))
        if let style {
            style.make(configuration)
        } else {
            _BuiltInGauge(configuration: configuration)
        }
    }
}

extension Gauge where MarkedValueLabels == EmptyView {
    public init<V: BinaryFloatingPoint>(
        value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label,
        @ViewBuilder currentValueLabel: () -> CurrentValueLabel, @ViewBuilder minimumValueLabel: () -> BoundsLabel,
        @ViewBuilder maximumValueLabel: () -> BoundsLabel
    ) {
        self.init(value: value, in: bounds, label: label(), currentValueLabel: currentValueLabel(),
                  minimumValueLabel: minimumValueLabel(), maximumValueLabel: maximumValueLabel(),
                  markedValueLabels: EmptyView())
    }
}

extension Gauge where BoundsLabel == EmptyView {
    public init<V: BinaryFloatingPoint>(
        value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label,
        @ViewBuilder currentValueLabel: () -> CurrentValueLabel, @ViewBuilder markedValueLabels: () -> MarkedValueLabels
    ) {
        self.init(value: value, in: bounds, label: label(), currentValueLabel: currentValueLabel(),
                  minimumValueLabel: nil, maximumValueLabel: nil, markedValueLabels: markedValueLabels())
    }
}

extension Gauge where BoundsLabel == EmptyView, MarkedValueLabels == EmptyView {
    public init<V: BinaryFloatingPoint>(
        value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label,
        @ViewBuilder currentValueLabel: () -> CurrentValueLabel
    ) {
        self.init(value: value, in: bounds, label: label(), currentValueLabel: currentValueLabel(),
                  minimumValueLabel: nil, maximumValueLabel: nil, markedValueLabels: EmptyView())
    }
}

extension Gauge where CurrentValueLabel == EmptyView, BoundsLabel == EmptyView, MarkedValueLabels == EmptyView {
    public init<V: BinaryFloatingPoint>(value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label) {
        self.init(value: value, in: bounds, label: label(), currentValueLabel: EmptyView(),
                  minimumValueLabel: nil, maximumValueLabel: nil, markedValueLabels: EmptyView())
    }
}

/// A control group's content, with a label (SwiftUI's `LabeledControlGroupContent`): the label
/// above the controls.
public nonisolated struct LabeledControlGroupContent<Content: View, Label: View>: View {
    let content: Content
    let label: Label

    @MainActor public var body: some View {
        VStack(alignment: .leading) {
            label
            HStack { content }
        }
    }
}

/// Related controls shown together (SwiftUI's `ControlGroup`): in a row, the node carrying
/// `controlGroup`; a titled group shows its title above them. A ``ControlGroupStyle`` set above it
/// (``View/controlGroupStyle(_:)``) draws it instead.
public nonisolated struct ControlGroup<Content: View>: View {
    let content: Content
    @Environment(\._controlGroupStyle) private var style

    public init(@ViewBuilder content: () -> Content) {
        self.content = content()
    }

    @MainActor public var body: some View {
        if let style {
            let parts = (content as? any _LabeledGroupParts)?.parts ?? (label: .init(EmptyView()), content: .init(content))
            style.make(ControlGroupStyleConfiguration(label: parts.label, content: parts.content))
        } else {
            HStack { content }.modifier(_StyleModifier(key: "controlGroup", value: ""))
        }
    }
}

/// A control group's content that has a label: splits it for a style's configuration.
protocol _LabeledGroupParts {
    var parts: (label: _ErasedStylePart, content: _ErasedStylePart) { get }
}

extension LabeledControlGroupContent: _LabeledGroupParts {
    var parts: (label: _ErasedStylePart, content: _ErasedStylePart) { (.init(label), .init(content)) }
}

extension ControlGroup {
    public init<C: View, L: View>(@ViewBuilder content: () -> C, @ViewBuilder label: () -> L)
    where Content == LabeledControlGroupContent<C, L> {
        self.init { LabeledControlGroupContent(content: content(), label: label()) }
    }

    public init<C: View>(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> C)
    where Content == LabeledControlGroupContent<C, Text> {
        self.init(content: content, label: { Text(titleKey) })
    }

    @_disfavoredOverload
    public init<C: View, S: StringProtocol>(_ title: S, @ViewBuilder content: () -> C)
    where Content == LabeledControlGroupContent<C, Text> {
        self.init(content: content, label: { Text(title) })
    }
}

/// A value with a label (SwiftUI's `LabeledContent`): the label, then the content, in a row whose
/// node carries `labeledContent`. A ``LabeledContentStyle`` set above it
/// (``View/labeledContentStyle(_:)``) draws it instead.
///
///     LabeledContent("Version", value: "1.2")
///     LabeledContent("Total") { Text(total, format: .currency(code: "EUR")) }
public nonisolated struct LabeledContent<Label: View, Content: View>: View {
    let label: Label
    let content: Content
    @Environment(\._labeledContentStyle) private var style

    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.content = content()
        self.label = label()
    }

    @MainActor public var body: some View {
        if let style {
            style.make(LabeledContentStyleConfiguration(label: .init(label), content: .init(content)))
        } else {
            HStack {
                label
                Spacer()
                content
            }
            .modifier(_StyleModifier(key: "labeledContent", value: ""))
        }
    }
}

extension LabeledContent where Label == Text {
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {
        self.init(content: content, label: { Text(titleKey) })
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.init(content: content, label: { Text(title) })
    }
}

extension LabeledContent where Label == Text, Content == Text {
    public init<S: StringProtocol>(_ titleKey: LocalizedStringKey, value: S) {
        self.init(content: { Text(value) }, label: { Text(titleKey) })
    }

    @_disfavoredOverload
    public init<S1: StringProtocol, S2: StringProtocol>(_ title: S1, value: S2) {
        self.init(content: { Text(value) }, label: { Text(title) })
    }

    public init<F: FormatStyle>(_ titleKey: LocalizedStringKey, value: F.FormatInput, format: F)
    where F.FormatInput: Equatable, F.FormatOutput == String {
        self.init(content: { Text(verbatim: format.format(value)) }, label: { Text(titleKey) })
    }

    @_disfavoredOverload
    public init<S: StringProtocol, F: FormatStyle>(_ title: S, value: F.FormatInput, format: F)
    where F.FormatInput: Equatable, F.FormatOutput == String {
        self.init(content: { Text(verbatim: format.format(value)) }, label: { Text(title) })
    }
}
