import Foundation

// Environment values that describe how content is displayed — its background, how its content
// changes, the display's state — with headless defaults. Views below read what an ancestor set
// with `.environment(\.key, value)`.

struct BackgroundMaterialKey: EnvironmentKey { static var defaultValue: Material? { nil } }
struct BackgroundStyleKey: EnvironmentKey { static var defaultValue: AnyShapeStyle? { nil } }
struct ContentTransitionKey: EnvironmentKey { static var defaultValue: ContentTransition { .identity } }
struct ContentTransitionAddsDrawingGroupKey: EnvironmentKey { static let defaultValue = false }
struct IsLuminanceReducedKey: EnvironmentKey { static let defaultValue = false }
struct SidebarRowSizeKey: EnvironmentKey { static let defaultValue = SidebarRowSize.medium }

extension EnvironmentValues {
    /// The material behind the view, if it is on one (`nil` headless).
    public var backgroundMaterial: Material? {
        get { self[BackgroundMaterialKey.self] }
        set { self[BackgroundMaterialKey.self] = newValue }
    }

    /// The style the view's background is filled with, if one was set.
    public var backgroundStyle: AnyShapeStyle? {
        get { self[BackgroundStyleKey.self] }
        set { self[BackgroundStyleKey.self] = newValue }
    }

    /// How the content of views below changes in place (`.identity` unless set).
    public var contentTransition: ContentTransition {
        get { self[ContentTransitionKey.self] }
        set { self[ContentTransitionKey.self] = newValue }
    }

    /// Whether content transitions draw their views in an offscreen group (`false` unless set).
    public var contentTransitionAddsDrawingGroup: Bool {
        get { self[ContentTransitionAddsDrawingGroupKey.self] }
        set { self[ContentTransitionAddsDrawingGroupKey.self] = newValue }
    }

    /// Whether the display dims (an always-on display); `false` headless.
    public var isLuminanceReduced: Bool {
        get { self[IsLuminanceReducedKey.self] }
        set { self[IsLuminanceReducedKey.self] = newValue }
    }

    /// The size of sidebar rows (`.medium` unless set).
    public var sidebarRowSize: SidebarRowSize {
        get { self[SidebarRowSizeKey.self] }
        set { self[SidebarRowSizeKey.self] = newValue }
    }

    /// The `@Observable` object of type `T` an ancestor put in the environment
    /// (`.environment(model)`), or `nil`.
    public subscript<T: AnyObject & Observable>(objectType: T.Type) -> T? {
        get { self[_object: _ObjectKeyID<T>()] }
        set { self[_object: _ObjectKeyID<T>()] = newValue }
    }
}
