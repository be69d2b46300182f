import Foundation

// Styles that draw a container-like control from its parts (SwiftUI's `LabeledContentStyle`,
// `GaugeStyle`, `DisclosureGroupStyle`, `MenuStyle`, `ControlGroupStyle`, `FormStyle`,
// `DatePickerStyle`): as with the toggle and label styles (`ControlStyleBodies.swift`), the style
// modifier puts the style's body in the environment for the controls under it and records its
// name (`gaugeStyle=accessoryCircular`; a custom style by its type name). Inside a style's body the
// style is no longer set, so the control a style makes from its configuration
// (`LabeledContent(configuration)`, `Menu(configuration)`…) has the built-in look. The built-in
// styles all draw the built-in control: headless, they differ only in the recorded name.

struct _LabeledContentStyleKey: EnvironmentKey {
    static var defaultValue: _StyleBody<LabeledContentStyleConfiguration>? { nil }
}

struct _GaugeStyleKey: EnvironmentKey {
    static var defaultValue: _StyleBody<GaugeStyleConfiguration>? { nil }
}

struct _DisclosureGroupStyleKey: EnvironmentKey {
    static var defaultValue: _StyleBody<DisclosureGroupStyleConfiguration>? { nil }
}

struct _MenuStyleKey: EnvironmentKey {
    static var defaultValue: _StyleBody<MenuStyleConfiguration>? { nil }
}

struct _ControlGroupStyleKey: EnvironmentKey {
    static var defaultValue: _StyleBody<ControlGroupStyleConfiguration>? { nil }
}

struct _FormStyleKey: EnvironmentKey {
    static var defaultValue: _StyleBody<FormStyleConfiguration>? { nil }
}

struct _DatePickerStyleKey: EnvironmentKey {
    static var defaultValue: _StyleBody<DatePickerStyleConfiguration>? { nil }
}

extension EnvironmentValues {
    var _labeledContentStyle: _StyleBody<LabeledContentStyleConfiguration>? {
        get { self[_LabeledContentStyleKey.self] }
        set { self[_LabeledContentStyleKey.self] = newValue }
    }

    var _gaugeStyle: _StyleBody<GaugeStyleConfiguration>? {
        get { self[_GaugeStyleKey.self] }
        set { self[_GaugeStyleKey.self] = newValue }
    }

    var _disclosureGroupStyle: _StyleBody<DisclosureGroupStyleConfiguration>? {
        get { self[_DisclosureGroupStyleKey.self] }
        set { self[_DisclosureGroupStyleKey.self] = newValue }
    }

    var _menuStyle: _StyleBody<MenuStyleConfiguration>? {
        get { self[_MenuStyleKey.self] }
        set { self[_MenuStyleKey.self] = newValue }
    }

    var _controlGroupStyle: _StyleBody<ControlGroupStyleConfiguration>? {
        get { self[_ControlGroupStyleKey.self] }
        set { self[_ControlGroupStyleKey.self] = newValue }
    }

    var _formStyle: _StyleBody<FormStyleConfiguration>? {
        get { self[_FormStyleKey.self] }
        set { self[_FormStyleKey.self] = newValue }
    }

    var _datePickerStyle: _StyleBody<DatePickerStyleConfiguration>? {
        get { self[_DatePickerStyleKey.self] }
        set { self[_DatePickerStyleKey.self] = newValue }
    }
}

// MARK: - Labeled content

/// How labeled content looks (SwiftUI's `LabeledContentStyle`): its body gets the label and the
/// content.
public protocol LabeledContentStyle {
    associatedtype Body: View
    typealias Configuration = LabeledContentStyleConfiguration
    @MainActor @ViewBuilder func makeBody(configuration: Configuration) -> Body
    /// How the style is recorded (a custom style: its type's name).
    var _name: String { get }
}

extension LabeledContentStyle {
    public var _name: String { _typeName(Self.self, qualified: false) }
}

/// What a ``LabeledContentStyle`` draws: the label and the content.
public struct LabeledContentStyleConfiguration {
    /// The label, type-erased.
    public typealias Label = _ErasedStylePart
    /// The content, type-erased.
    public typealias Content = _ErasedStylePart
    public let label: LabeledContentStyleConfiguration.Label
    public let content: LabeledContentStyleConfiguration.Content
}

