import AttrGraph

/// Content whose *structure* depends on a value: which branch of an `if`, whether an optional
/// has a value, the type inside an `AnyView`, the value of `.id(_:)`. The value's key picks
/// the child; a new key invalidates the old child's subgraph (releasing its state and running
/// its `onDisappear` actions) and builds the new child in a fresh one.
protocol DynamicChildProvider {
    associatedtype Container
    associatedtype Key: Equatable
    static func key(of container: Container) -> Key
    /// Builds the child for `key`, in the current subgraph.
    static func makeChild(container: _GraphValue<Container>, key: Key, inputs: _ViewInputs) -> _ViewOutputs
}

struct DynamicChild<Provider: DynamicChildProvider>: StatefulRule {
    typealias Value = [DisplayNode]
    let container: _GraphValue<Provider.Container>
    let inputs: _ViewInputs
    var current: (key: Provider.Key, subgraph: Subgraph, render: Attribute<[DisplayNode]>)?

    init(container: _GraphValue<Provider.Container>, inputs: _ViewInputs) {
        self.container = container
        self.inputs = inputs
    }

    mutating func updateValue() {
        let key = Provider.key(of: container.value)
        if current?.key != key {
            let parent = AnyAttribute.current.unsafelyUnwrapped.subgraph
            if let old = current {
                parent.removeChild(old.subgraph)
                old.subgraph.invalidate()
                // What the old child showed leaves the tree (its transition is recorded).
                inputs.host.transactions.noteRemoval(value)
            }
            let child = Subgraph(graph: parent.graph)
            parent.addChild(child)
            child.setTreeOwner(AnyAttribute.current.unsafelyUnwrapped)
            let container = self.container
            let inputs = self.inputs
            let render = child.apply {
                Provider.makeChild(container: container, key: key, inputs: inputs).render.single(inputs.host)
            }
            let replacing = current != nil
            current = (key, child, render)
            if replacing {
                let nodes = render.value
                inputs.host.transactions.noteInsertion(nodes)
                value = nodes
                return
            }
        }
        value = current.unsafelyUnwrapped.render.value
    }
}

/// Makes a dynamic child container's render attribute.
func _makeDynamicChild<Provider: DynamicChildProvider>(
    _: Provider.Type, container: _GraphValue<Provider.Container>, inputs: _ViewInputs
) -> _ViewOutputs {
    _ViewOutputs(render: Attribute(DynamicChild<Provider>(container: container, inputs: inputs)))
}

// MARK: - if / else, switch

/// The two branches of an `if`/`else` (or the cases of a `switch`, nested).
public nonisolated struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
    enum Storage {
        case trueContent(TrueContent)
        case falseContent(FalseContent)
    }

    let storage: Storage

    init(storage: Storage) {
        self.storage = storage
    }

    public var body: Never { _primitiveBody(Self.self) }

    public static func _makeView(view: _GraphValue<Self>, inputs: _ViewInputs) -> _ViewOutputs {
        _makeDynamicChild(ConditionalProvider<TrueContent, FalseContent>.self, container: view, inputs: inputs)
    }
}

enum ConditionalProvider<TrueContent: View, FalseContent: View>: DynamicChildProvider {
    static func key(of container: _ConditionalContent<TrueContent, FalseContent>) -> Bool {
        if case .trueContent = container.storage { return true }
        return false
    }

    static func makeChild(container: _GraphValue<_ConditionalContent<TrueContent, FalseContent>>, key: Bool,
                          inputs: _ViewInputs) -> _ViewOutputs {
        if key {
            let branch = Attribute(TrueBranch(container: container))
            return TrueContent._makeDebuggableView(view: _GraphValue(branch), inputs: inputs)
        } else {
            let branch = Attribute(FalseBranch(container: container))
            return FalseContent._makeDebuggableView(view: _GraphValue(branch), inputs: inputs)
        }
    }

    /// The true branch's view, while the condition holds (it keeps its value otherwise: it is
    /// about to be removed).
    struct TrueBranch: StatefulRule {
        typealias Value = TrueContent
        let container: _GraphValue<_ConditionalContent<TrueContent, FalseContent>>

        mutating func updateValue() {
            if case .trueContent(let content) = container.value.storage { value = content }
        }
    }

    struct FalseBranch: StatefulRule {
        typealias Value = FalseContent
        let container: _GraphValue<_ConditionalContent<TrueContent, FalseContent>>

        mutating func updateValue() {
            if case .falseContent(let content) = container.value.storage { value = content }
        }
    }
}

// MARK: - Optional content

extension Optional: View where Wrapped: View {
    public typealias Body = Never

    public var body: Never { _primitiveBody(Self.self) }

