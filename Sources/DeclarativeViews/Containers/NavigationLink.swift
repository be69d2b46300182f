import AttrGraph

// Links and destinations, headless: a link is a button whose node carries `navigationLink`;
// tapping it pushes its screen onto the enclosing navigation stack (``ViewHost/tap(_:)``, or
// ``InspectedView/tap()``). A link with a binding (`isActive:`, `tag:selection:`) or a
// `navigationDestination(isPresented:)` pushes while the binding says so, and going back sets it
// back, as in SwiftUI.

/// A button that pushes a screen (SwiftUI's `NavigationLink`): a view, or a value shown by the
/// stack's `.navigationDestination(for:)`. Outside a navigation stack, or with a `nil` value, it is
/// disabled.
///
///     NavigationLink("Settings") { SettingsView() }
///     NavigationLink(item.name, value: item)
///     NavigationLink(destination: Detail(), isActive: $showsDetail) { Text("Detail") }
public nonisolated struct NavigationLink<Label: View, Destination: View>: View {
    let label: Label
    let target: Target
    @Environment(\._navigation) private var navigation

    enum Target {
        case view(AnyView)
        case value(AnyHashable?)
        /// Pushed while the binding is true.
        case bound(Binding<Bool>, AnyView)
    }

    public init(destination: Destination, @ViewBuilder label: () -> Label) {
        self.label = label()
        target = .view(AnyView(destination))
    }

    public init(@ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label) {
        self.init(destination: destination(), label: label)
    }

    /// A link that pushes `destination` while `isActive` is true; tapping it sets `isActive`, going
    /// back clears it.
    public init(destination: Destination, isActive: Binding<Bool>, @ViewBuilder label: () -> Label) {
        self.label = label()
        target = .bound(isActive, AnyView(destination))
    }

    public init(isActive: Binding<Bool>, @ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label) {
        self.init(destination: destination(), isActive: isActive, label: label)
    }

    /// A link that pushes `destination` while `selection` is `tag`; tapping it selects `tag`, going
    /// back clears the selection.
    public init<V: Hashable>(destination: Destination, tag: V, selection: Binding<V?>, @ViewBuilder label: () -> Label) {
        self.init(destination: destination, isActive: _isSelected(tag, selection), label: label)
    }

    public init<V: Hashable>(
        tag: V, selection: Binding<V?>, @ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label
    ) {
        self.init(destination: destination(), isActive: _isSelected(tag, selection), label: label)
    }

    @MainActor public var body: some View {
        let navigation = self.navigation
        let target = self.target
        if case .bound(let isActive, let destination) = target {
            BoundNavigationLink(label: label, isActive: isActive, destination: destination)
        } else {
            let enabled: Bool = {
                if case .value(let value) = target { return navigation != nil && value != nil }
                return navigation != nil
            }()
            Button(action: {
                switch target {
                case .view(let view): navigation?.push(view: view)
                case .value(let value): if let value { navigation?.push(value) }
                case .bound: break
                }
            }) { label }
                .disabled(!enabled)
                .modifier(_StyleModifier(key: "navigationLink", value: ""))
        }
    }

    /// Whether the link shows its destination in the detail column of a split view (SwiftUI's
    /// `isDetailLink(_:)`): recorded.
    @MainActor public func isDetailLink(_ isDetailLink: Bool) -> some View {
        modifier(_StyleModifier(key: "isDetailLink", value: isDetailLink ? "" : "false"))
    }
}

/// `true` while `selection` is `tag`; setting it selects `tag`, clearing it (going back) clears the
/// selection if it is still `tag`.
private func _isSelected<V: Hashable>(_ tag: V, _ selection: Binding<V?>) -> Binding<Bool> {
    Binding(
        get: { selection.wrappedValue == tag },
        set: { selected in
            if selected {
                selection.wrappedValue = tag
            } else if selection.wrappedValue == tag {
                selection.wrappedValue = nil
            }
        })
}

extension NavigationLink where Label == Text {
    public init(_ titleKey: LocalizedStringKey, destination: Destination) {
        self.init(destination: destination) { Text(titleKey) }
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, destination: Destination) {
        self.init(destination: destination) { Text(title) }
    }

    public init(_ titleKey: LocalizedStringKey, @ViewBuilder destination: () -> Destination) {
        self.init(destination: destination()) { Text(titleKey) }
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder destination: () -> Destination) {
        self.init(destination: destination()) { Text(title) }
    }

    public init(_ titleKey: LocalizedStringKey, destination: Destination, isActive: Binding<Bool>) {
        self.init(destination: destination, isActive: isActive) { Text(titleKey) }
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, destination: Destination, isActive: Binding<Bool>) {
        self.init(destination: destination, isActive: isActive) { Text(title) }
    }

    public init(_ titleKey: LocalizedStringKey, isActive: Binding<Bool>, @ViewBuilder destination: () -> Destination) {
        self.init(destination: destination(), isActive: isActive) { Text(titleKey) }
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, isActive: Binding<Bool>, @ViewBuilder destination: () -> Destination) {
        self.init(destination: destination(), isActive: isActive) { Text(title) }
    }

