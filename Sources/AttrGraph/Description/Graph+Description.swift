import AttrGraphArchive
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The keys of AttributeGraph's description options dictionary.
public struct DescriptionOption: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// `"graph/dot"`, `"graph/dict"` or `"stack/text"`.
    public static let format = DescriptionOption(rawValue: "format")
    /// Bool: include attribute values.
    public static let includeValues = DescriptionOption(rawValue: "include-values")
    /// Int: characters before a description is cut with `…` (DOT 40, dict 1024 by default).
    public static let truncationLimit = DescriptionOption(rawValue: "truncation-limit")
    /// Int: frames of `stack/text`.
    public static let maxFrames = DescriptionOption(rawValue: "max-frames")
    /// A collection of attributes (or ids): only these appear in `graph/dot`.
    public static let attributeIDs = DescriptionOption(rawValue: "attribute-ids")
    /// Bool: also describe every other live graph (`graph/dict`).
    public static let allGraphs = DescriptionOption(rawValue: "all_graphs")
    /// Bool: group `graph/dot` nodes in one cluster per subgraph (AttrGraph's addition).
    public static let clusterSubgraphs = DescriptionOption(rawValue: "cluster-subgraphs")
}

/// Typed description options (the Swift-native counterpart of the options dictionary).
public struct GraphDescriptionOptions: Sendable {
    public enum Format: String, Sendable {
        case dot = "graph/dot"
        case dictionary = "graph/dict"
        case stack = "stack/text"
    }

    public var format: Format
    public var includeValues: Bool
    /// `nil` means the format's default (40 for DOT, 1024 for the dictionary).
    public var truncationLimit: Int?
    /// Only these attributes (DOT); `nil` for all.
    public var attributeIDs: Set<AnyAttribute>?
    public var clusterSubgraphs: Bool
    public var maxFrames: Int?
    public var rankdir: String?

    public init(
        format: Format, includeValues: Bool = false, truncationLimit: Int? = nil, attributeIDs: Set<AnyAttribute>? = nil,
        clusterSubgraphs: Bool = false, maxFrames: Int? = nil, rankdir: String? = nil
    ) {
        self.format = format
        self.includeValues = includeValues
        self.truncationLimit = truncationLimit
        self.attributeIDs = attributeIDs
        self.clusterSubgraphs = clusterSubgraphs
        self.maxFrames = maxFrames
        self.rankdir = rankdir
    }
}

extension Graph {
    public static let descriptionFormatDot = "graph/dot"
    public static let descriptionFormatDictionary = "graph/dict"
    public static let descriptionFormatStack = "stack/text"

    /// AttributeGraph's description entry point: `graph/dot` returns a DOT `String`,
    /// `graph/dict` a JSON-style `[String: AnyHashable]` archive (version 2; casts to `[String: Any]` too), `stack/text` the update
    /// stack as a `String` (`nil` when nothing is updating). Keys are ``DescriptionOption``s
    /// or their raw strings.
    ///
    /// Describing never records dependencies and never runs rules; values are shown as they
    /// are (possibly stale). Cost: O(attributes + edges).
    public static func description(_ graph: Graph?, options: [AnyHashable: Any]) -> Any? {
        // Keys may be `DescriptionOption`s or their raw strings (bridged or not).
        var byName: [String: Any] = [:]
        for (key, value) in options {
            if let option = key.base as? DescriptionOption {
                byName[option.rawValue] = value
            } else if let name = key.base as? String {
                byName[name] = value
            }
        }
        func option(_ key: DescriptionOption) -> Any? {
            byName[key.rawValue]
        }
        // As AttributeGraph: no format, no description.
        guard let formatName = option(.format) as? String,
            let format = GraphDescriptionOptions.Format(rawValue: formatName)
        else { return nil }
        var typed = GraphDescriptionOptions(format: format)
        typed.includeValues = (option(.includeValues) as? Bool) ?? false
        typed.truncationLimit = option(.truncationLimit) as? Int
        typed.maxFrames = option(.maxFrames) as? Int
        typed.clusterSubgraphs = (option(.clusterSubgraphs) as? Bool) ?? false
        if let ids = option(.attributeIDs) {
            if let attributes = ids as? [AnyAttribute] {
                typed.attributeIDs = Set(attributes)
            } else if let attributes = ids as? Set<AnyAttribute> {
                typed.attributeIDs = attributes
            } else if let numbers = ids as? [Int] {
                typed.attributeIDs = Set(numbers.map { AnyAttribute(rawValue: UInt32(truncatingIfNeeded: $0)) })
            } else if let numbers = ids as? Set<Int> {
                typed.attributeIDs = Set(numbers.map { AnyAttribute(rawValue: UInt32(truncatingIfNeeded: $0)) })
            }
        }
        let allGraphs = (option(.allGraphs) as? Bool) ?? false
        switch format {
        case .dot:
            return graph?.description(options: typed)
        case .stack:
            guard let graph, graph.isUpdating else { return nil }
            return graph.description(options: typed)
        case .dictionary:
            return dictionaryArchive(graph, options: typed, allGraphs: allGraphs).json.foundationObject.base
        }
    }

