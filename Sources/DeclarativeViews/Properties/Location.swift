import AttrGraph

/// Where a ``Binding`` reads and writes its value. Subclasses: state storage, closures, a
/// constant, a key path into another location.
@usableFromInline
class AnyLocation<Value> {
    var value: Value {
        fatalError("DeclarativeViews: \(Self.self) must override value.")
    }

    func set(_ newValue: Value) {
        fatalError("DeclarativeViews: \(Self.self) must override set(_:).")
    }

    /// The state attribute the location reads, if it reads one (for `_printChanges()`).
    var dependency: AnyAttribute? { nil }

    /// Whether two locations are the same place (views holding bindings to the same place
    /// compare equal).
    func isSame(as other: AnyLocation<Value>) -> Bool {
        self === other
    }
}

/// A view's ``State`` storage: an input attribute in the view's subgraph (so a body reading it
/// depends on it), plus a copy of the value for reads outside any rule and after the view was
/// removed.
@usableFromInline
final class StateLocation<Value>: AnyLocation<Value> {
    let attribute: Attribute<Value>
    private var current: Value
    /// Whether the view's subgraph is valid; writes after it was invalidated are dropped.
    private let subgraph: SubgraphValidity
    private let host: HostHandle
    /// The property's name and the view it belongs to, for diagnostics.
    private let name: String
    private let owner: Any.Type

    init(_ value: Value, name: String, context: LinkContext) {
        current = value
        attribute = Attribute(value: value)
        subgraph = context.subgraph.validity
        host = context.host.handle
        self.name = name
        owner = context.owner
    }

    /// `Counter._count`.
    var qualifiedName: String { "\(_typeName(owner, qualified: false)).\(name)" }

    var isLive: Bool { subgraph.isValid }

    override var dependency: AnyAttribute? { attribute.identifier }

    override var value: Value {
        if AnyAttribute.current != nil, isLive {
            if let reader = attribute.identifier.foreignReader {
                return read(byRuleOfAnotherGraph: reader)
            }
            return attribute.value  // recorded as a dependency of the running rule
        }
        return current
    }

    /// Rules of other hosts' graphs that read this state since it was last set. A rule cannot
    /// depend on an attribute of a graph that does not share its storage (SwiftUI's hosts share
    /// one; each ``ViewHost`` has its own), so a write invalidates them instead, and they register
    /// again when they run and read it.
    private var foreignReaders: [AnyWeakAttribute] = []

    /// A read by a rule of another host's graph: the copy, and the rule is told of the next write.
    @inline(never)
    private func read(byRuleOfAnotherGraph reader: AnyAttribute) -> Value {
        if !foreignReaders.contains(where: { $0.attribute == reader }) {
            foreignReaders.removeAll { $0.attribute == nil }
            foreignReaders.append(AnyWeakAttribute(reader))
        }
        return current
    }

    override func set(_ newValue: Value) {
        current = newValue
        if !foreignReaders.isEmpty {
            let readers = foreignReaders
            foreignReaders.removeAll()
            for reader in readers { reader.attribute?.invalidateValue() }
        }
        guard isLive, let host = host.host else { return }
        if let transaction = Transaction.current { host.transactions.noteWrite(transaction) }
        if BodyEvaluation.current != nil {
            host.diagnostic("Modifying state during view update, this will cause undefined behavior.")
        }
        host.cycle.noteStateWrite(
            location: ObjectIdentifier(self), name: qualifiedName, value: String(describing: newValue))
        attribute.value = newValue
    }
}

/// A binding made of two closures.
final class FunctionLocation<Value>: AnyLocation<Value> {
    let getter: () -> Value
    let setter: (Value) -> Void

    init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        getter = get
        setter = set
    }

    override var value: Value { getter() }

    override func set(_ newValue: Value) { setter(newValue) }
}

/// A binding that never changes.
final class ConstantLocation<Value>: AnyLocation<Value> {
    let constant: Value

    init(_ value: Value) {
        constant = value
    }

    override var value: Value { constant }

    override func set(_ newValue: Value) {}
}

/// A binding to a part of another binding's value.
final class KeyPathLocation<Root, Value>: AnyLocation<Value> {
    let base: AnyLocation<Root>
    let keyPath: WritableKeyPath<Root, Value>

    init(base: AnyLocation<Root>, keyPath: WritableKeyPath<Root, Value>) {
        self.base = base
        self.keyPath = keyPath
    }

    override var value: Value { base.value[keyPath: keyPath] }

    override var dependency: AnyAttribute? { base.dependency }

    override func set(_ newValue: Value) {
        var root = base.value
        root[keyPath: keyPath] = newValue
        base.set(root)
    }

    override func isSame(as other: AnyLocation<Value>) -> Bool {
        guard let other = other as? KeyPathLocation<Root, Value> else { return false }
        return keyPath == other.keyPath && base.isSame(as: other.base)
    }
}

/// A binding to the element at a position of a bound collection (`$items[i]`). Once the
/// collection no longer has that position (a row about to go away), it reads the element it was
/// made with and ignores writes.
final class ElementLocation<Base: MutableCollection>: AnyLocation<Base.Element> {
    let base: AnyLocation<Base>
    let position: Base.Index
    private let last: Base.Element

    init(base: AnyLocation<Base>, position: Base.Index) {
        self.base = base
        self.position = position
        last = base.value[position]
    }

    override var value: Base.Element {
        let collection = base.value
        return collection.indices.contains(position) ? collection[position] : last
    }

    override var dependency: AnyAttribute? { base.dependency }

    override func set(_ newValue: Base.Element) {
        var collection = base.value
        guard collection.indices.contains(position) else { return }
        collection[position] = newValue
        base.set(collection)
    }

    override func isSame(as other: AnyLocation<Base.Element>) -> Bool {
        guard let other = other as? ElementLocation<Base> else { return false }
        return position == other.position && base.isSame(as: other.base)
    }
}

/// A binding to an optional's value, while it is not `nil`.
final class UnwrappedLocation<Value>: AnyLocation<Value> {
    let base: AnyLocation<Value?>
    private var last: Value

    init(base: AnyLocation<Value?>, value: Value) {
        self.base = base
        last = value
    }

    override var value: Value {
        if let value = base.value { last = value }
        return last
    }

    override var dependency: AnyAttribute? { base.dependency }

    override func set(_ newValue: Value) {
        last = newValue
        base.set(newValue)
    }

    override func isSame(as other: AnyLocation<Value>) -> Bool {
        guard let other = other as? UnwrappedLocation<Value> else { return false }
        return base.isSame(as: other.base)
    }
}
