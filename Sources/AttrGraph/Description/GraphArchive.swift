/// A graph archive in AttributeGraph's JSON layout (`"version": 2`), as written by
/// ``Graph/archiveJSON(name:)`` and by AttributeGraph's `AGGraphArchiveJSON`, and read by agdump.
///
/// `src`, `dst` and `type` are array indices; a node's `id` is its attribute id. Keys this
/// model does not know are kept in `extra` so that nothing is lost when an archive is
/// normalised. AttrGraph adds `attrgraph_cycle` to a graph that recorded a cycle (readers that
/// do not know it ignore it).
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
        package var subgraphs: [Subgraph]
        package var transactionCount: Int?
        package var updateCount: Int?
        package var changeCount: Int?
        package var cycle: CycleRecord?
        package var extra: JSONObject

        package init(
            id: Int, counters: JSONObject = JSONObject(), types: [TypeEntry] = [], nodes: [Node] = [],
            edges: [Edge] = [], subgraphs: [Subgraph] = [], transactionCount: Int? = nil,
            updateCount: Int? = nil, changeCount: Int? = nil, cycle: CycleRecord? = nil,
            extra: JSONObject = JSONObject()
        ) {
            self.id = id
            self.counters = counters
            self.types = types
            self.nodes = nodes
            self.edges = edges
            self.subgraphs = subgraphs
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
        /// Index into the graph's `types`.
        package var type: Int
        /// The attribute id.
        package var id: UInt32
        package var desc: String?
        package var value: String?
        /// Value-state bits (``ValueState``).
        package var flags: Int?
        package var subgraphFlags: Int?
        /// Set for indirect (alias) nodes: AttrGraph's addition.
        package var indirect: Indirect?
        package var extra: JSONObject

        package init(
            type: Int, id: UInt32, desc: String? = nil, value: String? = nil, flags: Int? = nil,
            subgraphFlags: Int? = nil, indirect: Indirect? = nil, extra: JSONObject = JSONObject()
        ) {
            self.type = type
            self.id = id
            self.desc = desc
            self.value = value
            self.flags = flags
            self.subgraphFlags = subgraphFlags
            self.indirect = indirect
            self.extra = extra
        }

        package var isDirty: Bool { (flags ?? 0) & Int(ValueState.dirty.rawValue) != 0 }
        package var isUpdating: Bool { (flags ?? 0) & Int(ValueState.updating.rawValue) != 0 }
        /// AttributeGraph archives written without flags are taken to have values.
        package var hasValue: Bool { flags.map { $0 & Int(ValueState.valueExists.rawValue) != 0 } ?? true }
    }

    package struct Indirect: Equatable, Sendable {
        package var offset: Int
        package var dependency: UInt32?

        package init(offset: Int, dependency: UInt32?) {
            self.offset = offset
            self.dependency = dependency
        }
    }

    package struct Edge: Equatable, Sendable {
        /// Index of the input node in `nodes`.
        package var src: Int
        /// Index of the consumer node in `nodes`.
        package var dst: Int
        /// Edge bits: always-enabled 4, changed 8, enabled 16, unprefetched 1.
        package var flags: Int?
        package var extra: JSONObject

        package init(src: Int, dst: Int, flags: Int? = nil, extra: JSONObject = JSONObject()) {
            self.src = src
            self.dst = dst
            self.flags = flags
            self.extra = extra
        }

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

// MARK: - JSON conversion

extension GraphArchive {
    /// Reads an archive from parsed JSON, checking its shape and every index.
    package init(json: JSONValue) throws(ArchiveError) {
        guard let root = json.objectValue else {
            throw .notAnArchive(path: "", reason: "the top level is \(json.kindName), expected an object with \"version\" and \"graphs\"")
        }
        guard let versionValue = root["version"] else {
            throw .notAnArchive(path: "", reason: "there is no \"version\" key (expected \"version\": 2)")
        }
        guard let version = versionValue.intValue else {
            throw .notAnArchive(path: "version", reason: "expected a number, found \(versionValue.kindName)")
        }
        guard version == GraphArchive.supportedVersion else { throw .unsupportedVersion(version) }
        guard let graphsValue = root["graphs"] else {
            throw .notAnArchive(path: "", reason: "there is no \"graphs\" key")
        }
        guard let graphsArray = graphsValue.arrayValue else {
            throw .notAnArchive(path: "graphs", reason: "expected an array, found \(graphsValue.kindName)")
        }
        var graphs: [Graph] = []
        for (index, value) in graphsArray.enumerated() {
            graphs.append(try Graph(json: value, path: "graphs[\(index)]"))
        }
        var extra = root
        extra["version"] = nil
        extra["graphs"] = nil
        self.init(version: version, graphs: graphs, extra: extra)
    }

    package var json: JSONValue {
        var object = extra
        object["version"] = .int(version)
        object["graphs"] = .array(graphs.map(\.json))
        return .object(object)
    }
}

/// Field readers that name the offending path.
private struct _Fields {
    let object: JSONObject
    let path: String

    init(_ value: JSONValue, path: String) throws(ArchiveError) {
        guard let object = value.objectValue else {
            throw .notAnArchive(path: path, reason: "expected an object, found \(value.kindName)")
        }
        self.object = object
        self.path = path
    }

    func int(_ key: String) throws(ArchiveError) -> Int {
        guard let value = object[key] else { throw .notAnArchive(path: path, reason: "missing \"\(key)\"") }
        guard let int = value.intValue else {
            throw .notAnArchive(path: "\(path).\(key)", reason: "expected a number, found \(value.kindName)")
        }
        return int
    }

    func optionalInt(_ key: String) throws(ArchiveError) -> Int? {
        guard let value = object[key], value != .null else { return nil }
        guard let int = value.intValue else {
            throw .notAnArchive(path: "\(path).\(key)", reason: "expected a number, found \(value.kindName)")
        }
        return int
    }

    func optionalString(_ key: String) throws(ArchiveError) -> String? {
        guard let value = object[key], value != .null else { return nil }
        if let string = value.stringValue { return string }
        if let int = value.intValue { return String(int) }
        throw .notAnArchive(path: "\(path).\(key)", reason: "expected a string, found \(value.kindName)")
    }

    func array(_ key: String) throws(ArchiveError) -> [JSONValue] {
        guard let value = object[key], value != .null else { return [] }
        guard let array = value.arrayValue else {
            throw .notAnArchive(path: "\(path).\(key)", reason: "expected an array, found \(value.kindName)")
        }
        return array
    }

    /// Integer elements of an array; elements that are objects (cross-graph references in
    /// AttributeGraph archives) are skipped.
    func intArray(_ key: String) throws(ArchiveError) -> [Int] {
        var result: [Int] = []
        for (index, element) in try array(key).enumerated() {
            if let int = element.intValue {
                result.append(int)
            } else if element.objectValue == nil {
                throw .notAnArchive(path: "\(path).\(key)[\(index)]", reason: "expected a number, found \(element.kindName)")
            }
        }
        return result
    }

    func extra(excluding keys: Set<String>) -> JSONObject {
        JSONObject(object.members.filter { !keys.contains($0.key) })
    }
}

extension GraphArchive.Graph {
    private static let knownKeys: Set<String> = [
        "id", "counters", "types", "nodes", "edges", "subgraphs", "transaction_count", "update_count",
        "change_count", "attrgraph_cycle",
    ]

    init(json: JSONValue, path: String) throws(ArchiveError) {
        let fields = try _Fields(json, path: path)
        let id = try fields.optionalInt("id") ?? 0
        var counters = JSONObject()
        if let value = fields.object["counters"] {
            guard let object = value.objectValue else {
                throw .notAnArchive(path: "\(path).counters", reason: "expected an object, found \(value.kindName)")
            }
            counters = object
        }
        var types: [GraphArchive.TypeEntry] = []
        for (index, value) in try fields.array("types").enumerated() {
            let typeFields = try _Fields(value, path: "\(path).types[\(index)]")
            types.append(
                GraphArchive.TypeEntry(
                    id: try typeFields.optionalInt("id") ?? index,
                    name: try typeFields.optionalString("name") ?? "?",
                    value: try typeFields.optionalString("value") ?? "?",
                    size: try typeFields.optionalInt("size"), flags: try typeFields.optionalInt("flags"),
                    extra: typeFields.extra(excluding: ["id", "name", "value", "size", "flags"])))
        }
        var nodes: [GraphArchive.Node] = []
        for (index, value) in try fields.array("nodes").enumerated() {
            let nodePath = "\(path).nodes[\(index)]"
            let nodeFields = try _Fields(value, path: nodePath)
            let type = try nodeFields.int("type")
            guard type >= 0 && type < types.count else {
                throw .danglingIndex(path: "\(nodePath).type", index: type, count: types.count, array: "types")
            }
            let id = try nodeFields.int("id")
            guard id >= 0 && id <= Int(UInt32.max) else {
                throw .notAnArchive(path: "\(nodePath).id", reason: "\(id) is not an attribute id")
            }
            var indirect: GraphArchive.Indirect?
            if let indirectValue = nodeFields.object["indirect"], indirectValue != .null {
                let indirectFields = try _Fields(indirectValue, path: "\(nodePath).indirect")
                indirect = GraphArchive.Indirect(
                    offset: try indirectFields.optionalInt("offset") ?? 0,
                    dependency: try indirectFields.optionalInt("dependency").map { UInt32(truncatingIfNeeded: $0) })
            }
            nodes.append(
                GraphArchive.Node(
                    type: type, id: UInt32(id), desc: try nodeFields.optionalString("desc"),
                    value: try nodeFields.optionalString("value"), flags: try nodeFields.optionalInt("flags"),
                    subgraphFlags: try nodeFields.optionalInt("subgraph_flags"), indirect: indirect,
                    extra: nodeFields.extra(excluding: ["type", "id", "desc", "value", "flags", "subgraph_flags", "indirect"])))
        }
        var edges: [GraphArchive.Edge] = []
        for (index, value) in try fields.array("edges").enumerated() {
            let edgePath = "\(path).edges[\(index)]"
            let edgeFields = try _Fields(value, path: edgePath)
            let src = try edgeFields.int("src")
            let dst = try edgeFields.int("dst")
            for (key, nodeIndex) in [("src", src), ("dst", dst)] where nodeIndex < 0 || nodeIndex >= nodes.count {
                throw .danglingIndex(path: "\(edgePath).\(key)", index: nodeIndex, count: nodes.count, array: "nodes")
            }
            edges.append(
                GraphArchive.Edge(
                    src: src, dst: dst, flags: try edgeFields.optionalInt("flags"),
                    extra: edgeFields.extra(excluding: ["src", "dst", "flags"])))
        }
        var subgraphs: [GraphArchive.Subgraph] = []
        let subgraphValues = try fields.array("subgraphs")
        for (index, value) in subgraphValues.enumerated() {
            let subgraphPath = "\(path).subgraphs[\(index)]"
            let subgraphFields = try _Fields(value, path: subgraphPath)
            let memberNodes = try subgraphFields.intArray("nodes")
            for (position, nodeIndex) in memberNodes.enumerated() where nodeIndex < 0 || nodeIndex >= nodes.count {
                throw .danglingIndex(path: "\(subgraphPath).nodes[\(position)]", index: nodeIndex, count: nodes.count, array: "nodes")
            }
            let parents = try subgraphFields.intArray("parents")
            let children = try subgraphFields.intArray("children")
            for (key, list) in [("parents", parents), ("children", children)] {
                for (position, subgraphIndex) in list.enumerated()
                where subgraphIndex < 0 || subgraphIndex >= subgraphValues.count {
                    throw .danglingIndex(
                        path: "\(subgraphPath).\(key)[\(position)]", index: subgraphIndex, count: subgraphValues.count,
                        array: "subgraphs")
                }
            }
            subgraphs.append(
                GraphArchive.Subgraph(
                    id: try subgraphFields.optionalInt("id") ?? index,
                    contextID: try subgraphFields.optionalInt("context_id") ?? 0,
                    invalid: subgraphFields.object["invalid"]?.boolValue ?? false, parents: parents, children: children,
                    nodes: memberNodes,
                    extra: subgraphFields.extra(excluding: ["id", "context_id", "invalid", "parents", "children", "nodes"])))
        }
        var cycle: CycleRecord?
        if let cycleValue = fields.object["attrgraph_cycle"], cycleValue != .null {
            let cycleFields = try _Fields(cycleValue, path: "\(path).attrgraph_cycle")
            cycle = CycleRecord(
                attribute: UInt32(truncatingIfNeeded: try cycleFields.int("attribute")),
                path: try cycleFields.intArray("path").map { UInt32(truncatingIfNeeded: $0) },
                cause: try cycleFields.optionalString("cause"))
        }
        self.init(
            id: id, counters: counters, types: types, nodes: nodes, edges: edges, subgraphs: subgraphs,
            transactionCount: try fields.optionalInt("transaction_count"), updateCount: try fields.optionalInt("update_count"),
            changeCount: try fields.optionalInt("change_count"), cycle: cycle,
            extra: fields.extra(excluding: Self.knownKeys))
    }

    var json: JSONValue {
        var object = extra
        object["id"] = .int(id)
        object["counters"] = .object(counters)
        object["types"] = .array(
            types.map { type in
                var entry = type.extra
                entry["id"] = .int(type.id)
                entry["name"] = .string(type.name)
                entry["value"] = .string(type.value)
                if let size = type.size { entry["size"] = .int(size) }
                if let flags = type.flags { entry["flags"] = .int(flags) }
                return .object(entry)
            })
        object["nodes"] = .array(
            nodes.map { node in
                var entry = node.extra
                entry["type"] = .int(node.type)
                entry["id"] = .int(Int(node.id))
                if let desc = node.desc { entry["desc"] = .string(desc) }
                if let value = node.value { entry["value"] = .string(value) }
                if let flags = node.flags, flags != 0 { entry["flags"] = .int(flags) }
                if let flags = node.subgraphFlags, flags != 0 { entry["subgraph_flags"] = .int(flags) }
                if let indirect = node.indirect {
                    var indirectEntry = JSONObject([("offset", .int(indirect.offset))])
                    if let dependency = indirect.dependency { indirectEntry["dependency"] = .int(Int(dependency)) }
                    entry["indirect"] = .object(indirectEntry)
                }
                return .object(entry)
            })
        object["edges"] = .array(
            edges.map { edge in
                var entry = edge.extra
                entry["src"] = .int(edge.src)
                entry["dst"] = .int(edge.dst)
                if let flags = edge.flags, flags != 0 { entry["flags"] = .int(flags) }
                return .object(entry)
            })
        object["subgraphs"] = .array(
            subgraphs.map { subgraph in
                var entry = subgraph.extra
                entry["id"] = .int(subgraph.id)
                entry["context_id"] = .int(subgraph.contextID)
                if subgraph.invalid { entry["invalid"] = .bool(true) }
                if !subgraph.parents.isEmpty { entry["parents"] = .array(subgraph.parents.map { .int($0) }) }
                if !subgraph.children.isEmpty { entry["children"] = .array(subgraph.children.map { .int($0) }) }
                if !subgraph.nodes.isEmpty { entry["nodes"] = .array(subgraph.nodes.map { .int($0) }) }
                return .object(entry)
            })
        if let transactionCount { object["transaction_count"] = .int(transactionCount) }
        if let updateCount { object["update_count"] = .int(updateCount) }
        if let changeCount { object["change_count"] = .int(changeCount) }
        if let cycle {
            var entry = JSONObject([
                ("attribute", .int(Int(cycle.attribute))), ("path", .array(cycle.path.map { .int(Int($0)) })),
            ])
            if let cause = cycle.cause { entry["cause"] = .string(cause) }
            object["attrgraph_cycle"] = .object(entry)
        }
        return .object(object)
    }
}
