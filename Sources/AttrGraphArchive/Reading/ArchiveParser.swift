
/// Reads a graph archive straight from JSON text into ``GraphArchive`` — no `JSONValue` tree in
/// between, so a million-node archive costs its model, not a tree ten times its size.
///
/// Every field is checked for its kind and range (an attribute id is a 32-bit number, flags fit
/// 32 bits, subgraph flags 8), every index against the array it indexes, and node ids for
/// duplicates; what is wrong is named by its path (`graphs[0].nodes[3].flags`) and position.
/// Keys the model does not know are kept as they are (`extra`). Descriptions and type names
/// that repeat are stored once.
struct ArchiveParser {
    var scanner: JSONScanner
    /// Long strings seen so far (short ones are stored inline by `String` anyway), keyed by
    /// their bytes: a description in NFD is never replaced by another node's NFC one.
    private var interned: [ExactText: String] = [:]

    init(bytes: UnsafeBufferPointer<UInt8>) {
        scanner = JSONScanner(bytes: bytes)
    }

    // MARK: Errors

    /// A shape error at `path`; below the top level it also gives the position in the text.
    func shape(_ path: String, _ reason: String, at offset: Int) -> ArchiveReadError {
        var reason = reason
        if !path.isEmpty {
            let (line, column) = scanner.location(of: offset)
            reason += " (line \(line), column \(column))"
        }
        return ArchiveReadError(.notAnArchive, ArchiveError.notAnArchive(path: path, reason: reason).description)
    }

    /// What kind of value starts at the scanner's position, for messages.
    mutating func kindName() -> String {
        switch scanner.peek() {
        case UInt8(ascii: "{"): return "an object"
        case UInt8(ascii: "["): return "an array"
        case UInt8(ascii: "\""): return "a string"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return "a boolean"
        case UInt8(ascii: "n"): return "null"
        case nil: return "the end of the input"
        default: return "a number"
        }
    }

    // MARK: Typed values

    /// An integer in `range` at `path`.
    mutating func int(_ path: @autoclosure () -> String, in range: ClosedRange<Int> = Int.min...Int.max)
        throws(ArchiveReadError) -> Int
    {
        let start = scanner.position
        guard let byte = scanner.peek(), byte == UInt8(ascii: "-") || byte &- UInt8(ascii: "0") < 10 else {
            throw shape(path(), "expected an integer, found \(kindName())", at: scanner.position)
        }
        switch try scanner.readNumber() {
        case .integer(let value) where range.contains(value):
            return value
        case .integer(let value):
            throw shape(path(), "\(value) is out of range (expected an integer from \(range.lowerBound) to \(range.upperBound))", at: start)
        case .other(let text):
            throw shape(path(), "expected an integer, found \(text)", at: start)
        }
    }

    /// A string; a number is taken as its text (AttributeGraph writes some values as numbers).
    mutating func string(_ path: @autoclosure () -> String) throws(ArchiveReadError) -> String {
        switch scanner.peek() {
        case UInt8(ascii: "\""):
            return intern(try scanner.readString())
        case let byte? where byte == UInt8(ascii: "-") || byte &- UInt8(ascii: "0") < 10:
            switch try scanner.readNumber() {
            case .integer(let value): return String(value)
            case .other(let text): return text
            }
        default:
            throw shape(path(), "expected a string, found \(kindName())", at: scanner.position)
        }
    }

    mutating func intern(_ string: String) -> String {
        guard string.utf8.count > 15 else { return string }
        if let existing = interned[ExactText(string)] { return existing }
        if interned.count < 1 << 16 { interned[ExactText(string)] = string }
        return string
    }

    /// Integers of an array; objects in it (AttributeGraph's references into other graphs) are skipped.
    mutating func intArray(_ path: @autoclosure () -> String, in range: ClosedRange<Int>) throws(ArchiveReadError) -> [Int] {
        var result: [Int] = []
        guard scanner.peek() == UInt8(ascii: "[") else {
            throw shape(path(), "expected an array, found \(kindName())", at: scanner.position)
        }
        guard try scanner.beginArray() else { return result }
        repeat {
            if scanner.peek() == UInt8(ascii: "{") {
                _ = try scanner.readValue()
            } else {
                result.append(try int("\(path())[\(result.count)]", in: range))
            }
        } while try scanner.nextElement()
        return result
    }

