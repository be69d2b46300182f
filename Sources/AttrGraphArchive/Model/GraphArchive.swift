/// A graph archive in AttributeGraph's JSON layout (`"version": 2`), as written by
/// ``Graph/archiveJSON(name:)`` and by AttributeGraph's `AGGraphArchiveJSON`, and read by agdump
/// (the reader lives with agdump, in `ArchiveReader`; the engine only writes archives).
///
/// `src`, `dst` and `type` are array indices; a node's `id` is its attribute id. Keys this
/// model does not know are kept (`extra`) so that nothing is lost when an archive is
/// normalised. AttrGraph adds `attrgraph_cycle` to a graph that recorded a cycle (readers that
/// do not know it ignore it).
///
/// The model is compact — nodes are 64-odd bytes, edges 12 — because agdump holds archives of a
/// million nodes in memory: 32-bit fields, optional integers stored with a sentinel, and the
/// rare unknown keys of edges in a side table.
package struct GraphArchive: Equatable, Sendable {
    package static let supportedVersion = 2

    package var version: Int
    package var graphs: [Graph]
    package var extra: JSONObject

    package init(version: Int = GraphArchive.supportedVersion, graphs: [Graph], extra: JSONObject = JSONObject()) {
        self.version = version
        self.graphs = graphs
        self.extra = extra
    }

    package struct Graph: Equatable, Sendable {
        package var id: Int
        package var counters: JSONObject
        package var types: [TypeEntry]
        package var nodes: [Node]
        package var edges: [Edge]
        /// Unknown keys of edges, by edge index (rare: AttrGraph and AttributeGraph write none).
        package var edgeExtras: [Int: JSONObject]
        package var subgraphs: [Subgraph]
        /// Recorded subgraph trees (``Subgraph/shouldRecordTree``), elements in preorder.
        /// The recorded trees; `nil` when the archive has no `"trees"` key (kept apart from an
        /// empty list so that `--json` writes back what it read).
        package var recordedTrees: [TreeElement]?
        /// ``recordedTrees``, empty when absent; setting it makes the key present.
        package var trees: [TreeElement] {
            get { recordedTrees ?? [] }
            set { recordedTrees = newValue }
        }
        package var transactionCount: Int?
        package var updateCount: Int?
        package var changeCount: Int?
        package var cycle: CycleRecord?
        package var extra: JSONObject

        package init(
            id: Int, counters: JSONObject = JSONObject(), types: [TypeEntry] = [], nodes: [Node] = [],
            edges: [Edge] = [], edgeExtras: [Int: JSONObject] = [:], subgraphs: [Subgraph] = [],
            trees: [TreeElement]? = nil, transactionCount: Int? = nil, updateCount: Int? = nil, changeCount: Int? = nil, cycle: CycleRecord? = nil,
            extra: JSONObject = JSONObject()
        ) {
            self.id = id
            self.counters = counters
            self.types = types
            self.nodes = nodes
            self.edges = edges
            self.edgeExtras = edgeExtras
            self.subgraphs = subgraphs
            self.recordedTrees = trees
            self.transactionCount = transactionCount
            self.updateCount = updateCount
            self.changeCount = changeCount
            self.cycle = cycle
            self.extra = extra
        }
    }

    package struct TypeEntry: Equatable, Sendable {
        package var id: Int
        /// The body type's name.
        package var name: String
        /// The value type's name.
        package var value: String
        package var size: Int?
        package var flags: Int?
        package var extra: JSONObject

        package init(id: Int, name: String, value: String, size: Int? = nil, flags: Int? = nil, extra: JSONObject = JSONObject()) {
            self.id = id
            self.name = name
            self.value = value
            self.size = size
            self.flags = flags
            self.extra = extra
        }
    }

    package struct Node: Equatable, Sendable {
        private var typeIndex: Int32
        /// The attribute id.
        package var id: UInt32
        /// `flags`, or `Int32.min` when the archive has none.
        private var storedFlags: Int32
        /// `subgraph_flags`, or -1 when the archive has none.
        private var storedSubgraphFlags: Int16
        package var desc: String?
        package var value: String?
        /// Set for indirect (alias) nodes: AttrGraph's addition.
        package var indirect: Indirect?
        package var extra: JSONObject

        package init(
            type: Int, id: UInt32, desc: String? = nil, value: String? = nil, flags: Int? = nil,
            subgraphFlags: Int? = nil, indirect: Indirect? = nil, extra: JSONObject = JSONObject()
        ) {
            typeIndex = Int32(truncatingIfNeeded: type)
            self.id = id
            storedFlags = flags.map { Int32(truncatingIfNeeded: $0) } ?? Int32.min
            storedSubgraphFlags = subgraphFlags.map { Int16(truncatingIfNeeded: $0 & 0x7FFF) } ?? -1
            self.desc = desc
            self.value = value
            self.indirect = indirect
            self.extra = extra
        }

        /// Index into the graph's `types`.
        package var type: Int {
            get { Int(typeIndex) }
            set { typeIndex = Int32(truncatingIfNeeded: newValue) }
        }

        /// Value-state bits (AttributeGraph's `AGValueState`: ``ValueBits``), when the archive records them.
        package var flags: Int? {
            get { storedFlags == Int32.min ? nil : Int(storedFlags) }
            set { storedFlags = newValue.map { Int32(truncatingIfNeeded: $0) } ?? Int32.min }
        }

        package var subgraphFlags: Int? {
            get { storedSubgraphFlags < 0 ? nil : Int(storedSubgraphFlags) }
            set { storedSubgraphFlags = newValue.map { Int16(truncatingIfNeeded: $0 & 0x7FFF) } ?? -1 }
        }

        package var isDirty: Bool { (flags ?? 0) & ValueBits.dirty != 0 }
        package var isUpdating: Bool { (flags ?? 0) & ValueBits.updating != 0 }
        /// AttributeGraph archives written without flags are taken to have values.
        package var hasValue: Bool { flags.map { $0 & ValueBits.valueExists != 0 } ?? true }
    }

    package struct Indirect: Equatable, Sendable {
        private var storedOffset: Int32
        /// The dependency's attribute id, or 0 for none.
        private var storedDependency: UInt32

        package init(offset: Int, dependency: UInt32?) {
            storedOffset = Int32(truncatingIfNeeded: offset)
            storedDependency = dependency ?? 0
        }

        package var offset: Int { Int(storedOffset) }
        package var dependency: UInt32? { storedDependency == 0 ? nil : storedDependency }
    }

    package struct Edge: Equatable, Sendable {
        private var source: Int32
        private var destination: Int32
        /// `flags`, or `Int32.min` when the archive has none.
        private var storedFlags: Int32

        package init(src: Int, dst: Int, flags: Int? = nil) {
            source = Int32(truncatingIfNeeded: src)
            destination = Int32(truncatingIfNeeded: dst)
            storedFlags = flags.map { Int32(truncatingIfNeeded: $0) } ?? Int32.min
        }

        /// Index of the input node in `nodes`.
        package var src: Int { Int(source) }
        /// Index of the consumer node in `nodes`.
        package var dst: Int { Int(destination) }
        /// Edge bits: always-enabled 4, changed 8, enabled 16, unprefetched 1.
        package var flags: Int? { storedFlags == Int32.min ? nil : Int(storedFlags) }

        package var isChanged: Bool { (flags ?? 0) & 8 != 0 }
    }

    package struct Subgraph: Equatable, Sendable {
        package var id: Int
        package var contextID: Int
        package var invalid: Bool
        /// Indices into the graph's `subgraphs`.
        package var parents: [Int]
        package var children: [Int]
        /// Indices into the graph's `nodes`.
        package var nodes: [Int]
        package var extra: JSONObject

        package init(
            id: Int, contextID: Int, invalid: Bool = false, parents: [Int] = [], children: [Int] = [],
            nodes: [Int] = [], extra: JSONObject = JSONObject()
        ) {
            self.id = id
            self.contextID = contextID
            self.invalid = invalid
            self.parents = parents
            self.children = children
            self.nodes = nodes
            self.extra = extra
        }
    }
}

