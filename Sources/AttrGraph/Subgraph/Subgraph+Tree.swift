#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Tree recording (AttributeGraph's subgraph trees): while it is on, each subgraph keeps a tree
/// of *elements* — a view hierarchy, for DeclarativeViews — alongside its attributes. An element
/// names the attribute holding its value, keyed values (other attributes), its child elements,
/// and the attributes created while it was open. Descriptions (`graph/dict`), archives (`trees`)
/// and `agdump` show the trees next to the attribute graph.
///
///     Subgraph.setShouldRecordTree()                    // or AG_TREE=1
///     Subgraph.beginTreeElement(value: view, flags: 0)
///     Subgraph.addTreeValue(title, forKey: "title", flags: 0)
///     …                                                 // children: nested begin / end
///     Subgraph.endTreeElement(value: view)
///
/// The calls act on ``Subgraph/current`` (inside a rule, the running attribute's subgraph) and do
/// nothing when recording is off. Recording is for debugging: it costs a check per attribute
/// created when off, and memory per element when on.
extension Subgraph {
    /// Whether trees are recorded: `AG_TREE` is set to a non-zero number, or
    /// ``setShouldRecordTree()`` was called.
    public static var shouldRecordTree: Bool {
        TreeRecording.forced.load(ordering: .relaxed) || AGEnvironment.recordTree
    }

    /// Turns tree recording on for the rest of the process.
    public static func setShouldRecordTree() {
        TreeRecording.forced.store(true, ordering: .relaxed)
    }

    /// Opens an element for `value` (its type is `Value`) inside the element open now; elements
    /// and attributes created until ``endTreeElement(value:)`` belong to it.
    public static func beginTreeElement<Value>(value: Attribute<Value>, flags: UInt32) {
        _beginTreeElement(value: value.identifier, offset: 0, type: Value.self, flags: flags)
    }

    /// Adds `value` to the element open now, under `key` (later values with the same key are kept too).
    public static func addTreeValue<Value>(_ value: Attribute<Value>, forKey key: UnsafePointer<Int8>, flags: UInt32) {
        guard shouldRecordTree, let tree = treeForRecording() else { return }
        tree.addValue(value.identifier, type: Value.self, key: key, flags: flags)
    }

    /// Closes the element opened for `value` (and any element left open inside it).
    public static func endTreeElement<Value>(value: Attribute<Value>) {
        _endTreeElement(value: value.identifier)
    }

    /// ``beginTreeElement(value:flags:)`` for a value stored `offset` bytes into `value`'s
    /// attribute (the element's type is `type`).
    package static func _beginTreeElement(value: AnyAttribute, offset: Int, type: Any.Type, flags: UInt32) {
        guard shouldRecordTree, let tree = treeForRecording() else { return }
        tree.begin(value: value, offset: offset, type: type, flags: flags)
    }

    package static func _endTreeElement(value: AnyAttribute) {
        guard shouldRecordTree, let subgraph = recordingSubgraph(), let tree = subgraph.tree else { return }
        tree.end(value: value)
    }

    /// Hangs this subgraph's tree under the element that holds `owner` (an attribute of a parent
    /// subgraph, usually the rule that created this subgraph) in descriptions and agdump.
    ///
    /// As in AttributeGraph, the owner becomes the value of this subgraph's root element, and the
    /// root is listed among the ``TreeElement/children`` of the parent element that was open
    /// when `owner` was created.
    public func setTreeOwner(_ owner: AnyAttribute) {
        guard Subgraph.shouldRecordTree else { return }
        let tree = makeTreeIfNeeded()
        tree.owner = owner
        tree.explicitOwner = owner
    }

    /// The element being recorded in this subgraph — the root when no element is open — or `nil`
    /// when the subgraph records no tree (AttributeGraph's `treeRoot`).
    public var treeRoot: TreeElement? {
        tree.map { TreeElement(tree: $0, index: $0.current) }
    }

    /// The subgraph tree calls record into.
    private static func recordingSubgraph() -> Subgraph? {
        if let current = Subgraph.current { return current }
        guard let state = ThreadLocal.context.pointee.updating, state.pointee.current != 0 else { return nil }
        let engine = _Engine(state)
        return engine.storage.subgraph(at: engine.node(state.pointee.current).pointee.subgraph)
    }

    private static func treeForRecording() -> SubgraphTree? {
        guard let subgraph = recordingSubgraph(), subgraph.isValid else { return nil }
        let entered = subgraph.storage.engine.enter("recording a subgraph tree")
        defer { subgraph.storage.engine.leave(entered) }
        return subgraph.makeTreeIfNeeded()
    }

    func makeTreeIfNeeded() -> SubgraphTree {
        if let tree { return tree }
        let tree = SubgraphTree()
        tree.subgraph = self
        self.tree = tree
        return tree
    }
}

enum TreeRecording {
    /// Set by ``Subgraph/setShouldRecordTree()``.
    static let forced = Atomic<Bool>(false)
}

/// One subgraph's recorded tree. Element 0 is the root (no value).
final class SubgraphTree {
    struct Element {
        var value: AnyAttribute
        var offset: Int
        var type: Any.Type?
        var flags: UInt32
        /// -1 for the root.
        var parent: Int
        var children: [Int] = []
        var values: [Value] = []
        /// Attributes created in the subgraph while this element was open.
        var nodes: [AnyAttribute] = []
    }

    struct Value {
        var attribute: AnyAttribute
        var type: Any.Type
        /// A copy of the key, freed with the tree.
        var key: UnsafeMutablePointer<CChar>
        var flags: UInt32
    }

