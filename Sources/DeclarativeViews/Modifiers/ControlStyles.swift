import Foundation

// Style types of toggles, labels, progress views, tab views and date pickers, constructible as in
// SwiftUI (`SwitchToggleStyle()`, `.switch`, `PageTabViewStyle(indexDisplayMode: .never)`,
// `.page`…), and the modifiers that record them on the content (`toggleStyle=switch`). As with the
// button, list and text-field styles (`Styling.swift`), a style is a name: headless controls look
// and behave the same whichever is chosen.

/// How a toggle looks (SwiftUI's `ToggleStyle`): its body gets the label and the `isOn` binding.
/// The built-in styles draw the built-in toggle (and are recorded by name).
public protocol ToggleStyle {
    associatedtype Body: View
    typealias Configuration = ToggleStyleConfiguration
    @MainActor @ViewBuilder func makeBody(configuration: Configuration) -> Body
    /// How the style is recorded (a custom style: its type's name).
    var _name: String { get }
}

extension ToggleStyle {
    public var _name: String { _typeName(Self.self, qualified: false) }
}
public struct DefaultToggleStyle: ToggleStyle {
    public init() {}
    public var _name: String { "automatic" }
    public func makeBody(configuration: Configuration) -> some View { Toggle(configuration) }
}
public struct SwitchToggleStyle: ToggleStyle {
    let tint: Color?
    public init() { tint = nil }
    public init(tint: Color) { self.tint = tint }
    public var _name: String { "switch" + (tint.map { " \($0)" } ?? "") }
    public func makeBody(configuration: Configuration) -> some View { Toggle(configuration) }
}
public struct ButtonToggleStyle: ToggleStyle {
    public init() {}
    public var _name: String { "button" }
    public func makeBody(configuration: Configuration) -> some View { Toggle(configuration) }
}
public struct CheckboxToggleStyle: ToggleStyle {
    public init() {}
    public var _name: String { "checkbox" }
    public func makeBody(configuration: Configuration) -> some View { Toggle(configuration) }
}

extension ToggleStyle where Self == DefaultToggleStyle { public static var automatic: Self { Self() } }
extension ToggleStyle where Self == SwitchToggleStyle { public static var `switch`: Self { Self() } }
extension ToggleStyle where Self == ButtonToggleStyle { public static var button: Self { Self() } }
extension ToggleStyle where Self == CheckboxToggleStyle { public static var checkbox: Self { Self() } }

/// How a label shows its title and icon (SwiftUI's `LabelStyle`): its body gets both. The
/// built-in styles show both, the title only or the icon only (and are recorded by name).
public protocol LabelStyle {
    associatedtype Body: View
    typealias Configuration = LabelStyleConfiguration
    @MainActor @ViewBuilder func makeBody(configuration: Configuration) -> Body
    /// How the style is recorded (a custom style: its type's name).
    var _name: String { get }
}

extension LabelStyle {
    public var _name: String { _typeName(Self.self, qualified: false) }
}
public struct DefaultLabelStyle: LabelStyle {
    public init() {}
    public var _name: String { "automatic" }
    public func makeBody(configuration: Configuration) -> some View { Label(configuration) }
}
public struct IconOnlyLabelStyle: LabelStyle {
    public init() {}
    public var _name: String { "iconOnly" }
    /// The icon alone; its title stays its accessibility label, as in SwiftUI (VoiceOver, and the
    /// driver's ``ViewHost/tap(_:)``, call an icon-only "Toggle Favorite" label by its title).
    @ViewBuilder public func makeBody(configuration: Configuration) -> some View {
        if let title = _labelText(configuration.title) {
            configuration.icon.accessibilityLabel(Text(verbatim: title))
        } else {
            configuration.icon
        }
    }
}
public struct TitleOnlyLabelStyle: LabelStyle {
    public init() {}
    public var _name: String { "titleOnly" }
    public func makeBody(configuration: Configuration) -> some View { configuration.title }
}
public struct TitleAndIconLabelStyle: LabelStyle {
    public init() {}
    public var _name: String { "titleAndIcon" }
    public func makeBody(configuration: Configuration) -> some View { Label(configuration) }
}