    public init<V: Hashable>(_ titleKey: LocalizedStringKey, destination: Destination, tag: V, selection: Binding<V?>) {
        self.init(destination: destination, tag: tag, selection: selection) { Text(titleKey) }
    }

    @_disfavoredOverload
    public init<S: StringProtocol, V: Hashable>(_ title: S, destination: Destination, tag: V, selection: Binding<V?>) {
        self.init(destination: destination, tag: tag, selection: selection) { Text(title) }
    }

    public init<V: Hashable>(
        _ titleKey: LocalizedStringKey, tag: V, selection: Binding<V?>, @ViewBuilder destination: () -> Destination
    ) {
        self.init(destination: destination(), tag: tag, selection: selection) { Text(titleKey) }
    }

    @_disfavoredOverload
    public init<S: StringProtocol, V: Hashable>(
        _ title: S, tag: V, selection: Binding<V?>, @ViewBuilder destination: () -> Destination
    ) {
        self.init(destination: destination(), tag: tag, selection: selection) { Text(title) }
    }
}

extension NavigationLink where Destination == Never {
    /// A link that pushes `value` onto the stack's path.
    public init<P: Hashable>(value: P?, @ViewBuilder label: () -> Label) {
        self.label = label()
        target = .value(value.map { AnyHashable($0) })
    }
}

extension NavigationLink where Destination == Never, Label == Text {
    public init<P: Hashable>(_ titleKey: LocalizedStringKey, value: P?) {
        self.init(value: value) { Text(titleKey) }
    }

    @_disfavoredOverload
    public init<S: StringProtocol, P: Hashable>(_ title: S, value: P?) {
        self.init(value: value) { Text(title) }
    }
}

/// What identifies the screen a binding pushed, for as long as its presenter is in the tree.
final class PresenterKey {}

/// Pushes or removes a bound destination when the binding changes (after the update, as SwiftUI
/// does), so that a binding set in code — a deep link, a restored state — pushes too.
struct BoundPresentation: ViewModifier {
    let isPresented: Binding<Bool>
    let destination: AnyView
    @State private var key = PresenterKey()
    @Environment(\._navigation) private var navigation

    func body(content: Content) -> some View {
        let (navigation, isPresented, destination, id) = (self.navigation, self.isPresented, self.destination,
                                                          ObjectIdentifier(key))
        // The pushed screen shows the destination as this view declares it now.
        navigation?.refresh(presentedBy: id, with: destination)
        return content.onChange(of: isPresented.wrappedValue, initial: true) { _, presented in
            guard let navigation else { return }
            if presented, !navigation.isPushed(by: id) {
                navigation.push(view: destination, presenter: id, onPop: { isPresented.wrappedValue = false })
            } else if !presented, navigation.isPushed(by: id) {
                navigation.remove(pushedBy: id)
            }
        }
    }
}

/// A link whose destination is pushed while its binding is true.
struct BoundNavigationLink<Label: View>: View {
    let label: Label
    let isActive: Binding<Bool>
    let destination: AnyView
    @Environment(\._navigation) private var navigation

    var body: some View {
        let isActive = self.isActive
        Button(action: { isActive.wrappedValue = true }) { label }
            .disabled(navigation == nil)
            .modifier(_StyleModifier(key: "navigationLink", value: ""))
            .modifier(BoundPresentation(isPresented: isActive, destination: destination))
    }
}

/// The destination of `navigationDestination(item:)`: the item's view while it is set.
struct ItemDestination<Item, Content: View>: View {
    let item: Binding<Item?>
    let content: (Item) -> Content

    var body: some View {
        if let value = item.wrappedValue { content(value) }
    }
}

extension View {
    /// How the stack shows values of type `data` pushed onto its path.
    public func navigationDestination<D: Hashable, C: View>(
        for data: D.Type, @ViewBuilder destination: @escaping (D) -> C
    ) -> _NavigationDestinationView<Self, D, C> {
        _NavigationDestinationView(content: self, destination: destination)
    }

    /// Pushes `destination` onto the enclosing stack while `isPresented` is true; going back sets
    /// it to false.
    public func navigationDestination<V: View>(isPresented: Binding<Bool>, @ViewBuilder destination: () -> V)
        -> some View
    {
        modifier(BoundPresentation(isPresented: isPresented, destination: AnyView(destination())))
    }

    /// Pushes the item's destination while `item` is set; going back sets it to `nil`.
    public func navigationDestination<D: Hashable, C: View>(
        item: Binding<D?>, @ViewBuilder destination: @escaping (D) -> C
    ) -> some View {
        let isPresented = Binding<Bool>(
            get: { item.wrappedValue != nil }, set: { if !$0 { item.wrappedValue = nil } })
        return modifier(BoundPresentation(
            isPresented: isPresented, destination: AnyView(ItemDestination(item: item, content: destination))))
    }
}

/// Registers a destination for a value type with the enclosing stack, then shows its content.
public nonisolated struct _NavigationDestinationView<Content: View, D: Hashable, C: View>: View {
    let content: Content
    let destination: (D) -> C
    @Environment(\._navigation) private var navigation

    @MainActor public var body: some View {
        let destination = self.destination
        navigation?.register(D.self) { AnyView(destination($0)) }
        return content
    }
}