    public nonisolated static func _makeView(view: _GraphValue<Self>, inputs: _ViewInputs) -> _ViewOutputs {
        _makeDynamicChild(OptionalProvider<Wrapped>.self, container: view, inputs: inputs)
    }
}

enum OptionalProvider<Wrapped: View>: DynamicChildProvider {
    static func key(of container: Wrapped?) -> Bool {
        container != nil
    }

    static func makeChild(container: _GraphValue<Wrapped?>, key: Bool, inputs: _ViewInputs) -> _ViewOutputs {
        guard key else { return _ViewOutputs(render: RenderParts()) }
        let wrapped = Attribute(Unwrapped(container: container))
        return Wrapped._makeDebuggableView(view: _GraphValue(wrapped), inputs: inputs)
    }

    struct Unwrapped: StatefulRule {
        typealias Value = Wrapped
        let container: _GraphValue<Wrapped?>

        mutating func updateValue() {
            if let wrapped = container.value { value = wrapped }
        }
    }
}

// MARK: - AnyView

/// A view of any type (type erasure). A different type inside replaces the content and its
/// state, as a different `if` branch does.
public nonisolated struct AnyView: View {
    let storage: AnyViewStorageBase

    public init<V: View>(_ view: V) {
        if let erased = view as? AnyView {
            storage = erased.storage
        } else {
            storage = AnyViewStorage(view)
        }
    }

    public init<V: View>(erasing view: V) {
        self.init(view)
    }

    public var body: Never { _primitiveBody(Self.self) }

    public static func _makeView(view: _GraphValue<Self>, inputs: _ViewInputs) -> _ViewOutputs {
        _makeDynamicChild(AnyViewProvider.self, container: view, inputs: inputs)
    }
}

extension AnyView: _ComparisonOverride {
    package static func _isSameValue(_ lhs: UnsafePointer<Self>, _ rhs: UnsafePointer<Self>) -> Bool {
        lhs.pointee.storage === rhs.pointee.storage || lhs.pointee.storage.isEqual(to: rhs.pointee.storage)
    }
}

class AnyViewStorageBase {
    var type: Any.Type { preconditionFailure() }

    func makeChild(container: _GraphValue<AnyView>, inputs: _ViewInputs) -> _ViewOutputs { preconditionFailure() }

    func isEqual(to other: AnyViewStorageBase) -> Bool { false }
}

final class AnyViewStorage<V: View>: AnyViewStorageBase {
    let view: V

    init(_ view: V) {
        self.view = view
    }

    override var type: Any.Type { V.self }

    override func makeChild(container: _GraphValue<AnyView>, inputs: _ViewInputs) -> _ViewOutputs {
        let content = Attribute(Payload(container: container))
        return V._makeDebuggableView(view: _GraphValue(content), inputs: inputs)
    }

    override func isEqual(to other: AnyViewStorageBase) -> Bool {
        guard let other = other as? AnyViewStorage<V> else { return false }
        return _ViewEquality.equal(view, other.view)
    }

    /// The view inside, while it is a `V`.
    struct Payload: StatefulRule {
        typealias Value = V
        let container: _GraphValue<AnyView>

        mutating func updateValue() {
            if let storage = container.value.storage as? AnyViewStorage<V> { value = storage.view }
        }
    }
}

enum AnyViewProvider: DynamicChildProvider {
    static func key(of container: AnyView) -> ObjectIdentifier {
        ObjectIdentifier(container.storage.type)
    }

    static func makeChild(container: _GraphValue<AnyView>, key: ObjectIdentifier, inputs: _ViewInputs) -> _ViewOutputs {
        Graph.withoutUpdate { container.value.storage }.makeChild(container: container, inputs: inputs)
    }
}

// MARK: - .id(_:)

/// A view whose identity is a value: when the value changes, the content is rebuilt from
/// scratch (new state, `onDisappear` then `onAppear`).
public nonisolated struct IDView<Content: View, ID: Hashable>: View {
    public var content: Content
    public var id: ID

    public var body: Never { _primitiveBody(Self.self) }

    public static func _makeView(view: _GraphValue<Self>, inputs: _ViewInputs) -> _ViewOutputs {
        _makeDynamicChild(IDProvider<Content, ID>.self, container: view, inputs: inputs)
    }
}

enum IDProvider<Content: View, ID: Hashable>: DynamicChildProvider {
    static func key(of container: IDView<Content, ID>) -> ID {
        container.id
    }

    static func makeChild(container: _GraphValue<IDView<Content, ID>>, key: ID, inputs: _ViewInputs) -> _ViewOutputs {
        Content._makeDebuggableView(view: container.member(Content.self, at: 0, \.content), inputs: inputs)
    }
}

extension View {
    /// Gives the view an identity: a different `id` makes it a different view.
    public func id<ID: Hashable>(_ id: ID) -> IDView<Self, ID> {
        IDView(content: self, id: id)
    }
}
