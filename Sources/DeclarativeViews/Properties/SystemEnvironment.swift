import Foundation

// The environment values SwiftUI's system provides, with headless defaults: a light, regular-width
// window in the process's locale, calendar and time zone, presenting nothing, not editing.

/// Light or dark appearance (SwiftUI's `ColorScheme`); headless: `.light`.
public enum ColorScheme: Hashable, Sendable, CaseIterable {
    case light
    case dark
}

/// Whether the system asks for more contrast between colors (SwiftUI's `ColorSchemeContrast`);
/// headless: `.standard`.
public enum ColorSchemeContrast: Hashable, Sendable, CaseIterable {
    case standard
    case increased
}

/// A size class (SwiftUI's `UserInterfaceSizeClass`); headless: `.regular` both ways.
public enum UserInterfaceSizeClass: Hashable, Sendable {
    case compact
    case regular
}

/// Whether a list is being edited (SwiftUI's `EditMode`).
public enum EditMode: Hashable, Sendable {
    case inactive
    case transient
    case active

    public var isEditing: Bool { self != .inactive }
}

/// Dismisses the presentation the view is in (SwiftUI's `DismissAction`): `dismiss()`. A view that
/// is not presented has nothing to dismiss, and calling it does nothing, as in SwiftUI.
public struct DismissAction {
    let action: () -> Void

    public init(_ action: @escaping () -> Void = {}) {
        self.action = action
    }

    public func callAsFunction() {
        action()
    }
}

struct ColorSchemeKey: EnvironmentKey { static let defaultValue = ColorScheme.light }
struct ColorSchemeContrastKey: EnvironmentKey { static let defaultValue = ColorSchemeContrast.standard }
struct LocaleKey: EnvironmentKey { static var defaultValue: Locale { .current } }
struct CalendarKey: EnvironmentKey { static var defaultValue: Calendar { .current } }
struct TimeZoneKey: EnvironmentKey { static var defaultValue: TimeZone { .current } }
struct HorizontalSizeClassKey: EnvironmentKey { static let defaultValue: UserInterfaceSizeClass? = .regular }
struct VerticalSizeClassKey: EnvironmentKey { static let defaultValue: UserInterfaceSizeClass? = .regular }
struct IsPresentedKey: EnvironmentKey { static let defaultValue = false }
struct EditModeKey: EnvironmentKey { static var defaultValue: Binding<EditMode>? { nil } }
struct DismissKey: EnvironmentKey { static var defaultValue: DismissAction { DismissAction() } }

extension EnvironmentValues {
    public var colorScheme: ColorScheme {
        get { self[ColorSchemeKey.self] }
        set { self[ColorSchemeKey.self] = newValue }
    }

    /// The contrast the system asks for (read-only, as in SwiftUI): `.standard` headless.
    public var colorSchemeContrast: ColorSchemeContrast {
        self[ColorSchemeContrastKey.self]
    }

    public var locale: Locale {
        get { self[LocaleKey.self] }
        set { self[LocaleKey.self] = newValue }
    }

    public var calendar: Calendar {
        get { self[CalendarKey.self] }
        set { self[CalendarKey.self] = newValue }
    }

    public var timeZone: TimeZone {
        get { self[TimeZoneKey.self] }
        set { self[TimeZoneKey.self] = newValue }
    }

    public var horizontalSizeClass: UserInterfaceSizeClass? {
        get { self[HorizontalSizeClassKey.self] }
        set { self[HorizontalSizeClassKey.self] = newValue }
    }

    public var verticalSizeClass: UserInterfaceSizeClass? {
        get { self[VerticalSizeClassKey.self] }
        set { self[VerticalSizeClassKey.self] = newValue }
    }

    /// Whether the view is in a presentation (a sheet, a pushed destination).
    public var isPresented: Bool {
        get { self[IsPresentedKey.self] }
        set { self[IsPresentedKey.self] = newValue }
    }

    /// The edit mode of the enclosing editable container, if any.
    public var editMode: Binding<EditMode>? {
        get { self[EditModeKey.self] }
        set { self[EditModeKey.self] = newValue }
    }

    /// Dismisses the enclosing presentation (read-only, as in SwiftUI).
    public var dismiss: DismissAction {
        self[DismissKey.self]
    }

    /// Set by the presentation that shows the view (framework-internal).
    var _dismiss: DismissAction {
        get { self[DismissKey.self] }
        set { self[DismissKey.self] = newValue }
    }
}
