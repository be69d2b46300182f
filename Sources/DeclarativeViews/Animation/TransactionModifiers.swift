import AttrGraph

// MARK: - Modifiers that change the transaction for their content

/// A modifier that changes the transaction of the changes in its content: it keeps a
/// ``TransactionScope`` on its content's nodes and, each time its rule runs, says what the scope
/// does and whether it applies to the current update.
protocol TransactionScoping: PrimitiveViewModifier {
    /// Whether the scope applies to every change of the content, not only in the update that
    /// activated it.
    nonisolated static var scopeIsAlways: Bool { get }
    /// Sets `scope`'s transform for this update (and activates it if it applies); `previous` is
    /// the modifier's value when its rule last ran.
    nonisolated func update(_ scope: TransactionScope, previous: Self?, recorder: TransactionRecorder)
}

extension TransactionScoping {
    public nonisolated static func _makeView(
        modifier: _GraphValue<Self>, inputs: _ViewInputs, body: @escaping (_ViewInputs) -> _ViewOutputs
    ) -> _ViewOutputs {
        let content = body(inputs)
        return _ViewOutputs(render: Attribute(
            TransactionScopeRender(modifier: modifier, content: content.render, host: inputs.host,
                                   scope: TransactionScope(isAlways: scopeIsAlways))))
    }
}

/// The content's nodes with the modifier's scope (one scope object for the modifier's lifetime,
/// so that the annotations compare equal from update to update).
struct TransactionScopeRender<Modifier: TransactionScoping>: StatefulRule {
    typealias Value = [DisplayNode]
    let modifier: _GraphValue<Modifier>
    let content: RenderParts
    @HostReference var host: _HostCore
    let scope: TransactionScope
    /// The modifier's value when the rule last ran.
    var previous: Modifier?
    /// The content nodes the current value was made from.
    var source: [DisplayNode] = []

    init(modifier: _GraphValue<Modifier>, content: RenderParts, host: _HostCore, scope: TransactionScope) {
        self.modifier = modifier
        self.content = content
        _host = HostReference(wrappedValue: host)
        self.scope = scope
    }

    mutating func updateValue() {
        let nodes = content.read()
        let modifier = self.modifier.value
        modifier.update(scope, previous: previous, recorder: host.transactions)
        previous = modifier
        if hasValue, nodes == source { return }
        source = nodes
        let scope = self.scope
        value = nodes.map { node in node.annotated { $0.transactionScopes.append(scope) } }
    }
}

/// `.transaction(_:)`: `transform` changes the transaction of every change in the content.
public nonisolated struct _TransactionModifier: TransactionScoping {
    let transform: (inout Transaction) -> Void

    static var scopeIsAlways: Bool { true }

    func update(_ scope: TransactionScope, previous: Self?, recorder: TransactionRecorder) {
        scope.transform = transform
        // A transform that gives an empty transaction something (an animation) matters even to
        // changes made without a transaction.
        var transaction = Transaction()
        transform(&transaction)
        if !transaction.isEmpty { recorder.scopeRequested = true }
    }
}

/// `.transaction(value:_:)`: `transform` changes the transaction of the update in which `value`
/// changed.
public nonisolated struct _ValueTransactionModifier<Value: Equatable>: TransactionScoping {
    let value: Value
    let transform: (inout Transaction) -> Void

    static var scopeIsAlways: Bool { false }

    func update(_ scope: TransactionScope, previous: Self?, recorder: TransactionRecorder) {
        guard let previous, previous.value != value else { return }
        scope.transform = transform
        recorder.activate(scope)
    }
}

/// `.animation(_:value:)`: the changes of the update in which `value` changed run with
/// `animation` (unless the transaction disables implicit animations).
public nonisolated struct _AnimationModifier<Value: Equatable>: TransactionScoping {
    let animation: Animation?
    let value: Value

    static var scopeIsAlways: Bool { false }

    func update(_ scope: TransactionScope, previous: Self?, recorder: TransactionRecorder) {
        guard let previous, previous.value != value else { return }
        let animation = self.animation
        scope.transform = { transaction in
            if !transaction.disablesAnimations { transaction.animation = animation }
        }
        recorder.activate(scope)
    }
}

/// The deprecated `.animation(_:)`: every change in the content runs with `animation`.
public nonisolated struct _ImplicitAnimationModifier: TransactionScoping {
    let animation: Animation?

    static var scopeIsAlways: Bool { true }

    func update(_ scope: TransactionScope, previous: Self?, recorder: TransactionRecorder) {
        let animation = self.animation
        scope.transform = { transaction in
            if !transaction.disablesAnimations { transaction.animation = animation }
        }
        if animation != nil { recorder.scopeRequested = true }
    }
}

