import Foundation

// `NavigationView`, SwiftUI's navigation container before `NavigationStack`: headless it is a
// navigation stack whose root is its content (links push, `back` pops, the top screen's title titles
// it). Its style is recorded on the stack's node (`navigationViewStyle=stack`); in the column styles
// the views of the content are shown one under the other at the root (there are no columns to put
// them in), and links push onto the stack.

/// A view for presenting a stack of views (SwiftUI's `NavigationView`).
///
///     NavigationView {
///         List(items) { item in NavigationLink(item.name) { Detail(item: item) } }
///             .navigationBarTitle("Items")
///     }
///     .navigationViewStyle(.stack)
public nonisolated struct NavigationView<Content: View>: View {
    let content: Content
    @Environment(\.navigationViewStyleName) private var style

    public init(@ViewBuilder content: () -> Content) {
        self.content = content()
    }

    @MainActor public var body: some View {
        NavigationStack { content }
            .modifier(_StyleModifier(key: "navigationViewStyle", value: style))
    }
}

/// How a `NavigationView` shows its views (SwiftUI's `NavigationViewStyle`): recorded.
public protocol NavigationViewStyle {
    /// The name the style is recorded by (public for technical reasons).
    var _name: String { get }
}

public struct DefaultNavigationViewStyle: NavigationViewStyle {
    public init() {}
    public var _name: String { "automatic" }
}

public struct StackNavigationViewStyle: NavigationViewStyle {
    public init() {}
    public var _name: String { "stack" }
}

public struct DoubleColumnNavigationViewStyle: NavigationViewStyle {
    public init() {}
    public var _name: String { "doubleColumn" }
}

public struct ColumnNavigationViewStyle: NavigationViewStyle {
    public init() {}
    public var _name: String { "columns" }
}

extension NavigationViewStyle where Self == DefaultNavigationViewStyle {
    public static var automatic: DefaultNavigationViewStyle { DefaultNavigationViewStyle() }
}

extension NavigationViewStyle where Self == StackNavigationViewStyle {
    public static var stack: StackNavigationViewStyle { StackNavigationViewStyle() }
}

extension NavigationViewStyle where Self == ColumnNavigationViewStyle {
    public static var columns: ColumnNavigationViewStyle { ColumnNavigationViewStyle() }
}

struct NavigationViewStyleKey: EnvironmentKey {
    static let defaultValue = "automatic"
}

extension EnvironmentValues {
    var navigationViewStyleName: String {
        get { self[NavigationViewStyleKey.self] }
        set { self[NavigationViewStyleKey.self] = newValue }
    }
}

extension View {
    /// The style of the navigation views in this view (recorded on their nodes).
    public func navigationViewStyle<S: NavigationViewStyle>(_ style: S)
        -> ModifiedContent<Self, _EnvironmentKeyWritingModifier<String>>
    {
        environment(\.navigationViewStyleName, style._name)
    }
}

// MARK: - PresentationMode

/// Whether a view is presented, and how to dismiss it (SwiftUI's `PresentationMode`, read as
/// `@Environment(\.presentationMode)`; the older form of `\.isPresented` and `\.dismiss`).
///
///     @Environment(\.presentationMode) var presentationMode
///     Button("Done") { presentationMode.wrappedValue.dismiss() }
public struct PresentationMode {
    /// Whether the view is in a presentation (a sheet, a pushed screen).
    public private(set) var isPresented: Bool
    let dismissAction: DismissAction

    /// Dismisses the presentation the view is in (nothing, when it is not presented).
    public mutating func dismiss() {
        guard isPresented else { return }
        dismissAction()
    }
}

extension EnvironmentValues {
    /// The presentation the view is in, as a binding (SwiftUI's `presentationMode`).
    public var presentationMode: Binding<PresentationMode> {
        let mode = PresentationMode(isPresented: isPresented, dismissAction: _dismiss)
        return Binding(get: { mode }, set: { _ in })
    }
}