    /// The archive `graph/dict` describes: `graph`, and with `allGraphs` every other live graph
    /// (as AttributeGraph: with neither, no graph), with the described graphs' record memory as
    /// top-level `counters`. Each graph is held while it is described; graphs other threads are
    /// using meanwhile are left out. Callable from any thread (the debug server's included).
    static func dictionaryArchive(_ graph: Graph?, options typed: GraphDescriptionOptions, allGraphs: Bool) -> GraphArchive {
        let describe = { (storage: GraphStorage) in
            storage.archiveGraph(includeValues: typed.includeValues, truncationLimit: typed.truncationLimit ?? 1024)
        }
        var graphs = graph.map { [describe($0.storage)] } ?? []
        var bytes = graph.map { $0.storage.nodeBytes } ?? (0, 0)
        if allGraphs {
            GraphRegistry.forEachGraphHeldForArchiving { other in
                guard other !== graph?.storage else { return }
                graphs.append(describe(other))
                bytes = (bytes.0 + other.nodeBytes.0, bytes.1 + other.nodeBytes.1)
            }
        }
        // AttributeGraph's top-level counters: the memory of the described graphs' attribute
        // records, now and at most.
        let counters = JSONObject([("bytes", .int(bytes.0)), ("max_bytes", .int(bytes.1))])
        return GraphArchive(graphs: graphs, extra: JSONObject([("counters", .object(counters))]))
    }

    public static func description(_ graph: Graph?, options: NSDictionary) -> Any? {
        var converted: [AnyHashable: Any] = [:]
        for (key, value) in options {
            if let option = key as? DescriptionOption {
                converted[option.rawValue] = value
            } else if let name = key as? String {
                converted[name] = value
            }
        }
        return description(graph, options: converted)
    }

    /// This graph described in `options.format` as text: DOT, the archive JSON, or the update
    /// stack (empty when nothing is updating).
    public func description(options: GraphDescriptionOptions) -> String {
        switch options.format {
        case .dot:
            return storage.description(options: options, cycle: nil)
        case .dictionary:
            let graph = storage.archiveGraph(
                includeValues: options.includeValues, truncationLimit: options.truncationLimit ?? 1024)
            return GraphArchive(graphs: [graph]).jsonText(pretty: true)
        case .stack:
            return storage.stackDescription(maxFrames: options.maxFrames)
        }
    }

    /// AttributeGraph's `graph/dot` of this graph: the DOT text ``description(options:)`` gives.
    public func graphvizDescription(includeValues: Bool) -> String {
        var options = GraphDescriptionOptions(format: .dot)
        options.includeValues = includeValues
        return description(options: options)
    }

    /// Prints ``graphvizDescription(includeValues:)`` to the diagnostics stream.
    public func print(includeValues: Bool) {
        sink(graphvizDescription(includeValues: includeValues))
    }

    /// AttributeGraph's `stack/text` of the update running on this thread, at most `maxFrames`
    /// frames, innermost first; empty when no update runs.
    public static func stackDescription(maxFrames: Int) -> String {
        guard let state = ThreadLocal.context.pointee.updating else { return "" }
        return state.pointee.storage.stackDescription(maxFrames: maxFrames)
    }

    /// Prints ``stackDescription(maxFrames:)`` to the default diagnostics stream.
    public static func printStack(maxFrames: Int) {
        DiagnosticSink.default(stackDescription(maxFrames: maxFrames))
    }