    /// Starts an object at `path`; `false` when it is empty.
    mutating func object(_ path: @autoclosure () -> String) throws(ArchiveReadError) -> Bool {
        guard scanner.peek() == UInt8(ascii: "{") else {
            throw shape(path(), "expected an object, found \(kindName())", at: scanner.position)
        }
        return try scanner.beginObject()
    }

    /// Starts an array at `path`; `false` when it is empty.
    mutating func array(_ path: @autoclosure () -> String) throws(ArchiveReadError) -> Bool {
        guard scanner.peek() == UInt8(ascii: "[") else {
            throw shape(path(), "expected an array, found \(kindName())", at: scanner.position)
        }
        return try scanner.beginArray()
    }

    /// Known keys of one object, for duplicate detection; unknown ones go through `extra`.
    struct Seen {
        var known: UInt32 = 0
        var unknown = SeenKeys()
    }

    /// Marks known key number `bit` seen; throws on a repeat.
    func mark(_ seen: inout Seen, _ bit: Int, _ span: KeySpan, at offset: Int) throws(ArchiveReadError) {
        if seen.known & (1 << bit) != 0 { throw scanner.duplicateKey(scanner.keyString(span), at: offset) }
        seen.known |= 1 << bit
    }

    /// Reads an unknown key's value into `extra`.
    mutating func keepUnknown(_ span: KeySpan, at offset: Int, in extra: inout JSONObject, seen: inout Seen)
        throws(ArchiveReadError)
    {
        let key = scanner.keyString(span)
        if !seen.unknown.insert(key) { throw scanner.duplicateKey(key, at: offset) }
        extra.members.append((key, try scanner.readValue()))
    }

    // MARK: The archive

    mutating func readArchive() throws(ArchiveReadError) -> GraphArchive {
        guard scanner.peek() == UInt8(ascii: "{") else {
            if scanner.peek() == nil { throw scanner.error("the input is empty (expected a graph archive)") }
            // Malformed JSON is reported as such, before its shape.
            let start = scanner.position
            _ = try scanner.readValue()
            try scanner.finish()
            scanner.position = start
            throw shape("", "the top level is \(kindName()), expected an object with \"version\" and \"graphs\"", at: start)
        }
        let objectStart = scanner.position
        var version: Int?
        var graphs: [GraphArchive.Graph]?
        var extra = JSONObject()
        var seen = Seen()
        if try scanner.beginObject() {
            repeat {
                let keyStart = scanner.position
                let key = try scanner.readKey()
                if scanner.key(key, is: "version") {
                    try mark(&seen, 0, key, at: keyStart)
                    version = try int("version")
                } else if scanner.key(key, is: "graphs") {
                    try mark(&seen, 1, key, at: keyStart)
                    do {
                        graphs = try readGraphs()
                    } catch {
                        // A graph that does not read may be a newer version's: say that instead.
                        if let other = findTopLevelVersion(from: objectStart), other != GraphArchive.supportedVersion {
                            throw ArchiveReadError(.unsupportedVersion, ArchiveError.unsupportedVersion(other).description)
                        }
                        throw error
                    }
                } else {
                    try keepUnknown(key, at: keyStart, in: &extra, seen: &seen)
                }
            } while try scanner.nextMember()
        }
        try scanner.finish()
        guard let version else {
            throw shape("", "there is no \"version\" key (expected \"version\": 2)", at: objectStart)
        }
        guard version == GraphArchive.supportedVersion else {
            throw ArchiveReadError(.unsupportedVersion, ArchiveError.unsupportedVersion(version).description)
        }
        guard let graphs else { throw shape("", "there is no \"graphs\" key", at: objectStart) }
        return GraphArchive(version: version, graphs: graphs, extra: extra)
    }

    /// The top-level `version`, found by skimming the whole object again (after an error).
    private func findTopLevelVersion(from start: Int) -> Int? {
        var skim = JSONScanner(bytes: scanner.bytes)
        skim.position = start
        guard (try? skim.beginObject()) == true else { return nil }
        while true {
            guard let key = try? skim.readKey() else { return nil }
            if skim.key(key, is: "version") {
                if case .integer(let version)? = try? skim.readNumber() { return version }
                return nil
            }
            guard (try? skim.readValue()) != nil, (try? skim.nextMember()) == true else { return nil }
        }
    }

