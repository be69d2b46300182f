import Foundation

// Controls and leaf views built from the primitives, headless: what they show is text and
// buttons, what they are is recorded as render-node attributes (`toggle=on`, `image=star`,
// `textField=Name`) so tests and `ViewHost.toggle(_:)` / `ViewHost.type(_:into:)` find them.

/// An image (SwiftUI's `Image`), shown as a named placeholder: `[star.fill]`, one text cell per
/// character of the name plus the brackets; the render node carries `image=NAME` (a symbol:
/// `systemImage=NAME`). A symbol's name is resolved against the environment's
/// ``EnvironmentValues/symbolVariants`` as SwiftUI resolves it: `Image(systemName: "heart")` under
/// `.symbolVariant(.fill)` shows `heart.fill`.
public nonisolated struct Image: View, Equatable, Sendable {
    let name: String
    let isSystem: Bool
    /// What the image's own modifiers recorded (`renderingMode=template`…), closest first.
    var _styles: [_TextStyle] = []
    /// For an image drawn by a renderer (``init(size:label:opaque:colorMode:renderer:)``).
    var drawing: ImageDrawing?

    public init(systemName: String) {
        name = systemName
        isSystem = true
    }

    public init(_ name: String) {
        self.name = name
        isSystem = false
    }

    @MainActor public var body: some View {
        if let drawing {
            drawing.canvas(label: _styles)
        } else if isSystem {
            _SymbolPlaceholder(image: self)
        } else {
            placeholder(named: name)
        }
    }

    /// The placeholder of the image under `name`.
    @MainActor func placeholder(named name: String) -> ModifiedContent<Text, _StyleModifier> {
        var placeholder = Text(verbatim: "[\(name)]")
        placeholder._styles = _styles
        return placeholder.modifier(_StyleModifier(key: isSystem ? "systemImage" : "image", value: name))
    }

    /// Scales the image to fit its frame in SwiftUI; headless, it is recorded.
    public func resizable() -> Image { self }
}

/// A symbol image's placeholder, its name resolved against the environment's symbol variants.
struct _SymbolPlaceholder: View {
    let image: Image
    @Environment(\.symbolVariants) private var variants

    var body: some View {
        image.placeholder(named: variants.symbolName(image.name))
    }
}

/// A title with an icon (SwiftUI's `Label`): `[star] Favorites`. A ``LabelStyle`` set above it
/// (``View/labelStyle(_:)``) draws it instead.
public nonisolated struct Label<Title: View, Icon: View>: View {
    let title: Title
    let icon: Icon
    @Environment(\._labelStyle) private var style

    public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {
        self.title = title()
        self.icon = icon()
    }

    @MainActor public var body: some View {
        if let style {
            style.make(LabelStyleConfiguration(title: .init(title), icon: .init(icon)))
        } else {
            HStack(spacing: 8) {
                icon
                title
            }
        }
    }
}

extension Label where Title == Text, Icon == Image {
    public init(_ titleKey: LocalizedStringKey, systemImage name: String) {
        self.init(title: { Text(titleKey) }, icon: { Image(systemName: name) })
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, systemImage name: String) {
        self.init(title: { Text(title) }, icon: { Image(systemName: name) })
    }

    public init(_ titleKey: LocalizedStringKey, image name: String) {
        self.init(title: { Text(titleKey) }, icon: { Image(name) })
    }
}

extension Label: StaticTextProviding where Title == Text {
    var _staticText: String { title.content }
}

extension Button where Label == DeclarativeViews.Label<Text, Image> {
    /// `Button("Add", systemImage: "plus") { … }`.
    public init(_ titleKey: LocalizedStringKey, systemImage: String, action: @escaping @MainActor () -> Void) {
        self.init(action: action) { DeclarativeViews.Label(titleKey, systemImage: systemImage) }
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, systemImage: String, action: @escaping @MainActor () -> Void) {
        self.init(action: action) { DeclarativeViews.Label(title, systemImage: systemImage) }
    }