extension LabelStyle where Self == DefaultLabelStyle { public static var automatic: Self { Self() } }
extension LabelStyle where Self == IconOnlyLabelStyle { public static var iconOnly: Self { Self() } }
extension LabelStyle where Self == TitleOnlyLabelStyle { public static var titleOnly: Self { Self() } }
extension LabelStyle where Self == TitleAndIconLabelStyle { public static var titleAndIcon: Self { Self() } }

/// How a progress view looks (SwiftUI's `ProgressViewStyle`): its body gets the fraction done and
/// the labels. The built-in styles draw the built-in progress view (and are recorded by name).
public protocol ProgressViewStyle {
    associatedtype Body: View
    typealias Configuration = ProgressViewStyleConfiguration
    @MainActor @ViewBuilder func makeBody(configuration: Configuration) -> Body
    /// How the style is recorded (a custom style: its type's name).
    var _name: String { get }
}

extension ProgressViewStyle {
    public var _name: String { _typeName(Self.self, qualified: false) }
}
public struct DefaultProgressViewStyle: ProgressViewStyle {
    public init() {}
    public var _name: String { "automatic" }
    public func makeBody(configuration: Configuration) -> some View { ProgressView(configuration) }
}
public struct LinearProgressViewStyle: ProgressViewStyle {
    let tint: Color?
    public init() { tint = nil }
    public init(tint: Color) { self.tint = tint }
    public var _name: String { "linear" + (tint.map { " \($0)" } ?? "") }
    public func makeBody(configuration: Configuration) -> some View { ProgressView(configuration) }
}
public struct CircularProgressViewStyle: ProgressViewStyle {
    let tint: Color?
    public init() { tint = nil }
    public init(tint: Color) { self.tint = tint }
    public var _name: String { "circular" + (tint.map { " \($0)" } ?? "") }
    public func makeBody(configuration: Configuration) -> some View { ProgressView(configuration) }
}

extension ProgressViewStyle where Self == DefaultProgressViewStyle { public static var automatic: Self { Self() } }
extension ProgressViewStyle where Self == LinearProgressViewStyle { public static var linear: Self { Self() } }
extension ProgressViewStyle where Self == CircularProgressViewStyle { public static var circular: Self { Self() } }

/// How a tab view shows its tabs (SwiftUI's `TabViewStyle`); recorded by name. Headless, every
/// style shows the selected tab and lets the driver select the others.
public protocol TabViewStyle { var _name: String { get } }
public struct DefaultTabViewStyle: TabViewStyle { public init() {}; public var _name: String { "automatic" } }
public struct PageTabViewStyle: TabViewStyle {
    /// Whether the page indicator shows.
    public struct IndexDisplayMode: Sendable {
        let name: String
        public static let automatic = IndexDisplayMode(name: "automatic")
        public static let always = IndexDisplayMode(name: "always")
        public static let never = IndexDisplayMode(name: "never")
    }

    let indexDisplayMode: IndexDisplayMode
    public init(indexDisplayMode: IndexDisplayMode = .automatic) { self.indexDisplayMode = indexDisplayMode }
    public var _name: String { indexDisplayMode.name == "automatic" ? "page" : "page index=\(indexDisplayMode.name)" }
}

extension TabViewStyle where Self == DefaultTabViewStyle { public static var automatic: Self { Self() } }
extension TabViewStyle where Self == PageTabViewStyle {
    public static var page: Self { Self() }
    public static func page(indexDisplayMode: PageTabViewStyle.IndexDisplayMode) -> Self {
        Self(indexDisplayMode: indexDisplayMode)
    }
}

/// How a date picker looks (SwiftUI's `DatePickerStyle`): its body gets the label, the selection
/// binding, the bounds and the displayed components. The built-in styles draw the built-in date
/// picker (and are recorded by name).
public protocol DatePickerStyle {
    associatedtype Body: View
    typealias Configuration = DatePickerStyleConfiguration
    @MainActor @ViewBuilder func makeBody(configuration: Configuration) -> Body
    /// How the style is recorded (a custom style: its type's name).
    var _name: String { get }
}

