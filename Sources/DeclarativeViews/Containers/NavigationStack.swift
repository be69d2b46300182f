import AttrGraph

// A navigation stack, headless: the root and every pushed screen stay mounted (their state
// survives going back), but only the top screen is rendered, under a "Back" button whose node
// carries `navigationBack` (``ViewHost/back()`` and the `back` script step tap it). Screens
// come from the path (values, shown by the nearest `.navigationDestination(for:)` of their
// type) and then from `NavigationLink(destination:)` links, as in SwiftUI.

/// A stack of screens with a root view (SwiftUI's `NavigationStack`), hosted in a separately
/// scheduled fragment. The top screen's `.navigationTitle(_:)` titles it.
///
///     NavigationStack(path: $path) {
///         List(items) { item in NavigationLink(item.name, value: item) }
///             .navigationDestination(for: Item.self) { item in Detail(item: item) }
///     }
public nonisolated struct NavigationStack<Data, Root: View>: View {
    public var root: Root
    /// The path as type-erased values, or `nil` when the stack keeps its own.
    let path: Binding<[AnyHashable]>?

    public var body: Never { _primitiveBody(Self.self) }

    public static func _makeView(view: _GraphValue<Self>, inputs: _ViewInputs) -> _ViewOutputs {
        let slot = HostedSlot(name: "NavigationStack", inputs: inputs) { inputs in
            let content = Attribute(vtableRule: NavigationStackContent(stack: view))
            return _NavigationStackContent<Root>._makeDebuggableView(view: _GraphValue(content), inputs: inputs)
        }
        return _ViewOutputs(render: Attribute(NavigationStackRender(slot: slot)))
    }
}

extension NavigationStack where Data == NavigationPath {
    /// A stack that keeps its own path.
    public init(@ViewBuilder root: () -> Root) {
        self.root = root()
        path = nil
    }

    /// A stack whose screens are the values of `path` (of any `Hashable` types).
    public init(path: Binding<NavigationPath>, @ViewBuilder root: () -> Root) {
        self.root = root()
        self.path = Binding(get: { path.wrappedValue.elements }, set: { path.wrappedValue.elements = $0 })
    }
}

extension NavigationStack
where Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection, Data.Element: Hashable {
    /// A stack whose screens are the elements of `path`, all of one type. A link to a value of
    /// another type cannot be pushed on it (a warning says so).
    public init(path: Binding<Data>, @ViewBuilder root: () -> Root) {
        self.root = root()
        self.path = Binding(
            get: { path.wrappedValue.map { AnyHashable($0) } },
            set: { values in
                let typed = values.compactMap { $0.base as? Data.Element }
                if typed.count != values.count {
                    _stateWarning("NavigationStack(path:) holds \(Data.self); a value of another type was not pushed.")
                }
                path.wrappedValue = Data(typed)
            })
    }
}

/// The content a stack hosts, made from the stack's value.
struct NavigationStackContent<Data, Root: View>: Rule {
    let stack: _GraphValue<NavigationStack<Data, Root>>

    var value: _NavigationStackContent<Root> {
        let stack = self.stack.value
        return _NavigationStackContent(root: stack.root, path: stack.path)
    }
}

struct NavigationStackRender: StatefulRule {
    typealias Value = [DisplayNode]
    let slot: HostedSlot

    mutating func updateValue() {
        let content = slot.read()
        emit(.navigationStack(title: Self.title(in: content)), children: content)
    }

    /// The first navigation title in the top levels of the content (a toolbar or a back button
    /// wraps the screen in a stack), not looking into nested navigation stacks.
    static func title(in nodes: [DisplayNode], depth: Int = 0) -> String? {
        for node in nodes {
            if let title = node.annotations?.navigationTitle { return title }
        }
        guard depth < 3 else { return nil }
        for node in nodes {
            if case .navigationStack = node.kind { continue }
            if let title = title(in: node.children, depth: depth + 1) { return title }
        }
        return nil
    }
}

// MARK: - Screens

/// A navigation path (SwiftUI's `NavigationPath`): a list of values of any `Hashable` types.
public struct NavigationPath: Equatable {
    var elements: [AnyHashable]

    public init() {
        elements = []
    }

    public init<S: Sequence>(_ elements: S) where S.Element: Hashable {
        self.elements = elements.map { AnyHashable($0) }
    }

    public var count: Int { elements.count }
    public var isEmpty: Bool { elements.isEmpty }

    public mutating func append<V: Hashable>(_ value: V) {
        elements.append(AnyHashable(value))
    }

    public mutating func removeLast(_ k: Int = 1) {
        elements.removeLast(k)
    }
}