    /// `Button("Delete", systemImage: "trash", role: .destructive) { … }`: the role is recorded.
    public init(
        _ titleKey: LocalizedStringKey, systemImage: String, role: ButtonRole?, action: @escaping @MainActor () -> Void
    ) {
        self.init(role: role, action: action) { DeclarativeViews.Label(titleKey, systemImage: systemImage) }
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(
        _ title: S, systemImage: String, role: ButtonRole?, action: @escaping @MainActor () -> Void
    ) {
        self.init(role: role, action: action) { DeclarativeViews.Label(title, systemImage: systemImage) }
    }
}

/// What a button does, for the system to style it (SwiftUI's `ButtonRole`); recorded.
public struct ButtonRole: Hashable, Sendable {
    let name: String
    public static let destructive = ButtonRole(name: "destructive")
    public static let cancel = ButtonRole(name: "cancel")
}

extension Button {
    /// A button with a role (`Button("Delete", role: .destructive) { … }`); the role is recorded.
    public init(role: ButtonRole?, action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {
        self.init(action: action, label: label)
        self.role = role
    }
}

extension Button where Label == Text {
    public init(_ titleKey: LocalizedStringKey, role: ButtonRole?, action: @escaping @MainActor () -> Void) {
        self.init(role: role, action: action) { Text(titleKey) }
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, role: ButtonRole?, action: @escaping @MainActor () -> Void) {
        self.init(role: role, action: action) { Text(title) }
    }
}

/// A switch (SwiftUI's `Toggle`): a button labelled with the toggle's label whose node carries
/// `toggle=on` or `toggle=off`; tapping it (or ``ViewHost/toggle(_:)``) flips the binding. A
/// ``ToggleStyle`` set above it (``View/toggleStyle(_:)``) draws it instead.
public nonisolated struct Toggle<ToggleLabel: View>: View {
    let isOn: Binding<Bool>
    let label: ToggleLabel
    /// For a toggle of several sources: whether they differ (`toggle=mixed`).
    var isMixed: (() -> Bool)?
    @Environment(\._toggleStyle) private var style

    public init(isOn: Binding<Bool>, @ViewBuilder label: () -> ToggleLabel) {
        self.isOn = isOn
        self.label = label()
    }

    @MainActor public var body: some View {
        let isOn = self.isOn
        let mixed = isMixed?() ?? false
        if let style {
            style.make(ToggleStyleConfiguration(label: .init(label), isOn: isOn, isMixed: mixed))
        } else {
            _PrimitiveButton(label: label, action: { isOn.wrappedValue.toggle() })
                .modifier(_StyleModifier(key: "toggle", value: mixed ? "mixed" : isOn.wrappedValue ? "on" : "off"))
        }
    }
}

extension Toggle where ToggleLabel == Text {
    public init(_ titleKey: LocalizedStringKey, isOn: Binding<Bool>) {
        self.init(isOn: isOn) { Text(titleKey) }
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, isOn: Binding<Bool>) {
        self.init(isOn: isOn) { Text(title) }
    }
}

/// A value changed by steps (SwiftUI's `Stepper`): its label, then `-` and `+` buttons. A stepper
/// given a `format` shows its value formatted between the label and the buttons. Each step tells
/// `onEditingChanged` `true` before and `false` after, as a tap on a device does; a stepper bound
/// to a range stops at its bounds.
public nonisolated struct Stepper<StepperLabel: View>: View {
    let label: StepperLabel
    let decrement: (() -> Void)?
    let increment: (() -> Void)?
    /// The value as the format shows it, for a stepper given one.
    let valueText: (() -> String)?

    init(label: StepperLabel, increment: (() -> Void)?, decrement: (() -> Void)?, valueText: (() -> String)? = nil,
         onEditingChanged: @escaping (Bool) -> Void) {
        self.label = label
        self.increment = increment.map { step in { onEditingChanged(true); step(); onEditingChanged(false) } }
        self.decrement = decrement.map { step in { onEditingChanged(true); step(); onEditingChanged(false) } }
        self.valueText = valueText
    }

    init<V: Strideable>(label: StepperLabel, value: Binding<V>, in range: ClosedRange<V>?, step: V.Stride,
                        valueText: (() -> String)? = nil, onEditingChanged: @escaping (Bool) -> Void) {
        self.init(
            label: label,
            increment: {
                let next = value.wrappedValue.advanced(by: step)
                value.wrappedValue = range.map { min($0.upperBound, next) } ?? next
            },
            decrement: {
                let next = value.wrappedValue.advanced(by: -step)
                value.wrappedValue = range.map { max($0.lowerBound, next) } ?? next
            },
            valueText: valueText, onEditingChanged: onEditingChanged)
    }

    public init<V: Strideable>(value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
                               @ViewBuilder label: () -> StepperLabel, onEditingChanged: @escaping (Bool) -> Void = { _ in }) {
        self.init(label: label(), value: value, in: bounds, step: step, onEditingChanged: onEditingChanged)
    }

    @_disfavoredOverload
    public init<V: Strideable>(value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
                               onEditingChanged: @escaping (Bool) -> Void = { _ in }, @ViewBuilder label: () -> StepperLabel) {
        self.init(label: label(), value: value, in: bounds, step: step, onEditingChanged: onEditingChanged)
    }

    public init<V: Strideable>(value: Binding<V>, step: V.Stride = 1, @ViewBuilder label: () -> StepperLabel,
                               onEditingChanged: @escaping (Bool) -> Void = { _ in }) {
        self.init(label: label(), value: value, in: nil, step: step, onEditingChanged: onEditingChanged)
    }

    @_disfavoredOverload
    public init<V: Strideable>(value: Binding<V>, step: V.Stride = 1, onEditingChanged: @escaping (Bool) -> Void = { _ in },
                               @ViewBuilder label: () -> StepperLabel) {
        self.init(label: label(), value: value, in: nil, step: step, onEditingChanged: onEditingChanged)
    }

    /// A stepper showing its value through `format` (`Stepper(value: $gain, step: 0.5, format: .number) { … }`).
    public init<F: ParseableFormatStyle>(
        value: Binding<F.FormatInput>, in bounds: ClosedRange<F.FormatInput>, step: F.FormatInput.Stride = 1, format: F,
        @ViewBuilder label: () -> StepperLabel, onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) where F.FormatInput: BinaryFloatingPoint, F.FormatOutput == String {
        self.init(label: label(), value: value, in: bounds, step: step, valueText: { format.format(value.wrappedValue) },
                  onEditingChanged: onEditingChanged)
    }

    public init<F: ParseableFormatStyle>(
        value: Binding<F.FormatInput>, step: F.FormatInput.Stride = 1, format: F,
        @ViewBuilder label: () -> StepperLabel, onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) where F.FormatInput: BinaryFloatingPoint, F.FormatOutput == String {
        self.init(label: label(), value: value, in: nil, step: step, valueText: { format.format(value.wrappedValue) },
                  onEditingChanged: onEditingChanged)
    }

    /// Steps by calling the functions (a `nil` one disables its button).
    @_disfavoredOverload
    public init(
        onIncrement: (() -> Void)?, onDecrement: (() -> Void)?, onEditingChanged: @escaping (Bool) -> Void = { _ in },
        @ViewBuilder label: () -> StepperLabel
    ) {
        self.init(label: label(), increment: onIncrement, decrement: onDecrement, onEditingChanged: onEditingChanged)
    }

    public init(
        @ViewBuilder label: () -> StepperLabel, onIncrement: (() -> Void)?, onDecrement: (() -> Void)?,
        onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) {
        self.init(label: label(), increment: onIncrement, decrement: onDecrement, onEditingChanged: onEditingChanged)
    }

    /// Its label (and formatted value), then its `-` and `+` buttons, marked `stepper` so that
    /// inspection finds it by its label and steps it (`find(stepper:)`, `increment()`).
    @MainActor public var body: some View {
        let (increment, decrement) = (self.increment, self.decrement)
        HStack {
            label
            if let valueText { Text(verbatim: valueText()) }
            Button("-") { decrement?() }.disabled(decrement == nil)
            Button("+") { increment?() }.disabled(increment == nil)
        }
        .modifier(_StyleModifier(key: "stepper", value: ""))
    }
}

extension Stepper where StepperLabel == Text {
    public init(
        _ titleKey: LocalizedStringKey, onIncrement: (() -> Void)?, onDecrement: (() -> Void)?,
        onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) {
        self.init(label: Text(titleKey), increment: onIncrement, decrement: onDecrement, onEditingChanged: onEditingChanged)
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(
        _ title: S, onIncrement: (() -> Void)?, onDecrement: (() -> Void)?, onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) {
        self.init(label: Text(title), increment: onIncrement, decrement: onDecrement, onEditingChanged: onEditingChanged)
    }

    public init<V: Strideable>(
        _ titleKey: LocalizedStringKey, value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
        onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) {
        self.init(label: Text(titleKey), value: value, in: bounds, step: step, onEditingChanged: onEditingChanged)
    }

    @_disfavoredOverload
    public init<S: StringProtocol, V: Strideable>(
        _ title: S, value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
        onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) {
        self.init(label: Text(title), value: value, in: bounds, step: step, onEditingChanged: onEditingChanged)
    }

    public init<V: Strideable>(
        _ titleKey: LocalizedStringKey, value: Binding<V>, step: V.Stride = 1, onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) {
        self.init(label: Text(titleKey), value: value, in: nil, step: step, onEditingChanged: onEditingChanged)
    }

    @_disfavoredOverload
    public init<S: StringProtocol, V: Strideable>(
        _ title: S, value: Binding<V>, step: V.Stride = 1, onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) {
        self.init(label: Text(title), value: value, in: nil, step: step, onEditingChanged: onEditingChanged)
    }

    public init<F: ParseableFormatStyle>(
        _ titleKey: LocalizedStringKey, value: Binding<F.FormatInput>, in bounds: ClosedRange<F.FormatInput>,
        step: F.FormatInput.Stride = 1, format: F, onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) where F.FormatInput: BinaryFloatingPoint, F.FormatOutput == String {
        self.init(value: value, in: bounds, step: step, format: format, label: { Text(titleKey) },
                  onEditingChanged: onEditingChanged)
    }

    @_disfavoredOverload
    public init<S: StringProtocol, F: ParseableFormatStyle>(
        _ title: S, value: Binding<F.FormatInput>, in bounds: ClosedRange<F.FormatInput>,
        step: F.FormatInput.Stride = 1, format: F, onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) where F.FormatInput: BinaryFloatingPoint, F.FormatOutput == String {
        self.init(value: value, in: bounds, step: step, format: format, label: { Text(title) },
                  onEditingChanged: onEditingChanged)
    }

    public init<F: ParseableFormatStyle>(
        _ titleKey: LocalizedStringKey, value: Binding<F.FormatInput>, step: F.FormatInput.Stride = 1, format: F,
        onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) where F.FormatInput: BinaryFloatingPoint, F.FormatOutput == String {
        self.init(value: value, step: step, format: format, label: { Text(titleKey) }, onEditingChanged: onEditingChanged)
    }

    @_disfavoredOverload
    public init<S: StringProtocol, F: ParseableFormatStyle>(
        _ title: S, value: Binding<F.FormatInput>, step: F.FormatInput.Stride = 1, format: F,
        onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) where F.FormatInput: BinaryFloatingPoint, F.FormatOutput == String {
        self.init(value: value, step: step, format: format, label: { Text(title) }, onEditingChanged: onEditingChanged)
    }
}

/// A link (SwiftUI's `Link`): a button whose node carries `link=URL`; tapping it opens the URL
/// through the environment's ``OpenURLAction`` (a handler installed above it, or the system's,
/// which the host records in ``ViewHost/openedURLs``).
public nonisolated struct Link<LinkLabel: View>: View {
    let destination: URL
    let label: LinkLabel
    @Environment(\.openURL) private var openURL

    public init(destination: URL, @ViewBuilder label: () -> LinkLabel) {
        self.destination = destination
        self.label = label()
    }

    @MainActor public var body: some View {
        let (openURL, destination) = (self.openURL, self.destination)
        return Button(action: { openURL(destination) }) { label }
            .modifier(_StyleModifier(key: "link", value: destination.absoluteString))
    }
}

extension Link where LinkLabel == Text {
    public init(_ titleKey: LocalizedStringKey, destination: URL) {
        self.init(destination: destination) { Text(titleKey) }
    }
}

// MARK: - Containers laid out as the stacks they resemble

/// A form (SwiftUI's `Form`): its sections one under the other, as a `List`. A ``FormStyle`` set
/// above it (``View/formStyle(_:)``) draws it instead.
public nonisolated struct Form<Content: View>: View {
    let content: Content
    @Environment(\._formStyle) private var style
    public init(@ViewBuilder content: () -> Content) { self.content = content() }

    @MainActor public var body: some View {
        if let style {
            style.make(FormStyleConfiguration(content: .init(content)))
        } else {
            List { content }
        }
    }
}

/// A section of a list or form, with an optional header and footer (SwiftUI's `Section`).
/// A section given `isExpanded` shows its content only while the binding is `true` (its header
/// stays; a collapsible sidebar section).
///
/// As in SwiftUI, the parts are unconstrained: a section of views is a view, and a section of
/// table rows (`Section("Team") { ForEach(people) { TableRow($0) } }`) is table row content.
public nonisolated struct Section<Parent, Content, Footer> {
    let header: Parent
    let content: Content
    let footer: Footer
    var isExpanded: Binding<Bool>?

    /// The one place that stores the parts; the public initialisers are in the extensions of
    /// each kind of content.
    init(header: Parent, content: Content, footer: Footer, isExpanded: Binding<Bool>? = nil) {
        self.header = header
        self.content = content
        self.footer = footer
        self.isExpanded = isExpanded
    }
}

extension Section: View where Parent: View, Content: View, Footer: View {
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent, @ViewBuilder footer: () -> Footer) {
        self.init(header: header(), content: content(), footer: footer())
    }