    private mutating func readGraphs() throws(ArchiveReadError) -> [GraphArchive.Graph] {
        var graphs: [GraphArchive.Graph] = []
        guard try array("graphs") else { return graphs }
        repeat { graphs.append(try readGraph(graphs.count)) } while try scanner.nextElement()
        return graphs
    }

    // MARK: One graph

    private mutating func readGraph(_ g: Int) throws(ArchiveReadError) -> GraphArchive.Graph {
        let path = "graphs[\(g)]"
        var graph = GraphArchive.Graph(id: 0)
        var seen = Seen()
        let start = scanner.position
        guard try object(path) else { return graph }
        repeat {
            let keyStart = scanner.position
            let key = try scanner.readKey()
            if scanner.key(key, is: "nodes") {
                try mark(&seen, 0, key, at: keyStart)
                graph.nodes = try readNodes(g)
            } else if scanner.key(key, is: "edges") {
                try mark(&seen, 1, key, at: keyStart)
                (graph.edges, graph.edgeExtras) = try readEdges(g)
            } else if scanner.key(key, is: "types") {
                try mark(&seen, 2, key, at: keyStart)
                graph.types = try readTypes(g)
            } else if scanner.key(key, is: "subgraphs") {
                try mark(&seen, 3, key, at: keyStart)
                graph.subgraphs = try readSubgraphs(g)
            } else if scanner.key(key, is: "id") {
                try mark(&seen, 4, key, at: keyStart)
                graph.id = try int("\(path).id")
            } else if scanner.key(key, is: "counters") {
                try mark(&seen, 5, key, at: keyStart)
                let valueStart = scanner.position
                guard case .object(let counters) = try scanner.readValue() else {
                    scanner.position = valueStart
                    throw shape("\(path).counters", "expected an object, found \(kindName())", at: valueStart)
                }
                graph.counters = counters
            } else if scanner.key(key, is: "transaction_count") {
                try mark(&seen, 6, key, at: keyStart)
                graph.transactionCount = try scanner.readNull() ? nil : try int("\(path).transaction_count")
            } else if scanner.key(key, is: "update_count") {
                try mark(&seen, 7, key, at: keyStart)
                graph.updateCount = try scanner.readNull() ? nil : try int("\(path).update_count")
            } else if scanner.key(key, is: "change_count") {
                try mark(&seen, 8, key, at: keyStart)
                graph.changeCount = try scanner.readNull() ? nil : try int("\(path).change_count")
            } else if scanner.key(key, is: "attrgraph_cycle") {
                try mark(&seen, 9, key, at: keyStart)
                graph.cycle = try scanner.readNull() ? nil : try readCycle("\(path).attrgraph_cycle")
            } else if scanner.key(key, is: "trees") {
                try mark(&seen, 10, key, at: keyStart)
                graph.trees = try scanner.readNull() ? [] : try readTrees(g)
            } else {
                try keepUnknown(key, at: keyStart, in: &graph.extra, seen: &seen)
            }
        } while try scanner.nextMember()
        try validate(graph, g, at: start)
        return graph
    }