extension DatePickerStyle {
    public var _name: String { _typeName(Self.self, qualified: false) }
}
public struct DefaultDatePickerStyle: DatePickerStyle {
    public init() {}
    public var _name: String { "automatic" }
    public func makeBody(configuration: Configuration) -> some View { _BuiltInDatePicker(configuration: configuration) }
}
public struct CompactDatePickerStyle: DatePickerStyle {
    public init() {}
    public var _name: String { "compact" }
    public func makeBody(configuration: Configuration) -> some View { _BuiltInDatePicker(configuration: configuration) }
}
public struct GraphicalDatePickerStyle: DatePickerStyle {
    public init() {}
    public var _name: String { "graphical" }
    public func makeBody(configuration: Configuration) -> some View { _BuiltInDatePicker(configuration: configuration) }
}
public struct WheelDatePickerStyle: DatePickerStyle {
    public init() {}
    public var _name: String { "wheel" }
    public func makeBody(configuration: Configuration) -> some View { _BuiltInDatePicker(configuration: configuration) }
}
public struct FieldDatePickerStyle: DatePickerStyle {
    public init() {}
    public var _name: String { "field" }
    public func makeBody(configuration: Configuration) -> some View { _BuiltInDatePicker(configuration: configuration) }
}
public struct StepperFieldDatePickerStyle: DatePickerStyle {
    public init() {}
    public var _name: String { "stepperField" }
    public func makeBody(configuration: Configuration) -> some View { _BuiltInDatePicker(configuration: configuration) }
}

extension DatePickerStyle where Self == DefaultDatePickerStyle { public static var automatic: Self { Self() } }
extension DatePickerStyle where Self == CompactDatePickerStyle { public static var compact: Self { Self() } }
extension DatePickerStyle where Self == GraphicalDatePickerStyle { public static var graphical: Self { Self() } }
extension DatePickerStyle where Self == WheelDatePickerStyle { public static var wheel: Self { Self() } }
extension DatePickerStyle where Self == FieldDatePickerStyle { public static var field: Self { Self() } }
extension DatePickerStyle where Self == StepperFieldDatePickerStyle { public static var stepperField: Self { Self() } }

/// A bar a toolbar modifier applies to (SwiftUI's `ToolbarPlacement`).
public struct ToolbarPlacement: Hashable, Sendable, CustomStringConvertible {
    public let description: String
    public static let automatic = ToolbarPlacement(description: "automatic")
    public static let navigationBar = ToolbarPlacement(description: "navigationBar")
    public static let tabBar = ToolbarPlacement(description: "tabBar")
    public static let bottomBar = ToolbarPlacement(description: "bottomBar")
    public static let windowToolbar = ToolbarPlacement(description: "windowToolbar")
}

/// A haptic or sound the system plays (SwiftUI's `SensoryFeedback`); recorded by name.
public struct SensoryFeedback: Equatable, Sendable, CustomStringConvertible {
    public let description: String
    public static let success = SensoryFeedback(description: "success")
    public static let warning = SensoryFeedback(description: "warning")
    public static let error = SensoryFeedback(description: "error")
    public static let selection = SensoryFeedback(description: "selection")
    public static let increase = SensoryFeedback(description: "increase")
    public static let decrease = SensoryFeedback(description: "decrease")
    public static let start = SensoryFeedback(description: "start")
    public static let stop = SensoryFeedback(description: "stop")
    public static let alignment = SensoryFeedback(description: "alignment")
    public static let levelChange = SensoryFeedback(description: "levelChange")
    public static let impact = SensoryFeedback(description: "impact")

    /// An impact's weight.
    public struct Weight: Equatable, Sendable {
        let name: String
        public static let light = Weight(name: "light")
        public static let medium = Weight(name: "medium")
        public static let heavy = Weight(name: "heavy")
    }

