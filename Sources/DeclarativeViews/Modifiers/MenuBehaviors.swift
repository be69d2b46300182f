// How menus and buttons behave: the order of a menu's items, whether choosing one closes the
// menu, whether a menu shows its indicator, whether a held button repeats its action. Each
// modifier sets its environment value for the views below and is recorded on their nodes
// (`menuOrder=fixed`, `menuActionDismissBehavior=disabled`, `menuIndicator=hidden`,
// `buttonRepeatBehavior=enabled`).

/// The order of a menu's items (SwiftUI's `MenuOrder`).
public struct MenuOrder: Equatable, Hashable, Sendable, CustomStringConvertible {
    public let description: String

    /// The system's choice.
    public static let automatic = MenuOrder(description: "automatic")
    /// The first item nearest the user's finger (a menu opening upwards reverses them).
    public static let priority = MenuOrder(description: "priority")
    /// Top to bottom, as written.
    public static let fixed = MenuOrder(description: "fixed")
}

/// Whether choosing a menu item closes its menu (SwiftUI's `MenuActionDismissBehavior`).
public struct MenuActionDismissBehavior: Equatable, Sendable, CustomStringConvertible {
    public let description: String

    /// The system's choice (closes).
    public static let automatic = MenuActionDismissBehavior(description: "automatic")
    /// Choosing an item closes the menu.
    public static let enabled = MenuActionDismissBehavior(description: "enabled")
    /// The menu stays open (a stepper-like item).
    public static let disabled = MenuActionDismissBehavior(description: "disabled")
}

/// Whether a button held down repeats its action (SwiftUI's `ButtonRepeatBehavior`).
public struct ButtonRepeatBehavior: Hashable, Sendable, CustomStringConvertible {
    public let description: String

    /// The system's choice (no repeat).
    public static let automatic = ButtonRepeatBehavior(description: "automatic")
    /// Repeats while held.
    public static let enabled = ButtonRepeatBehavior(description: "enabled")
    /// Does not repeat.
    public static let disabled = ButtonRepeatBehavior(description: "disabled")
}

struct MenuOrderKey: EnvironmentKey { static let defaultValue = MenuOrder.automatic }
struct MenuIndicatorVisibilityKey: EnvironmentKey { static let defaultValue = Visibility.automatic }
struct ButtonRepeatBehaviorKey: EnvironmentKey { static let defaultValue = ButtonRepeatBehavior.automatic }
struct ControlSizeKey: EnvironmentKey { static let defaultValue = ControlSize.regular }

extension EnvironmentValues {
    /// The order of the menus' items below (`.menuOrder(_:)`).
    public var menuOrder: MenuOrder {
        get { self[MenuOrderKey.self] }
        set { self[MenuOrderKey.self] = newValue }
    }

    /// Whether menus below show their indicator (`.menuIndicator(_:)`).
    public var menuIndicatorVisibility: Visibility {
        get { self[MenuIndicatorVisibilityKey.self] }
        set { self[MenuIndicatorVisibilityKey.self] = newValue }
    }

    /// Whether buttons below repeat their action while held (read-only, as in SwiftUI: set with
    /// `.buttonRepeatBehavior(_:)`).
    public var buttonRepeatBehavior: ButtonRepeatBehavior {
        self[ButtonRepeatBehaviorKey.self]
    }

    /// The size of the controls below (`.regular` unless set).
    public var controlSize: ControlSize {
        get { self[ControlSizeKey.self] }
        set { self[ControlSizeKey.self] = newValue }
    }
}

/// A menu or button behaviour: its environment value set for the content, and recorded.
public nonisolated struct _MenuBehaviorModifier<Value>: ViewModifier {
    let keyPath: WritableKeyPath<EnvironmentValues, Value>
    let value: Value
    let key: String

    @MainActor public func body(content: Content) -> some View {
        content
            .environment(keyPath, value)
            .modifier(_StyleModifier(key: key, value: "\(value)"))
    }
}

extension EnvironmentValues {
    fileprivate var _buttonRepeatBehavior: ButtonRepeatBehavior {
        get { self[ButtonRepeatBehaviorKey.self] }
        set { self[ButtonRepeatBehaviorKey.self] = newValue }
    }
}

extension View {
    /// The order of the items of the menus below.
    public func menuOrder(_ order: MenuOrder) -> ModifiedContent<Self, _MenuBehaviorModifier<MenuOrder>> {
        modifier(_MenuBehaviorModifier(keyPath: \.menuOrder, value: order, key: "menuOrder"))
    }

    /// Whether the menus below show their indicator.
    public func menuIndicator(_ visibility: Visibility) -> ModifiedContent<Self, _MenuBehaviorModifier<Visibility>> {
        modifier(_MenuBehaviorModifier(keyPath: \.menuIndicatorVisibility, value: visibility, key: "menuIndicator"))
    }

    /// Whether the buttons below repeat their action while held.
    public func buttonRepeatBehavior(_ behavior: ButtonRepeatBehavior)
        -> ModifiedContent<Self, _MenuBehaviorModifier<ButtonRepeatBehavior>>
    {
        modifier(_MenuBehaviorModifier(keyPath: \._buttonRepeatBehavior, value: behavior, key: "buttonRepeatBehavior"))
    }

    /// Whether choosing this menu item closes its menu; recorded.
    public func menuActionDismissBehavior(_ behavior: MenuActionDismissBehavior) -> ModifiedContent<Self, _StyleModifier> {
        modifier(_StyleModifier(key: "menuActionDismissBehavior", value: behavior.description))
    }

    /// Lays the radio-group pickers below out in a row (macOS); recorded (`radioGroupLayout=horizontal`).
    public func horizontalRadioGroupLayout() -> ModifiedContent<Self, _StyleModifier> {
        modifier(_StyleModifier(key: "radioGroupLayout", value: "horizontal"))
    }
}