    /// The header and footer as values, as SwiftUI's first releases wrote sections.
    public init(header: Parent, footer: Footer, @ViewBuilder content: () -> Content) {
        self.init(content: content, header: { header }, footer: { footer })
    }

    @MainActor public var body: some View {
        VStack(alignment: .leading) {
            header
            if isExpanded?.wrappedValue ?? true {
                content
            }
            footer
        }
    }
}

extension Section where Parent: View, Content: View, Footer: View {
    /// Whether the user can collapse the section (a sidebar's, on macOS); recorded on it
    /// (`collapsible=false`). A section given `isExpanded` collapses with its binding.
    @MainActor public func collapsible(_ collapsible: Bool) -> some View {
        modifier(_StyleModifier(key: "collapsible", value: "\(collapsible)"))
    }
}

extension Section where Parent == EmptyView, Content: View, Footer: View {
    public init(@ViewBuilder content: () -> Content, @ViewBuilder footer: () -> Footer) {
        self.init(content: content, header: { EmptyView() }, footer: footer)
    }

    public init(footer: Footer, @ViewBuilder content: () -> Content) {
        self.init(content: content, header: { EmptyView() }, footer: { footer })
    }
}

extension Section where Parent == EmptyView, Footer == EmptyView, Content: View {
    public init(@ViewBuilder content: () -> Content) {
        self.init(content: content, header: { EmptyView() }, footer: { EmptyView() })
    }
}

extension Section where Parent == Text, Footer == EmptyView, Content: View {
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {
        self.init(content: content, header: { Text(titleKey) }, footer: { EmptyView() })
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.init(content: content, header: { Text(title) }, footer: { EmptyView() })
    }
}

extension Section where Footer == EmptyView, Parent: View, Content: View {
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent) {
        self.init(content: content, header: header, footer: { EmptyView() })
    }