    /// The archive of this graph (AttrGraph's typed form of `graph/dict`).
    package func archive(includeValues: Bool = true, truncationLimit: Int = 1024) -> GraphArchive {
        GraphArchive(graphs: [storage.archiveGraph(includeValues: includeValues, truncationLimit: truncationLimit)])
    }
}

extension GraphStorage {
    /// DOT for this graph (or the given attributes), with `cycle` highlighted.
    func description(options: GraphDescriptionOptions, cycle: CycleRecord?) -> String {
        var graph = archiveGraph(includeValues: options.includeValues, truncationLimit: 1024)
        graph.cycle = cycle
        let renderer = DOTRenderer(
            options: DOTRenderer.Options(
                includeValues: options.includeValues, truncationLimit: options.truncationLimit ?? 40,
                attributeIDs: options.attributeIDs.map { Set($0.map(\.rawValue)) },
                clusterSubgraphs: options.clusterSubgraphs, rankdir: options.rankdir))
        return renderer.render(graph)
    }

    /// AttributeGraph's `stack/text`: one line a frame, innermost first, and the inputs of the
    /// innermost frame.
    func stackDescription(maxFrames: Int?) -> String {
        let engine = self.engine
        var text = ""
        var count = 0
        for (_, _, frame) in engine.stackFrames() {
            let record = engine.type(engine.node(frame.node))
            text += "  #\(count): \(engine.attribute(frame.node).rawValue) \(_shortTypeName(record.pointee.bodyType)) -> \(_shortTypeName(record.pointee.valueType))\n"
            let inputs = engine.node(frame.node).inputs
            if count == 0 && inputs.count > 0 {
                text += "  -- inputs:\n"
                for edge in inputs {
                    text += "    \(engine.rawID(edge.input))"
                    if !engine.node(edge.input).pointee.flags.contains(.free) {
                        text += " " + engine.typeSignature(edge.input)
                    }
                    if edge.flags.contains(.changed) { text += ", changed" }
                    if edge.flags.contains(.alwaysEnabled) { text += ", always-enabled" }
                    if edge.flags.contains(.unprefetched) { text += ", unprefetched" }
                    text += "\n"
                }
                text += "  --\n"
            }
            count += 1
            if let maxFrames, count >= maxFrames { break }
        }
        return text
    }