/// What a stack's views reach through the environment: pushing, popping, and the destinations
/// registered by `.navigationDestination(for:)`. Used on the main actor only (bodies and
/// button actions).
///
/// The pushed screens stay current as SwiftUI keeps them: a destination is re-registered each
/// time the view declaring it updates (`navigationDestination(for:)`, or a bound presentation's
/// destination), and each registration bumps ``revision``, which every pushed screen's body
/// reads — so the screens show what the declaring view would show now (an edit of the state
/// their destination reads, even when nothing tracks the read, as for an `ObservableObject`).
final class NavigationModel: @unchecked Sendable {
    var path: Binding<[AnyHashable]>?
    var pushedViews: Binding<[PushedView]>?
    /// Bumped when a destination is registered again; the pushed screens depend on it.
    var revision: StateLocation<UInt>?
    private var destinations: [ObjectIdentifier: (AnyHashable) -> AnyView] = [:]
    /// The newest destination of each bound presentation whose screen is pushed, by presenter.
    private var presented: [ObjectIdentifier: AnyView] = [:]
    private var nextViewID = 0
    private var revisionCount: UInt = 0

    init() {}

    func register<D: Hashable>(_ type: D.Type, _ destination: @escaping (D) -> AnyView) {
        destinations[ObjectIdentifier(type)] = { value in destination(value.base as! D) }
        destinationsChanged()
    }

    /// Makes the pushed screens' bodies run again (they read ``revision``). Called while the
    /// declaring view's body runs, so it sets the attribute directly: screens are evaluated after
    /// the root they are pushed over, in the same update.
    private func destinationsChanged() {
        guard let revision, revision.isLive else { return }
        // Counted here: reading the attribute would make the registering body depend on it.
        revisionCount &+= 1
        revision.attribute.value = revisionCount
    }

    /// Inside a pushed screen's body: makes it depend on the registrations.
    func trackDestinations() {
        if let revision, revision.isLive { _ = revision.attribute.value }
    }

    /// The newest destination `presenter` declared, while its screen is pushed.
    func refresh(presentedBy presenter: ObjectIdentifier, with destination: AnyView) {
        // Only a different destination: the screen's update must not refresh it again.
        guard let current = presented[presenter], !_ViewEquality.equal(current, destination) else { return }
        presented[presenter] = destination
        destinationsChanged()
    }

    /// What a pushed view shows: its presenter's newest destination, else what was pushed.
    func content(of pushed: PushedView) -> AnyView {
        pushed.presenter.flatMap { presented[$0] } ?? pushed.view
    }

    func canShow(_ value: AnyHashable) -> Bool {
        destinations[ObjectIdentifier(type(of: value.base))] != nil
    }

    func destination(for value: AnyHashable) -> AnyView {
        if let make = destinations[ObjectIdentifier(type(of: value.base))] { return make(value) }
        return AnyView(Text(verbatim: "⚠ no navigationDestination(for: \(type(of: value.base)).self)"))
    }

    func push(_ value: AnyHashable) {
        guard canShow(value) else {
            _stateWarning("A NavigationLink is presenting a value of type \(type(of: value.base)) but there is no matching "
                + "navigationDestination declaration visible from the location of the link. The link cannot be activated.")
            return
        }
        path?.wrappedValue.append(value)
    }

    /// Pushes a link's destination; `presenter` names what presents it (a link with an `isActive`
    /// binding, a `navigationDestination(isPresented:)`), `onPop` runs when going back removes it.
    func push(view: AnyView, presenter: ObjectIdentifier? = nil, onPop: (() -> Void)? = nil) {
        nextViewID += 1
        if let presenter { presented[presenter] = view }
        pushedViews?.wrappedValue.append(PushedView(id: nextViewID, view: view, presenter: presenter, onPop: onPop))
    }

    /// Goes back to `depth` screens above the root (one screen back when `nil`). Screens pushed by a
    /// binding (`isActive:`, `isPresented:`, `tag:selection:`) set it back as they go.
    func pop(toDepth depth: Int? = nil) {
        let views = pushedViews?.wrappedValue.count ?? 0
        let values = path?.wrappedValue.count ?? 0
        let target = max(0, depth ?? (views + values - 1))
        var removed: [PushedView] = []
        if views > 0, target >= values {
            let count = min(views, views + values - target)
            removed = Array(pushedViews?.wrappedValue.suffix(count) ?? [])
            pushedViews?.wrappedValue.removeLast(count)
        } else {
            if views > 0 {
                removed = pushedViews?.wrappedValue ?? []
                pushedViews?.wrappedValue.removeAll()
            }
            if values > target { path?.wrappedValue.removeLast(values - target) }
        }
        forget(removed)
        for view in removed.reversed() { view.onPop?() }
    }

    /// Drops the destinations kept for screens that left the stack.
    private func forget<C: Collection<PushedView>>(_ removed: C) {
        for view in removed {
            if let presenter = view.presenter { presented[presenter] = nil }
        }
    }