    public init(header: Parent, @ViewBuilder content: () -> Content) {
        self.init(content: content, header: { header }, footer: { EmptyView() })
    }

    public init(isExpanded: Binding<Bool>, @ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent) {
        self.init(content: content, header: header, footer: { EmptyView() })
        self.isExpanded = isExpanded
    }
}

extension Section where Parent == Text, Footer == EmptyView, Content: View {
    public init(_ titleKey: LocalizedStringKey, isExpanded: Binding<Bool>, @ViewBuilder content: () -> Content) {
        self.init(content: content, header: { Text(titleKey) }, footer: { EmptyView() })
        self.isExpanded = isExpanded
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, isExpanded: Binding<Bool>, @ViewBuilder content: () -> Content) {
        self.init(content: content, header: { Text(title) }, footer: { EmptyView() })
        self.isExpanded = isExpanded
    }
}

extension Axis {
    /// A set of axes (SwiftUI's `Axis.Set`), for `ScrollView`.
    public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let horizontal = Set(rawValue: 1)
        public static let vertical = Set(rawValue: 2)
    }
}

/// A scroll view (SwiftUI's `ScrollView`): headless shows all of its content, laid out as a
/// `VStack` (vertical) or `HStack` (horizontal).
public nonisolated struct ScrollView<Content: View>: View {
    /// The axes the content scrolls along.
    public var axes: Axis.Set
    /// Whether the scroll view shows its indicators (nothing to show headless).
    public var showsIndicators: Bool
    /// The scrolled content.
    public var content: Content

    public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content) {
        self.axes = axes
        self.showsIndicators = showsIndicators
        self.content = content()
    }

    @MainActor public var body: some View {
        // Its coordinate space is `.scrollView` (and `.scrollView(axis:)` for its axes).
        Group {
            if axes.contains(.horizontal) && !axes.contains(.vertical) {
                HStack { content }
            } else {
                VStack { content }
            }
        }
        .coordinateSpace(name: ScrollViewSpace(axes: axes))
    }
}