    var elements: [Element] = [Element(value: .nil, offset: 0, type: nil, flags: 0, parent: -1)]
    /// The open element.
    var current = 0
    /// The attribute this tree hangs under in descriptions and archives: the one given to
    /// ``Subgraph/setTreeOwner(_:)``, else the value of the element open in the parent
    /// subgraph when this one was created (AttrGraph's addition).
    var owner: AnyAttribute?
    /// The attribute given to ``Subgraph/setTreeOwner(_:)``: the root element's value, as in
    /// AttributeGraph.
    var explicitOwner: AnyAttribute?
    /// The subgraph whose tree this is (for the child subgraphs' roots).
    weak var subgraph: Subgraph?

    deinit {
        for element in elements {
            for value in element.values { free(value.key) }
        }
    }

    func begin(value: AnyAttribute, offset: Int, type: Any.Type, flags: UInt32) {
        let index = elements.count
        elements.append(Element(value: value, offset: offset, type: type, flags: flags, parent: current))
        elements[current].children.append(index)
        current = index
    }

    func end(value: AnyAttribute) {
        // Close up to the element opened for `value`; an `end` that matches nothing open is ignored.
        var index = current
        while index > 0 {
            if elements[index].value == value {
                current = elements[index].parent
                return
            }
            index = elements[index].parent
        }
    }

    func addValue(_ attribute: AnyAttribute, type: Any.Type, key: UnsafePointer<Int8>, flags: UInt32) {
        guard let copy = strdup(key) else { return }
        elements[current].values.append(Value(attribute: attribute, type: type, key: copy, flags: flags))
    }

    func recordNode(_ attribute: AnyAttribute) {
        elements[current].nodes.append(attribute)
    }
}

/// An element of a subgraph's recorded tree (AttributeGraph's `AGTreeElement`). Holding one keeps
/// its subgraph's tree alive, not its attributes.
public struct TreeElement: Hashable {
    let tree: SubgraphTree
    let index: Int

    public static func == (lhs: TreeElement, rhs: TreeElement) -> Bool { lhs.tree === rhs.tree && lhs.index == rhs.index }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(tree))
        hasher.combine(index)
    }

    private var element: SubgraphTree.Element { tree.elements[index] }

    /// The attribute holding the element's value; for a subgraph's root, its owner
    /// (``Subgraph/setTreeOwner(_:)``) or `nil`.
    public var value: AnyAttribute? {
        let value = index == 0 ? (tree.explicitOwner ?? .nil) : element.value
        return value == .nil ? nil : value
    }

    /// The type of the element's value; for a subgraph's root, which has none, the null
    /// metadata (``Metadata/isNull``), as AttributeGraph's `AGTreeElementGetType` returns.
    public var type: Metadata { element.type.map(Metadata.init) ?? .null }

    public var flags: UInt32 { element.flags }

    public var parent: TreeElement? {
        element.parent < 0 ? nil : TreeElement(tree: tree, index: element.parent)
    }

    /// The child elements, most recently begun first (AttributeGraph's order), then the roots of
    /// the subgraphs whose tree owner (``Subgraph/setTreeOwner(_:)``) is an attribute created
    /// while this element was open, most recently created subgraph first.
    public var children: Children { Children(element: self, remaining: element.children.count) }

    /// The keyed values, most recently added first.
    public var values: Values { Values(element: self, remaining: element.values.count) }

    /// The attributes created while the element was open, in creation order.
    public var nodes: Nodes { Nodes(element: self, position: 0) }

    public struct Children: IteratorProtocol, Sequence {
        let element: TreeElement
        var remaining: Int
        /// The child subgraphs' roots not visited yet, found once the element's own children are.
        var subgraphRoots: [TreeElement]?

        init(element: TreeElement, remaining: Int) {
            self.element = element
            self.remaining = remaining
        }

        public mutating func next() -> TreeElement? {
            if remaining > 0 {
                remaining -= 1
                return TreeElement(tree: element.tree, index: element.element.children[remaining])
            }
            if subgraphRoots == nil { subgraphRoots = element.ownedSubgraphRoots() }
            return subgraphRoots?.popLast()
        }
    }

    /// The roots of the live subgraphs owned by an attribute created while this element was
    /// open, in creation order.
    func ownedSubgraphRoots() -> [TreeElement] {
        let nodes = element.nodes
        guard !nodes.isEmpty, let subgraph = tree.subgraph else { return [] }
        var roots: [TreeElement] = []
        for candidate in subgraph.storage.allSubgraphs where candidate.isValid {
            guard let childTree = candidate.tree, childTree !== tree, let owner = childTree.explicitOwner,
                owner != .nil, nodes.contains(owner)
            else { continue }
            roots.append(TreeElement(tree: childTree, index: 0))
        }
        return roots
    }

    public struct Values: IteratorProtocol, Sequence {
        let element: TreeElement
        var remaining: Int
        public mutating func next() -> TreeValue? {
            guard remaining > 0 else { return nil }
            remaining -= 1
            return TreeValue(tree: element.tree, value: element.element.values[remaining])
        }
    }

    public struct Nodes: IteratorProtocol, Sequence {
        let element: TreeElement
        var position: Int
        public mutating func next() -> AnyAttribute? {
            let nodes = element.element.nodes
            guard position < nodes.count else { return nil }
            position += 1
            return nodes[position - 1]
        }
    }
}

/// A keyed value of a ``TreeElement`` (AttributeGraph's `AGTreeValue`).
public struct TreeValue {
    let tree: SubgraphTree
    let stored: SubgraphTree.Value

    init(tree: SubgraphTree, value: SubgraphTree.Value) {
        self.tree = tree
        stored = value
    }

    public var value: AnyAttribute { stored.attribute }
    public var type: Metadata { Metadata(stored.type) }
    /// The key, a C string that lives as long as the element's tree.
    public var key: UnsafePointer<CChar> { UnsafePointer(stored.key) }
    public var flags: UInt32 { stored.flags }
}