    /// Whether the screen `presenter` pushes is on the stack.
    func isPushed(by presenter: ObjectIdentifier) -> Bool {
        pushedViews?.wrappedValue.contains { $0.presenter == presenter } ?? false
    }

    /// Removes the screen `presenter` pushed (its binding went false), and the screens above it.
    func remove(pushedBy presenter: ObjectIdentifier) {
        guard let views = pushedViews?.wrappedValue, let index = views.firstIndex(where: { $0.presenter == presenter })
        else { return }
        let above = views[(index + 1)...]
        pushedViews?.wrappedValue.removeSubrange(index...)
        forget(views[index...])
        for view in above.reversed() { view.onPop?() }
    }
}

struct PushedView: Equatable {
    let id: Int
    let view: AnyView
    var presenter: ObjectIdentifier?
    var onPop: (() -> Void)?
    static func == (lhs: PushedView, rhs: PushedView) -> Bool { lhs.id == rhs.id }
}

struct NavigationModelKey: EnvironmentKey {
    static var defaultValue: NavigationModel? { nil }
}

extension EnvironmentValues {
    var _navigation: NavigationModel? {
        get { self[NavigationModelKey.self] }
        set { self[NavigationModelKey.self] = newValue }
    }
}

/// A pushed screen: a path value or a link's destination, at `depth` (1 is the first above the root).
struct NavigationScreen: Identifiable {
    enum Content {
        case value(AnyHashable)
        case view(PushedView)
    }

    let depth: Int
    let content: Content

    var id: [AnyHashable] {
        switch content {
        case .value(let value): [depth, value]
        case .view(let pushed): [depth, "view", pushed.id]
        }
    }
}

/// The views a stack hosts: the root and the pushed screens, only the top one shown.
public nonisolated struct _NavigationStackContent<Root: View>: View {
    let root: Root
    let path: Binding<[AnyHashable]>?
    @State private var ownPath: [AnyHashable] = []
    @State private var pushed: [PushedView] = []
    @State private var editMode: EditMode = .inactive
    @State private var model = NavigationModel()
    /// The registrations' revision (see ``NavigationModel``): written and read through the model.
    @State private var destinationsRevision: UInt = 0

    init(root: Root, path: Binding<[AnyHashable]>?) {
        self.root = root
        self.path = path
    }

    @MainActor public var body: some View {
        let model = self.model
        let path = self.path ?? $ownPath
        model.path = path
        model.pushedViews = $pushed
        model.revision = _destinationsRevision._location
        let values = path.wrappedValue
        let screens = values.enumerated().map { NavigationScreen(depth: $0.offset + 1, content: .value($0.element)) }
            + pushed.enumerated().map { NavigationScreen(depth: values.count + $0.offset + 1, content: .view($0.element)) }
        let top = screens.count
        return Group {
            root.modifier(_NavigationScreenModifier(isShown: top == 0))
            ForEach(screens) { screen in
                NavigationScreenView(screen: screen, model: model)
                    .modifier(_NavigationScreenModifier(isShown: screen.depth == top))
                    .environment(\.isPresented, true)
                    .environment(\._dismiss, DismissAction { model.pop(toDepth: screen.depth - 1) })
            }
        }
        .environment(\._navigation, model)
        .environment(\.editMode, $editMode)
    }
}

/// A pushed screen under its navigation bar (the back button).
struct NavigationScreenView: View {
    let screen: NavigationScreen
    let model: NavigationModel

    var body: some View {
        let model = self.model
        let depth = screen.depth
        model.trackDestinations()
        return VStack(alignment: .leading, spacing: 0) {
            Button("Back") { model.pop(toDepth: depth - 1) }
                .modifier(_StyleModifier(key: "navigationBack", value: ""))
            switch screen.content {
            case .value(let value): model.destination(for: value)
            case .view(let pushed): model.content(of: pushed)
            }
        }
    }
}

/// Shows its content only while its screen is on top; the content stays mounted (and up to
/// date, so a screen's `navigationDestination`s are registered) either way.
public nonisolated struct _NavigationScreenModifier: PrimitiveViewModifier, Equatable {
    let isShown: Bool

    public nonisolated static func _makeView(
        modifier: _GraphValue<Self>, inputs: _ViewInputs, body: @escaping (_ViewInputs) -> _ViewOutputs
    ) -> _ViewOutputs {
        let content = body(inputs)
        return _ViewOutputs(render: Attribute(NavigationScreenRender(modifier: modifier, content: content.render)))
    }
}

struct NavigationScreenRender: StatefulRule {
    typealias Value = [DisplayNode]
    let modifier: _GraphValue<_NavigationScreenModifier>
    let content: RenderParts

    mutating func updateValue() {
        let nodes = content.read()
        let shown = modifier.value.isShown ? nodes : []
        if !hasValue || value != shown { value = shown }
    }
}