    /// Indices point into their arrays; node ids are unique.
    private func validate(_ graph: GraphArchive.Graph, _ g: Int, at start: Int) throws(ArchiveReadError) {
        func dangling(_ path: String, _ index: Int, _ count: Int, _ array: String) -> ArchiveReadError {
            ArchiveReadError(.danglingIndex, "dangling index: " + ArchiveError.danglingIndex(path: path, index: index, count: count, array: array).description)
        }
        let path = "graphs[\(g)]"
        for (index, node) in graph.nodes.enumerated() where node.type >= graph.types.count {
            throw dangling("\(path).nodes[\(index)].type", node.type, graph.types.count, "types")
        }
        for (index, edge) in graph.edges.enumerated() {
            if edge.src >= graph.nodes.count { throw dangling("\(path).edges[\(index)].src", edge.src, graph.nodes.count, "nodes") }
            if edge.dst >= graph.nodes.count { throw dangling("\(path).edges[\(index)].dst", edge.dst, graph.nodes.count, "nodes") }
        }
        for (index, subgraph) in graph.subgraphs.enumerated() {
            for (position, node) in subgraph.nodes.enumerated() where node >= graph.nodes.count {
                throw dangling("\(path).subgraphs[\(index)].nodes[\(position)]", node, graph.nodes.count, "nodes")
            }
            for (key, list) in [("parents", subgraph.parents), ("children", subgraph.children)] {
                for (position, other) in list.enumerated() where other >= graph.subgraphs.count {
                    throw dangling("\(path).subgraphs[\(index)].\(key)[\(position)]", other, graph.subgraphs.count, "subgraphs")
                }
            }
        }
        try validateTrees(graph, path: path)
        // Duplicate attribute ids: sort the ids (a set of a million ids would cost more).
        var order = Array(0..<Int32(truncatingIfNeeded: graph.nodes.count))
        order.sort { (graph.nodes[Int($0)].id, $0) < (graph.nodes[Int($1)].id, $1) }
        for position in order.indices.dropFirst() {
            let first = Int(order[position - 1]), second = Int(order[position])
            if graph.nodes[first].id == graph.nodes[second].id {
                throw ArchiveReadError(
                    .notAnArchive,
                    ArchiveError.notAnArchive(
                        path: "\(path).nodes[\(second)].id",
                        reason: "attribute \(graph.nodes[second].id) appears twice (also \(path).nodes[\(first)]); "
                            + "an archive lists each attribute once").description)
            }
        }
    }

    private mutating func readNodes(_ g: Int) throws(ArchiveReadError) -> [GraphArchive.Node] {
        var nodes: [GraphArchive.Node] = []
        guard try array("graphs[\(g)].nodes") else { return nodes }
        repeat {
            let index = nodes.count
            func path(_ key: String) -> String { "graphs[\(g)].nodes[\(index)]" + (key.isEmpty ? "" : ".\(key)") }
            let start = scanner.position
            var node = GraphArchive.Node(type: 0, id: 0)
            var seen = Seen()
            if try object(path("")) {
                repeat {
                    let keyStart = scanner.position
                    let key = try scanner.readKey()
                    if scanner.key(key, is: "id") {
                        try mark(&seen, 0, key, at: keyStart)
                        node.id = UInt32(try int(path("id"), in: 0...Int(UInt32.max)))
                    } else if scanner.key(key, is: "type") {
                        try mark(&seen, 1, key, at: keyStart)
                        node.type = try int(path("type"), in: 0...Int(Int32.max))
                    } else if scanner.key(key, is: "flags") {
                        try mark(&seen, 2, key, at: keyStart)
                        node.flags = try scanner.readNull() ? nil : try int(path("flags"), in: 0...Int(Int32.max))
                    } else if scanner.key(key, is: "desc") {
                        try mark(&seen, 3, key, at: keyStart)
                        node.desc = try scanner.readNull() ? nil : try string(path("desc"))
                    } else if scanner.key(key, is: "value") {
                        try mark(&seen, 4, key, at: keyStart)
                        node.value = try scanner.readNull() ? nil : try string(path("value"))
                    } else if scanner.key(key, is: "subgraph_flags") {
                        try mark(&seen, 5, key, at: keyStart)
                        node.subgraphFlags = try scanner.readNull() ? nil : try int(path("subgraph_flags"), in: 0...255)
                    } else if scanner.key(key, is: "indirect") {
                        try mark(&seen, 6, key, at: keyStart)
                        node.indirect = try scanner.readNull() ? nil : try readIndirect(path("indirect"))
                    } else {
                        try keepUnknown(key, at: keyStart, in: &node.extra, seen: &seen)
                    }
                } while try scanner.nextMember()
            }
            if seen.known & 1 == 0 { throw shape(path(""), "missing \"id\"", at: start) }
            if seen.known & 2 == 0 { throw shape(path(""), "missing \"type\"", at: start) }
            nodes.append(node)
        } while try scanner.nextElement()
        return nodes
    }