/// `LazyVStack`: laid out (and mounted) as a `VStack`.
public nonisolated struct LazyVStack<Content: View>: View {
    let alignment: HorizontalAlignment
    let spacing: CGFloat?
    let content: Content
    let pinnedViews: PinnedScrollableViews

    /// A stack; with `pinnedViews`, its sections' headers or footers stay pinned while it
    /// scrolls (recorded on the stack: `pinnedViews=sectionHeaders`).
    public init(
        alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, pinnedViews: PinnedScrollableViews = .init(),
        @ViewBuilder content: () -> Content
    ) {
        self.alignment = alignment
        self.spacing = spacing
        self.pinnedViews = pinnedViews
        self.content = content()
    }

    @MainActor public var body: some View {
        VStack(alignment: alignment, spacing: spacing) { content }.modifier(_PinnedViewsModifier(pinnedViews: pinnedViews))
    }
}

/// `LazyHStack`: laid out (and mounted) as an `HStack`.
public nonisolated struct LazyHStack<Content: View>: View {
    let alignment: VerticalAlignment
    let spacing: CGFloat?
    let content: Content
    let pinnedViews: PinnedScrollableViews

    /// A stack; with `pinnedViews`, its sections' headers or footers stay pinned while it
    /// scrolls (recorded on the stack: `pinnedViews=sectionHeaders`).
    public init(
        alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, pinnedViews: PinnedScrollableViews = .init(),
        @ViewBuilder content: () -> Content
    ) {
        self.alignment = alignment
        self.spacing = spacing
        self.pinnedViews = pinnedViews
        self.content = content()
    }

    @MainActor public var body: some View {
        HStack(alignment: alignment, spacing: spacing) { content }.modifier(_PinnedViewsModifier(pinnedViews: pinnedViews))
    }
}