extension GraphArchive {
    /// An element of a recorded subgraph tree (AttributeGraph's `trees` entries).
    package struct TreeElement: Equatable, Sendable {
        /// Index into `nodes` of the attribute holding the element's value (for a root: the
        /// attribute its subgraph hangs under, if any).
        package var node: Int?
        /// Where the value lies in that attribute's value, in bytes.
        package var offset: Int?
        /// The value's type.
        package var desc: String?
        /// The root of a subgraph's tree.
        package var root: Bool
        package var flags: Int?
        /// Indices into `trees`.
        package var children: [Int]
        /// Indices into `nodes`: attributes created while the element was open.
        package var nodes: [Int]
        /// Keyed values, in the order they were added.
        package var values: [Value]
        /// For a root: the index in `trees` of the element its subgraph hangs under (AttrGraph's
        /// addition, `owner`).
        package var owner: Int?
        package var extra: JSONObject

        package struct Value: Equatable, Sendable {
            package var key: String
            /// Index into `nodes`.
            package var node: Int
            package var offset: Int?

            package init(key: String, node: Int, offset: Int? = nil) {
                self.key = key
                self.node = node
                self.offset = offset
            }
        }

        package init(
            node: Int? = nil, offset: Int? = nil, desc: String? = nil, root: Bool = false, flags: Int? = nil,
            children: [Int] = [], nodes: [Int] = [], values: [Value] = [], owner: Int? = nil,
            extra: JSONObject = JSONObject()
        ) {
            self.node = node
            self.offset = offset
            self.desc = desc
            self.root = root
            self.flags = flags
            self.children = children
            self.nodes = nodes
            self.values = values
            self.owner = owner
            self.extra = extra
        }
    }
}

// MARK: - Errors

/// Why a JSON document is not a usable archive.
package enum ArchiveError: Error, Equatable, CustomStringConvertible {
    /// Valid JSON, but not an archive (wrong shape); `path` says where, e.g. `graphs[0].nodes[3].id`.
    case notAnArchive(path: String, reason: String)
    /// An archive of a version this reader does not know.
    case unsupportedVersion(Int)
    /// An index that points past the array it indexes.
    case danglingIndex(path: String, index: Int, count: Int, array: String)

    package var description: String {
        switch self {
        case .notAnArchive(let path, let reason):
            return path.isEmpty ? "not a graph archive: \(reason)" : "not a graph archive: \(path): \(reason)"
        case .unsupportedVersion(let version):
            return "unsupported archive version \(version) (this reader understands version \(GraphArchive.supportedVersion))"
        case .danglingIndex(let path, let index, let count, let array):
            return "\(path) refers to \(array) index \(index), but the graph has only \(count) \(array)"
        }
    }
}

/// The value-state bits a node's `flags` carry in an archive (AttributeGraph's `AGValueState`).
package enum ValueBits {
    package static let dirty = 1 << 0
    package static let pending = 1 << 1
    package static let updating = 1 << 2
    package static let valueExists = 1 << 3
}