    private mutating func readIndirect(_ path: String) throws(ArchiveReadError) -> GraphArchive.Indirect {
        var offset = 0
        var dependency: UInt32?
        var seen = Seen()
        var ignored = JSONObject()
        if try object(path) {
            repeat {
                let keyStart = scanner.position
                let key = try scanner.readKey()
                if scanner.key(key, is: "offset") {
                    try mark(&seen, 0, key, at: keyStart)
                    offset = try int("\(path).offset", in: Int(Int32.min)...Int(Int32.max))
                } else if scanner.key(key, is: "dependency") {
                    try mark(&seen, 1, key, at: keyStart)
                    dependency = try scanner.readNull() ? nil : UInt32(try int("\(path).dependency", in: 1...Int(UInt32.max)))
                } else {
                    try keepUnknown(key, at: keyStart, in: &ignored, seen: &seen)
                }
            } while try scanner.nextMember()
        }
        return GraphArchive.Indirect(offset: offset, dependency: dependency)
    }

    private mutating func readEdges(_ g: Int) throws(ArchiveReadError) -> ([GraphArchive.Edge], [Int: JSONObject]) {
        var edges: [GraphArchive.Edge] = []
        var extras: [Int: JSONObject] = [:]
        guard try array("graphs[\(g)].edges") else { return (edges, extras) }
        repeat {
            let index = edges.count
            func path(_ key: String) -> String { "graphs[\(g)].edges[\(index)]" + (key.isEmpty ? "" : ".\(key)") }
            let start = scanner.position
            var src: Int?
            var dst: Int?
            var flags: Int?
            var extra = JSONObject()
            var seen = Seen()
            if try object(path("")) {
                repeat {
                    let keyStart = scanner.position
                    let key = try scanner.readKey()
                    if scanner.key(key, is: "src") {
                        try mark(&seen, 0, key, at: keyStart)
                        src = try int(path("src"), in: 0...Int(Int32.max))
                    } else if scanner.key(key, is: "dst") {
                        try mark(&seen, 1, key, at: keyStart)
                        dst = try int(path("dst"), in: 0...Int(Int32.max))
                    } else if scanner.key(key, is: "flags") {
                        try mark(&seen, 2, key, at: keyStart)
                        flags = try scanner.readNull() ? nil : try int(path("flags"), in: 0...Int(Int32.max))
                    } else {
                        try keepUnknown(key, at: keyStart, in: &extra, seen: &seen)
                    }
                } while try scanner.nextMember()
            }
            guard let src else { throw shape(path(""), "missing \"src\"", at: start) }
            guard let dst else { throw shape(path(""), "missing \"dst\"", at: start) }
            if !extra.members.isEmpty { extras[index] = extra }
            edges.append(GraphArchive.Edge(src: src, dst: dst, flags: flags))
        } while try scanner.nextElement()
        return (edges, extras)
    }

    private mutating func readTypes(_ g: Int) throws(ArchiveReadError) -> [GraphArchive.TypeEntry] {
        var types: [GraphArchive.TypeEntry] = []
        guard try array("graphs[\(g)].types") else { return types }
        repeat {
            let index = types.count
            func path(_ key: String) -> String { "graphs[\(g)].types[\(index)]" + (key.isEmpty ? "" : ".\(key)") }
            var type = GraphArchive.TypeEntry(id: index, name: "?", value: "?")
            var seen = Seen()
            if try object(path("")) {
                repeat {
                    let keyStart = scanner.position
                    let key = try scanner.readKey()
                    if scanner.key(key, is: "id") {
                        try mark(&seen, 0, key, at: keyStart)
                        type.id = try scanner.readNull() ? index : try int(path("id"))
                    } else if scanner.key(key, is: "name") {
                        try mark(&seen, 1, key, at: keyStart)
                        type.name = try scanner.readNull() ? "?" : try string(path("name"))
                    } else if scanner.key(key, is: "value") {
                        try mark(&seen, 2, key, at: keyStart)
                        type.value = try scanner.readNull() ? "?" : try string(path("value"))
                    } else if scanner.key(key, is: "size") {
                        try mark(&seen, 3, key, at: keyStart)
                        type.size = try scanner.readNull() ? nil : try int(path("size"))
                    } else if scanner.key(key, is: "flags") {
                        try mark(&seen, 4, key, at: keyStart)
                        type.flags = try scanner.readNull() ? nil : try int(path("flags"))
                    } else {
                        try keepUnknown(key, at: keyStart, in: &type.extra, seen: &seen)
                    }
                } while try scanner.nextMember()
            }
            types.append(type)
        } while try scanner.nextElement()
        return types
    }