/// A lazy stack's pinned views, recorded on it (`pinnedViews=sectionHeaders`) when it pins any.
nonisolated struct _PinnedViewsModifier: ViewModifier {
    let pinnedViews: PinnedScrollableViews

    @MainActor func body(content: Content) -> some View {
        if pinnedViews.isEmpty {
            content
        } else {
            content.modifier(_StyleModifier(key: "pinnedViews", value: pinnedViews._description))
        }
    }
}

/// A titled group (SwiftUI's `GroupBox`): its label above its content. A ``GroupBoxStyle`` set
/// above it (``View/groupBoxStyle(_:)``) draws it instead.
public nonisolated struct GroupBox<GroupLabel: View, Content: View>: View {
    let label: GroupLabel
    let content: Content
    @Environment(\._groupBoxStyle) private var style

    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> GroupLabel) {
        self.label = label()
        self.content = content()
    }

    @MainActor public var body: some View {
        if let style {
            style.make(GroupBoxStyleConfiguration(label: .init(label), content: .init(content)))
        } else {
            VStack(alignment: .leading) {
                label
                content
            }
            .padding()
        }
    }
}

extension GroupBox where GroupLabel == Text {
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {
        self.init(content: content, label: { Text(titleKey) })
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.init(content: content, label: { Text(title) })
    }
}

extension GroupBox {
    /// A group box labelled with a view given as a value, as SwiftUI's first releases wrote it.
    public init(label: GroupLabel, @ViewBuilder content: () -> Content) {
        self.init(content: content, label: { label })
    }
}

extension GroupBox where GroupLabel == EmptyView {
    public init(@ViewBuilder content: () -> Content) {
        self.init(content: content, label: { EmptyView() })
    }
}

extension View {
    /// Runs `action` when the view is tapped (SwiftUI's `onTapGesture`): headless, the view becomes
    /// the label of a button whose node carries `onTapGesture`, so ``ViewHost/tap(_:)`` finds it by
    /// its text.
    public func onTapGesture(count: Int = 1, perform action: @escaping @MainActor () -> Void)
        -> ModifiedContent<_PrimitiveButton<Self>, _StyleModifier>
    {
        _PrimitiveButton(label: self, action: action).modifier(_StyleModifier(key: "onTapGesture", value: count == 1 ? "" : "\(count)"))
    }
}