/// The built-in look: the label, then the content, in a row.
public struct AutomaticLabeledContentStyle: LabeledContentStyle {
    public init() {}
    public var _name: String { "automatic" }
    public func makeBody(configuration: Configuration) -> some View { LabeledContent(configuration) }
}

extension LabeledContentStyle where Self == AutomaticLabeledContentStyle {
    public static var automatic: AutomaticLabeledContentStyle { AutomaticLabeledContentStyle() }
}

extension LabeledContent
where Label == LabeledContentStyleConfiguration.Label, Content == LabeledContentStyleConfiguration.Content {
    /// The built-in labeled content for a style's configuration.
    public init(_ configuration: LabeledContentStyleConfiguration) {
        self.init(content: { configuration.content }, label: { configuration.label })
    }
}

// MARK: - Gauges

/// How a gauge looks (SwiftUI's `GaugeStyle`): its body gets the value's place between the bounds
/// (0…1) and the labels.
public protocol GaugeStyle {
    associatedtype Body: View
    typealias Configuration = GaugeStyleConfiguration
    @MainActor @ViewBuilder func makeBody(configuration: Configuration) -> Body
    /// How the style is recorded (a custom style: its type's name).
    var _name: String { get }
}

extension GaugeStyle {
    public var _name: String { _typeName(Self.self, qualified: false) }
}

/// What a ``GaugeStyle`` draws: the value's place between the gauge's bounds (0 at the lower bound,
/// 1 at the upper) and its labels, `nil` for those the gauge was not given.
public struct GaugeStyleConfiguration {
    public typealias Label = _ErasedStylePart
    public typealias CurrentValueLabel = _ErasedStylePart
    public typealias MinimumValueLabel = _ErasedStylePart
    public typealias MaximumValueLabel = _ErasedStylePart
    public typealias MarkedValueLabel = _ErasedStylePart
    public var value: Double
    public var label: GaugeStyleConfiguration.Label
    public var currentValueLabel: GaugeStyleConfiguration.CurrentValueLabel?
    public var minimumValueLabel: GaugeStyleConfiguration.MinimumValueLabel?
    public var maximumValueLabel: GaugeStyleConfiguration.MaximumValueLabel?
    public var markedValueLabels: GaugeStyleConfiguration.MarkedValueLabel?
}

/// The built-in gauge: its label, then `[min] Gauge 40% [max]`, its current-value label and its
/// marked-value labels, the node carrying `gauge=40%`.
nonisolated struct _BuiltInGauge: View {
    let configuration: GaugeStyleConfiguration

    @MainActor var body: some View {
        let percent = "\(Int((configuration.value * 100).rounded()))%"
        VStack(alignment: .leading) {
            configuration.label
            HStack {
                configuration.minimumValueLabel
                Text(verbatim: "Gauge \(percent)")
                configuration.maximumValueLabel
            }
            configuration.currentValueLabel
            configuration.markedValueLabels
        }
        .modifier(_StyleModifier(key: "gauge", value: percent))
    }
}

/// Declares a built-in gauge style: it draws the built-in gauge and is recorded as `name`.
public struct DefaultGaugeStyle: GaugeStyle {
    public init() {}
    public var _name: String { "automatic" }
    public func makeBody(configuration: Configuration) -> some View { _BuiltInGauge(configuration: configuration) }
}
public struct AccessoryCircularGaugeStyle: GaugeStyle {
    public init() {}
    public var _name: String { "accessoryCircular" }
    public func makeBody(configuration: Configuration) -> some View { _BuiltInGauge(configuration: configuration) }
}
public struct AccessoryCircularCapacityGaugeStyle: GaugeStyle {
    public init() {}
    public var _name: String { "accessoryCircularCapacity" }
    public func makeBody(configuration: Configuration) -> some View { _BuiltInGauge(configuration: configuration) }
}
public struct AccessoryLinearGaugeStyle: GaugeStyle {
    public init() {}
    public var _name: String { "accessoryLinear" }
    public func makeBody(configuration: Configuration) -> some View { _BuiltInGauge(configuration: configuration) }
}
public struct AccessoryLinearCapacityGaugeStyle: GaugeStyle {
    public init() {}
    public var _name: String { "accessoryLinearCapacity" }
    public func makeBody(configuration: Configuration) -> some View { _BuiltInGauge(configuration: configuration) }
}
public struct LinearCapacityGaugeStyle: GaugeStyle {
    public init() {}
    public var _name: String { "linearCapacity" }
    public func makeBody(configuration: Configuration) -> some View { _BuiltInGauge(configuration: configuration) }
}