    /// This storage as an archived graph: nodes in id order, types in first-use order.
    func archiveGraph(includeValues: Bool, truncationLimit: Int) -> GraphArchive.Graph {
        let engine = self.engine
        let state = self.state
        var nodeIndices: [UInt32] = []
        for index in 1..<state.pointee.highWater where !engine.node(index).pointee.flags.contains(.free) {
            nodeIndices.append(index)
        }
        var arrayIndexOfNode: [UInt32: Int] = [:]
        for (position, index) in nodeIndices.enumerated() { arrayIndexOfNode[index] = position }
        var typeArrayIndex: [UInt32: Int] = [:]
        var types: [GraphArchive.TypeEntry] = []
        var nodes: [GraphArchive.Node] = []
        var edges: [GraphArchive.Edge] = []
        func clip(_ text: String) -> String {
            text.count > max(0, truncationLimit) ? String(text.prefix(max(0, truncationLimit))) + "…" : text
        }
        Graph.withoutUpdate {
            for index in nodeIndices {
                let node = engine.node(index)
                let record = engine.type(node)
                let typeIndex: Int
                if let existing = typeArrayIndex[node.pointee.typeIndex] {
                    typeIndex = existing
                } else {
                    typeIndex = types.count
                    typeArrayIndex[node.pointee.typeIndex] = typeIndex
                    types.append(
                        GraphArchive.TypeEntry(
                            id: Int(node.pointee.typeIndex),
                            name: record.pointee.isIndirect ? "IndirectAttribute" : clip(_shortTypeName(record.pointee.bodyType)),
                            value: record.pointee.isIndirect ? "" : clip(_shortTypeName(record.pointee.valueType)),
                            size: record.pointee.combinedSize, flags: Int(record.pointee.flags.rawValue)))
                }
                let body = node.pointee.body.unsafelyUnwrapped
                var flags = Int(node.pointee.flags.rawValue & NodeFlags.valueStateMask) & ~Int(ValueState.updating.rawValue)
                if node.pointee.updateCount > 0 { flags |= Int(ValueState.updating.rawValue) }
                var entry = GraphArchive.Node(
                    type: typeIndex, id: engine.rawID(index), flags: flags,
                    subgraphFlags: node.pointee.subgraphFlags == 0 ? nil : Int(node.pointee.subgraphFlags))
                if let indirect = engine.indirectRecord(index) {
                    entry.indirect = GraphArchive.Indirect(
                        offset: Int(indirect.pointee.offset),
                        dependency: indirect.pointee.dependency == .nil ? nil : indirect.pointee.dependency.rawValue)
                } else {
                    entry.desc = clip(record.pointee.vtable.describeBody(body))
                    if includeValues, node.pointee.flags.contains(.valueExists) {
                        entry.value = clip(record.pointee.vtable.describeValue(node.pointee.value.unsafelyUnwrapped))
                    }
                }
                nodes.append(entry)
                for edge in node.inputs {
                    guard let source = arrayIndexOfNode[edge.input] else { continue }
                    edges.append(
                        GraphArchive.Edge(
                            src: source, dst: arrayIndexOfNode[index]!, flags: Int(edge.flags.rawValue)))
                }
            }
        }
        let liveSubgraphs = allSubgraphs
        var subgraphArrayIndex: [ObjectIdentifier: Int] = [:]
        for (position, subgraph) in liveSubgraphs.enumerated() {
            subgraphArrayIndex[ObjectIdentifier(subgraph)] = position
        }
        let subgraphs = liveSubgraphs.map { subgraph in
            GraphArchive.Subgraph(
                id: Int(subgraph.subgraphID), contextID: Int(context(at: subgraph.contextIndex)?.contextID ?? 0),
                invalid: !subgraph.isValid,
                parents: (0..<subgraph.parentCount).compactMap { subgraphArrayIndex[ObjectIdentifier(subgraph.parent(at: $0))] },
                children: subgraph.children.compactMap { subgraphArrayIndex[ObjectIdentifier($0.subgraph)] },
                nodes: subgraph.nodes.compactMap { arrayIndexOfNode[$0] }.sorted())
        }
        let counters = state.pointee.counters
        let counterObject = JSONObject([
            ("nodes", .int(state.pointee.liveNodes)), ("created_nodes", .int(Int(counters.createdNodes))),
            ("max_nodes", .int(Int(state.pointee.highWater) - 1)),
            ("subgraphs", .int(liveSubgraphCount)), ("created_subgraphs", .int(Int(counters.createdSubgraphs))),
            ("max_subgraphs", .int(subgraphTableSize)),
            ("updates", .int(Int(counters.updates))), ("changes", .int(Int(counters.changes))),
            ("transactions", .int(Int(counters.transactions))),
        ])
        let trees = archiveTrees(of: liveSubgraphs, arrayIndexOfNode: arrayIndexOfNode, clip: clip)
        var extra = JSONObject()
        extra["attrgraph_profile"] = profileJSON()
        return GraphArchive.Graph(
            id: Int(graphID), counters: counterObject, types: types, nodes: nodes, edges: edges, subgraphs: subgraphs,
            trees: trees.isEmpty ? nil : trees, transactionCount: Int(counters.transactions), updateCount: Int(counters.updates),
            changeCount: Int(counters.changes), cycle: lastCycle, extra: extra)
    }
}

extension JSONValue {
    /// The value as property-list-style objects that cast the same way on Linux as on Darwin:
    /// objects are `[String: AnyHashable]`, arrays `[AnyHashable]`, numbers `NSNumber` (so
    /// `as? Int`, `as? UInt32` and `as? Double` all work), strings `String`, booleans `Bool`, null
    /// `NSNull`. The whole value also casts to `[String: Any]` and `NSArray`/`[Any]`, and is valid
    /// for `JSONSerialization`.
    package var foundationObject: AnyHashable {
        switch self {
        case .null: return AnyHashable(NSNull())
        case .bool(let value): return AnyHashable(value)
        case .int(let value): return AnyHashable(NSNumber(value: value))
        case .double(let value): return AnyHashable(NSNumber(value: value))
        case .string(let value): return AnyHashable(value)
        case .array(let values): return AnyHashable(values.map(\.foundationObject))
        case .object(let object):
            var dictionary: [String: AnyHashable] = [:]
            for member in object.members { dictionary[member.key] = member.value.foundationObject }
            return AnyHashable(dictionary)
        }
    }
}