// MARK: - Transitions

/// `.transition(_:)`: how the view enters and leaves the tree; recorded on its node
/// (`transition=…`), and used for the host's ``TransitionEvent``s.
public nonisolated struct _TransitionModifier: Annotating, Equatable {
    let transition: AnyTransition

    func annotate(_ annotations: inout _Annotations) {
        // The modifier closest to the view wins, as for styles.
        guard annotations.transition == nil else { return }
        annotations.transition = transition
        annotations.styles["transition"] = transition.description
    }
}

extension View {
    /// Changes the transaction of the changes in this view (SwiftUI's `transaction(_:)`):
    /// `.transaction { $0.animation = nil }` makes them unanimated, whatever the state write
    /// said. Outer modifiers apply first; `transform` runs for every update that changes the
    /// view.
    public func transaction(_ transform: @escaping (inout Transaction) -> Void)
        -> ModifiedContent<Self, _TransactionModifier>
    {
        modifier(_TransactionModifier(transform: transform))
    }

    /// Changes the transaction of the update in which `value` changed.
    public func transaction<V: Equatable>(value: V, _ transform: @escaping (inout Transaction) -> Void)
        -> ModifiedContent<Self, _ValueTransactionModifier<V>>
    {
        modifier(_ValueTransactionModifier(value: value, transform: transform))
    }

    /// Animates the changes of this view made in an update in which `value` changed (SwiftUI's
    /// `animation(_:value:)`): their transaction's animation becomes `animation` (`nil`: no
    /// animation), unless the transaction has ``Transaction/disablesAnimations`` set. Headless,
    /// the animation is recorded on the changed nodes (`[animation=…]`).
    public func animation<V: Equatable>(_ animation: Animation?, value: V) -> ModifiedContent<Self, _AnimationModifier<V>> {
        modifier(_AnimationModifier(animation: animation, value: value))
    }

    /// Animates every change of this view with `animation` (deprecated in SwiftUI in favour of
    /// ``animation(_:value:)``; not marked deprecated here, so that code written against older
    /// SDKs builds warning-free).
    public func animation(_ animation: Animation?) -> ModifiedContent<Self, _ImplicitAnimationModifier> {
        modifier(_ImplicitAnimationModifier(animation: animation))
    }

    /// How the view enters and leaves the tree (SwiftUI's `transition(_:)`; `.opacity` when not
    /// set). Recorded on its node (`[transition=.slide]`) and in ``ViewHost/transitionEvents``.
    public func transition(_ t: AnyTransition) -> ModifiedContent<Self, _TransitionModifier> {
        modifier(_TransitionModifier(transition: t))
    }

    /// How the view's content changes in place (SwiftUI's `contentTransition(_:)`), recorded
    /// on its nodes (`contentTransition=.numericText(countsDown: false)`).
    public func contentTransition(_ transition: ContentTransition) -> ModifiedContent<Self, _StyleModifier> {
        modifier(_StyleModifier(key: "contentTransition", value: transition.description))
    }
}

// MARK: - Bindings

/// A binding that writes through `base` inside `transaction` (`$flag.animation(.spring)`).
final class TransactionLocation<Value>: AnyLocation<Value> {
    let base: AnyLocation<Value>
    let transaction: Transaction

    init(base: AnyLocation<Value>, transaction: Transaction) {
        self.base = base
        self.transaction = transaction
    }

    override var value: Value { base.value }

    override var dependency: AnyAttribute? { base.dependency }

    override func set(_ newValue: Value) {
        withTransaction(transaction) { base.set(newValue) }
    }

    override func isSame(as other: AnyLocation<Value>) -> Bool {
        guard let other = other as? TransactionLocation<Value> else { return false }
        return base.isSame(as: other.base)
    }
}

extension Binding {
    /// The same binding, whose writes are animated with `animation` (as inside
    /// ``withAnimation(_:_:)``): `Toggle("Details", isOn: $showsDetails.animation())`.
    public func animation(_ animation: Animation? = .default) -> Binding<Value> {
        transaction(Transaction(animation: animation))
    }

    /// The same binding, whose writes are made inside `transaction`.
    public func transaction(_ transaction: Transaction) -> Binding<Value> {
        var binding = self
        binding.transaction = transaction
        return binding
    }

    /// The transaction the binding's writes are made in (an empty one unless set with
    /// ``transaction(_:)`` or ``animation(_:)``).
    public var transaction: Transaction {
        get { (location as? TransactionLocation<Value>)?.transaction ?? Transaction() }
        set {
            let base = (location as? TransactionLocation<Value>)?.base ?? location
            self = Binding(location: TransactionLocation(base: base, transaction: newValue))
        }
    }
}