    /// An impact's flexibility.
    public struct Flexibility: Equatable, Sendable {
        let name: String
        public static let rigid = Flexibility(name: "rigid")
        public static let solid = Flexibility(name: "solid")
        public static let soft = Flexibility(name: "soft")
    }

    public static func impact(weight: Weight = .medium, intensity: Double = 1.0) -> SensoryFeedback {
        SensoryFeedback(description: "impact \(weight.name) \(_number(intensity))")
    }

    public static func impact(flexibility: Flexibility, intensity: Double = 1.0) -> SensoryFeedback {
        SensoryFeedback(description: "impact \(flexibility.name) \(_number(intensity))")
    }
}

extension View {
    private func recorded(_ key: String, _ value: String = "") -> ModifiedContent<Self, _StyleModifier> {
        modifier(_StyleModifier(key: key, value: value))
    }

    private static func bars(_ bars: [ToolbarPlacement]) -> String {
        bars.isEmpty ? "" : " for " + bars.map(\.description).joined(separator: " ")
    }

    public func tabViewStyle<S: TabViewStyle>(_ style: S) -> ModifiedContent<Self, _StyleModifier> {
        recorded("tabViewStyle", style._name)
    }

    /// Shows or hides bars (`.toolbar(.hidden, for: .tabBar)`), recorded.
    public func toolbar(_ visibility: Visibility, for bars: ToolbarPlacement...) -> ModifiedContent<Self, _StyleModifier> {
        recorded("toolbarVisibility", "\(visibility)" + Self.bars(bars))
    }

    public func toolbarBackground(_ visibility: Visibility, for bars: ToolbarPlacement...) -> ModifiedContent<Self, _StyleModifier> {
        recorded("toolbarBackground", "\(visibility)" + Self.bars(bars))
    }

    public func toolbarBackground<S: ShapeStyle>(_ style: S, for bars: ToolbarPlacement...) -> ModifiedContent<Self, _StyleModifier> {
        recorded("toolbarBackground", style._styleDescription + Self.bars(bars))
    }

    public func toolbarColorScheme(_ colorScheme: ColorScheme?, for bars: ToolbarPlacement...)
        -> ModifiedContent<Self, _StyleModifier>
    {
        recorded("toolbarColorScheme", (colorScheme.map { "\($0)" } ?? "default") + Self.bars(bars))
    }

    /// The colour scheme the presenting window prefers, recorded (the environment's
    /// `colorScheme` is what views read; set it with `.environment(\.colorScheme, …)`).
    public func preferredColorScheme(_ colorScheme: ColorScheme?) -> ModifiedContent<Self, _StyleModifier> {
        recorded("preferredColorScheme", colorScheme.map { "\($0)" } ?? "default")
    }

    public func statusBarHidden(_ hidden: Bool = true) -> ModifiedContent<Self, _StyleModifier> {
        recorded("statusBarHidden", hidden ? "" : "false")
    }

    public func persistentSystemOverlays(_ visibility: Visibility) -> ModifiedContent<Self, _StyleModifier> {
        recorded("persistentSystemOverlays", "\(visibility)")
    }

    /// Feedback played when `trigger` changes; recorded (nothing plays headless).
    public func sensoryFeedback<T: Equatable>(_ feedback: SensoryFeedback, trigger: T) -> ModifiedContent<Self, _StyleModifier> {
        recorded("sensoryFeedback", feedback.description)
    }

    public func sensoryFeedback<T: Equatable>(
        _ feedback: SensoryFeedback, trigger: T, condition: @escaping (_ oldValue: T, _ newValue: T) -> Bool
    ) -> ModifiedContent<Self, _StyleModifier> {
        recorded("sensoryFeedback", feedback.description)
    }

    public func sensoryFeedback<T: Equatable>(
        trigger: T, _ feedback: @escaping (_ oldValue: T, _ newValue: T) -> SensoryFeedback?
    ) -> ModifiedContent<Self, _StyleModifier> {
        recorded("sensoryFeedback", "dynamic")
    }
}