extension GaugeStyle where Self == DefaultGaugeStyle { public static var automatic: Self { Self() } }
extension GaugeStyle where Self == AccessoryCircularGaugeStyle { public static var accessoryCircular: Self { Self() } }
extension GaugeStyle where Self == AccessoryCircularCapacityGaugeStyle {
    public static var accessoryCircularCapacity: Self { Self() }
}
extension GaugeStyle where Self == AccessoryLinearGaugeStyle { public static var accessoryLinear: Self { Self() } }
extension GaugeStyle where Self == AccessoryLinearCapacityGaugeStyle {
    public static var accessoryLinearCapacity: Self { Self() }
}
extension GaugeStyle where Self == LinearCapacityGaugeStyle { public static var linearCapacity: Self { Self() } }

// MARK: - Disclosure groups

/// How a disclosure group looks and opens (SwiftUI's `DisclosureGroupStyle`): its body gets the
/// label, the content and the `isExpanded` binding, which it may set.
public protocol DisclosureGroupStyle {
    associatedtype Body: View
    typealias Configuration = DisclosureGroupStyleConfiguration
    @MainActor @ViewBuilder func makeBody(configuration: Configuration) -> Body
    /// How the style is recorded (a custom style: its type's name).
    var _name: String { get }
}

extension DisclosureGroupStyle {
    public var _name: String { _typeName(Self.self, qualified: false) }
}

/// What a ``DisclosureGroupStyle`` draws: the label, the content, and whether it is expanded
/// (setting `configuration.isExpanded` opens or closes the group).
public struct DisclosureGroupStyleConfiguration {
    public typealias Label = _ErasedStylePart
    public typealias Content = _ErasedStylePart
    public let label: DisclosureGroupStyleConfiguration.Label
    public let content: DisclosureGroupStyleConfiguration.Content
    @Binding public var isExpanded: Bool
}

/// The built-in look: the label as a button that opens and closes the group.
public struct AutomaticDisclosureGroupStyle: DisclosureGroupStyle {
    public init() {}
    public var _name: String { "automatic" }
    public func makeBody(configuration: Configuration) -> some View {
        DisclosureGroup(isExpanded: configuration.$isExpanded, content: { configuration.content },
                        label: { configuration.label })
    }
}

extension DisclosureGroupStyle where Self == AutomaticDisclosureGroupStyle {
    public static var automatic: AutomaticDisclosureGroupStyle { AutomaticDisclosureGroupStyle() }
}

// MARK: - Menus

/// How a menu looks (SwiftUI's `MenuStyle`): its body gets the menu's label and content, and
/// usually makes the built-in menu of them (`Menu(configuration)`).
public protocol MenuStyle {
    associatedtype Body: View
    typealias Configuration = MenuStyleConfiguration
    @MainActor @ViewBuilder func makeBody(configuration: Configuration) -> Body
    /// How the style is recorded (a custom style: its type's name).
    var _name: String { get }
}

extension MenuStyle {
    public var _name: String { _typeName(Self.self, qualified: false) }
}

/// What a ``MenuStyle`` draws: the menu's label and its content.
public struct MenuStyleConfiguration {
    public typealias Label = _ErasedStylePart
    public typealias Content = _ErasedStylePart
    let label: MenuStyleConfiguration.Label
    let content: MenuStyleConfiguration.Content
}

extension Menu where Label == MenuStyleConfiguration.Label, Content == MenuStyleConfiguration.Content {
    /// The built-in menu for a style's configuration.
    public init(_ configuration: MenuStyleConfiguration) {
        self.init(content: { configuration.content }, label: { configuration.label })
    }
}