    private mutating func readSubgraphs(_ g: Int) throws(ArchiveReadError) -> [GraphArchive.Subgraph] {
        var subgraphs: [GraphArchive.Subgraph] = []
        guard try array("graphs[\(g)].subgraphs") else { return subgraphs }
        repeat {
            let index = subgraphs.count
            func path(_ key: String) -> String { "graphs[\(g)].subgraphs[\(index)]" + (key.isEmpty ? "" : ".\(key)") }
            var subgraph = GraphArchive.Subgraph(id: index, contextID: 0)
            var seen = Seen()
            if try object(path("")) {
                repeat {
                    let keyStart = scanner.position
                    let key = try scanner.readKey()
                    if scanner.key(key, is: "nodes") {
                        try mark(&seen, 0, key, at: keyStart)
                        subgraph.nodes = try scanner.readNull() ? [] : try intArray(path("nodes"), in: 0...Int(Int32.max))
                    } else if scanner.key(key, is: "id") {
                        try mark(&seen, 1, key, at: keyStart)
                        subgraph.id = try scanner.readNull() ? index : try int(path("id"))
                    } else if scanner.key(key, is: "context_id") {
                        try mark(&seen, 2, key, at: keyStart)
                        subgraph.contextID = try scanner.readNull() ? 0 : try int(path("context_id"))
                    } else if scanner.key(key, is: "invalid") {
                        try mark(&seen, 3, key, at: keyStart)
                        let valueStart = scanner.position
                        switch try scanner.readValue() {
                        case .bool(let flag): subgraph.invalid = flag
                        case .int(let number): subgraph.invalid = number != 0
                        case .null: subgraph.invalid = false
                        default:
                            scanner.position = valueStart
                            throw shape(path("invalid"), "expected a boolean, found \(kindName())", at: valueStart)
                        }
                    } else if scanner.key(key, is: "parents") {
                        try mark(&seen, 4, key, at: keyStart)
                        subgraph.parents = try scanner.readNull() ? [] : try intArray(path("parents"), in: 0...Int(Int32.max))
                    } else if scanner.key(key, is: "children") {
                        try mark(&seen, 5, key, at: keyStart)
                        subgraph.children = try scanner.readNull() ? [] : try intArray(path("children"), in: 0...Int(Int32.max))
                    } else {
                        try keepUnknown(key, at: keyStart, in: &subgraph.extra, seen: &seen)
                    }
                } while try scanner.nextMember()
            }
            subgraphs.append(subgraph)
        } while try scanner.nextElement()
        return subgraphs
    }

    private mutating func readCycle(_ path: String) throws(ArchiveReadError) -> CycleRecord {
        let start = scanner.position
        var attribute: UInt32?
        var cyclePath: [UInt32] = []
        var cause: String?
        var seen = Seen()
        var ignored = JSONObject()
        if try object(path) {
            repeat {
                let keyStart = scanner.position
                let key = try scanner.readKey()
                if scanner.key(key, is: "attribute") {
                    try mark(&seen, 0, key, at: keyStart)
                    attribute = UInt32(try int("\(path).attribute", in: 0...Int(UInt32.max)))
                } else if scanner.key(key, is: "path") {
                    try mark(&seen, 1, key, at: keyStart)
                    cyclePath = try intArray("\(path).path", in: 0...Int(UInt32.max)).map { UInt32($0) }
                } else if scanner.key(key, is: "cause") {
                    try mark(&seen, 2, key, at: keyStart)
                    cause = try scanner.readNull() ? nil : try string("\(path).cause")
                } else {
                    try keepUnknown(key, at: keyStart, in: &ignored, seen: &seen)
                }
            } while try scanner.nextMember()
        }
        guard let attribute else { throw shape(path, "missing \"attribute\"", at: start) }
        return CycleRecord(attribute: attribute, path: cyclePath, cause: cause)
    }
}