public struct DefaultMenuStyle: MenuStyle {
    public init() {}
    public var _name: String { "automatic" }
    public func makeBody(configuration: Configuration) -> some View { Menu(configuration) }
}
public struct ButtonMenuStyle: MenuStyle {
    public init() {}
    public var _name: String { "button" }
    public func makeBody(configuration: Configuration) -> some View { Menu(configuration) }
}
public struct BorderedButtonMenuStyle: MenuStyle {
    public init() {}
    public var _name: String { "borderedButton" }
    public func makeBody(configuration: Configuration) -> some View { Menu(configuration) }
}
public struct BorderlessButtonMenuStyle: MenuStyle {
    let showsMenuIndicator: Bool
    public init() { showsMenuIndicator = true }
    public init(showsMenuIndicator: Bool) { self.showsMenuIndicator = showsMenuIndicator }
    public var _name: String { showsMenuIndicator ? "borderlessButton" : "borderlessButton indicator=hidden" }
    public func makeBody(configuration: Configuration) -> some View { Menu(configuration) }
}

extension MenuStyle where Self == DefaultMenuStyle { public static var automatic: Self { Self() } }
extension MenuStyle where Self == ButtonMenuStyle { public static var button: Self { Self() } }
extension MenuStyle where Self == BorderedButtonMenuStyle { public static var borderedButton: Self { Self() } }
extension MenuStyle where Self == BorderlessButtonMenuStyle { public static var borderlessButton: Self { Self() } }

// MARK: - Control groups

/// How a control group looks (SwiftUI's `ControlGroupStyle`): its body gets the group's label and
/// its controls.
public protocol ControlGroupStyle {
    associatedtype Body: View
    typealias Configuration = ControlGroupStyleConfiguration
    @MainActor @ViewBuilder func makeBody(configuration: Configuration) -> Body
    /// How the style is recorded (a custom style: its type's name).
    var _name: String { get }
}

extension ControlGroupStyle {
    public var _name: String { _typeName(Self.self, qualified: false) }
}

/// What a ``ControlGroupStyle`` draws: the group's label (empty when it has none) and its controls.
public struct ControlGroupStyleConfiguration {
    public typealias Label = _ErasedStylePart
    public typealias Content = _ErasedStylePart
    public let label: ControlGroupStyleConfiguration.Label
    public let content: ControlGroupStyleConfiguration.Content
}

extension ControlGroup where Content == ControlGroupStyleConfiguration.Content {
    /// The built-in control group for a style's configuration: the label above the controls.
    public init(_ configuration: ControlGroupStyleConfiguration) {
        self.init { _ErasedStylePart(LabeledControlGroupContent(content: configuration.content, label: configuration.label)) }
    }
}

public struct AutomaticControlGroupStyle: ControlGroupStyle {
    public init() {}
    public var _name: String { "automatic" }
    public func makeBody(configuration: Configuration) -> some View { ControlGroup(configuration) }
}
public struct NavigationControlGroupStyle: ControlGroupStyle {
    public init() {}
    public var _name: String { "navigation" }
    public func makeBody(configuration: Configuration) -> some View { ControlGroup(configuration) }
}
public struct MenuControlGroupStyle: ControlGroupStyle {
    public init() {}
    public var _name: String { "menu" }
    public func makeBody(configuration: Configuration) -> some View { ControlGroup(configuration) }
}
public struct CompactMenuControlGroupStyle: ControlGroupStyle {
    public init() {}
    public var _name: String { "compactMenu" }
    public func makeBody(configuration: Configuration) -> some View { ControlGroup(configuration) }
}
public struct PaletteControlGroupStyle: ControlGroupStyle {
    public init() {}
    public var _name: String { "palette" }
    public func makeBody(configuration: Configuration) -> some View { ControlGroup(configuration) }
}

extension ControlGroupStyle where Self == AutomaticControlGroupStyle { public static var automatic: Self { Self() } }
extension ControlGroupStyle where Self == NavigationControlGroupStyle { public static var navigation: Self { Self() } }
extension ControlGroupStyle where Self == MenuControlGroupStyle { public static var menu: Self { Self() } }
extension ControlGroupStyle where Self == CompactMenuControlGroupStyle { public static var compactMenu: Self { Self() } }
extension ControlGroupStyle where Self == PaletteControlGroupStyle { public static var palette: Self { Self() } }

// MARK: - Forms

/// How a form lays out its rows (SwiftUI's `FormStyle`): its body gets the form's content.
public protocol FormStyle {
    associatedtype Body: View
    typealias Configuration = FormStyleConfiguration
    @MainActor @ViewBuilder func makeBody(configuration: Configuration) -> Body
    /// How the style is recorded (a custom style: its type's name).
    var _name: String { get }
}

extension FormStyle {
    public var _name: String { _typeName(Self.self, qualified: false) }
}

/// What a ``FormStyle`` draws: the form's content.
public struct FormStyleConfiguration {
    public typealias Content = _ErasedStylePart
    public let content: FormStyleConfiguration.Content
}

extension Form where Content == FormStyleConfiguration.Content {
    /// The built-in form for a style's configuration.
    public init(_ configuration: FormStyleConfiguration) {
        self.init { configuration.content }
    }
}

public struct AutomaticFormStyle: FormStyle {
    public init() {}
    public var _name: String { "automatic" }
    public func makeBody(configuration: Configuration) -> some View { Form(configuration) }
}
public struct GroupedFormStyle: FormStyle {
    public init() {}
    public var _name: String { "grouped" }
    public func makeBody(configuration: Configuration) -> some View { Form(configuration) }
}
public struct ColumnsFormStyle: FormStyle {
    public init() {}
    public var _name: String { "columns" }
    public func makeBody(configuration: Configuration) -> some View { Form(configuration) }
}

extension FormStyle where Self == AutomaticFormStyle { public static var automatic: Self { Self() } }
extension FormStyle where Self == GroupedFormStyle { public static var grouped: Self { Self() } }
extension FormStyle where Self == ColumnsFormStyle { public static var columns: Self { Self() } }

// MARK: - Date pickers

/// What a ``DatePickerStyle`` draws: the picker's label, its selection (a binding the style may
/// set), its bounds and the components it shows.
public struct DatePickerStyleConfiguration {
    public typealias Label = _ErasedStylePart
    public let label: DatePickerStyleConfiguration.Label
    @Binding public var selection: Date
    public var minimumDate: Date?
    public var maximumDate: Date?
    public var displayedComponents: DatePickerComponents
}

/// The built-in date picker: its label and the date as text; ``ViewHost/type(_:into:)`` sets it.
nonisolated struct _BuiltInDatePicker: View {
    let configuration: DatePickerStyleConfiguration

    @MainActor var body: some View {
        DatePicker(label: configuration.label, selection: configuration.$selection, lower: configuration.minimumDate,
                   upper: configuration.maximumDate, components: configuration.displayedComponents)
    }
}

// MARK: - The modifiers

extension View {
    public func labeledContentStyle<S: LabeledContentStyle>(_ style: S) -> some View {
        _controlStyle(\._labeledContentStyle, recordedAs: "labeledContentStyle", name: style._name) {
            style.makeBody(configuration: $0)
        }
    }

    public func gaugeStyle<S: GaugeStyle>(_ style: S) -> some View {
        _controlStyle(\._gaugeStyle, recordedAs: "gaugeStyle", name: style._name) { style.makeBody(configuration: $0) }
    }

    public func disclosureGroupStyle<S: DisclosureGroupStyle>(_ style: S) -> some View {
        _controlStyle(\._disclosureGroupStyle, recordedAs: "disclosureGroupStyle", name: style._name) {
            style.makeBody(configuration: $0)
        }
    }

    public func menuStyle<S: MenuStyle>(_ style: S) -> some View {
        _controlStyle(\._menuStyle, recordedAs: "menuStyle", name: style._name) { style.makeBody(configuration: $0) }
    }

    public func controlGroupStyle<S: ControlGroupStyle>(_ style: S) -> some View {
        _controlStyle(\._controlGroupStyle, recordedAs: "controlGroupStyle", name: style._name) {
            style.makeBody(configuration: $0)
        }
    }

    public func formStyle<S: FormStyle>(_ style: S) -> some View {
        _controlStyle(\._formStyle, recordedAs: "formStyle", name: style._name) { style.makeBody(configuration: $0) }
    }

    public func datePickerStyle<S: DatePickerStyle>(_ style: S) -> some View {
        _controlStyle(\._datePickerStyle, recordedAs: "datePickerStyle", name: style._name) {
            style.makeBody(configuration: $0)
        }
    }
}
