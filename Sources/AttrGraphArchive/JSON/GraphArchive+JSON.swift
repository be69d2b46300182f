/// Writing archives as JSON. One definition of the layout (``GraphArchive/emit(into:)``) feeds
/// both the streaming text writer (archives on disk, `agdump --json`) and the `JSONValue` form
/// (`graph/dict` descriptions).
///
/// The layout is lossless for everything the model holds: optional fields are written when
/// present, whatever their value (`"flags": 0` says "no value, not dirty", which is not the same
/// as no `flags` at all), keys are sorted byte-wise, and unknown keys are written back in place.
extension GraphArchive {
    /// Writes the archive as JSON text (pretty: two-space indentation, `": "`).
    package func writeJSON(to output: inout OutputBuffer, pretty: Bool) throws {
        var emitter = TextEmitter(output: output, pretty: pretty)
        try emit(into: &emitter)
        if pretty { try emitter.output.write("\n") }
        output = emitter.output
    }

    /// The archive as JSON text.
    package func jsonText(pretty: Bool) -> String {
        OutputBuffer.collect { output in try writeJSON(to: &output, pretty: pretty) }
    }

    /// The archive as a `JSONValue` (for descriptions and tests).
    package var json: JSONValue {
        var emitter = ValueEmitter()
        // The value emitter cannot fail.
        try! emit(into: &emitter)
        return emitter.result
    }

    func emit<E: JSONEmitter>(into out: inout E) throws {
        try out.beginObject()
        var extras = SortedExtras(extra)
        try extras.key("graphs", into: &out)
        try out.beginArray()
        for graph in graphs { try graph.emit(into: &out) }
        try out.endArray()
        try extras.key("version", into: &out)
        try out.int(version)
        try extras.emit(before: nil, into: &out)
        try out.endObject()
    }
}

extension GraphArchive.Graph {
    func emit<E: JSONEmitter>(into out: inout E) throws {
        try out.beginObject()
        var extras = SortedExtras(extra)
        if let cycle {
            try extras.key("attrgraph_cycle", into: &out)
            try out.beginObject()
            try out.key("attribute")
            try out.int(Int(cycle.attribute))
            if let cause = cycle.cause {
                try out.key("cause")
                try out.string(cause)
            }
            try out.key("path")
            try out.beginArray()
            for id in cycle.path { try out.int(Int(id)) }
            try out.endArray()
            try out.endObject()
        }
        if let changeCount {
            try extras.key("change_count", into: &out)
            try out.int(changeCount)
        }
        try extras.key("counters", into: &out)
        try out.value(.object(counters))
        try extras.key("edges", into: &out)
        try out.beginArray()
        for (index, edge) in edges.enumerated() {
            try out.beginObject()
            var edgeExtras = SortedExtras(edgeExtras[index] ?? JSONObject())
            try edgeExtras.key("dst", into: &out)
            try out.int(edge.dst)
            if let flags = edge.flags {
                try edgeExtras.key("flags", into: &out)
                try out.int(flags)
            }
            try edgeExtras.key("src", into: &out)
            try out.int(edge.src)
            try edgeExtras.emit(before: nil, into: &out)
            try out.endObject()
        }
        try out.endArray()
        try extras.key("id", into: &out)
        try out.int(id)
        try extras.key("nodes", into: &out)
        try out.beginArray()
        for node in nodes { try node.emit(into: &out) }
        try out.endArray()
        try extras.key("subgraphs", into: &out)
        try out.beginArray()
        for subgraph in subgraphs { try subgraph.emit(into: &out) }
        try out.endArray()
        if let transactionCount {
            try extras.key("transaction_count", into: &out)
            try out.int(transactionCount)
        }
        if let trees = recordedTrees {
            try extras.key("trees", into: &out)
            try out.beginArray()
            for element in trees { try element.emit(into: &out) }
            try out.endArray()
        }
        try extras.key("types", into: &out)
        try out.beginArray()
        for type in types {
            try out.beginObject()
            var typeExtras = SortedExtras(type.extra)
            if let flags = type.flags {
                try typeExtras.key("flags", into: &out)
                try out.int(flags)
            }
            try typeExtras.key("id", into: &out)
            try out.int(type.id)
            try typeExtras.key("name", into: &out)
            try out.string(type.name)
            if let size = type.size {
                try typeExtras.key("size", into: &out)
                try out.int(size)
            }
            try typeExtras.key("value", into: &out)
            try out.string(type.value)
            try typeExtras.emit(before: nil, into: &out)
            try out.endObject()
        }
        try out.endArray()
        if let updateCount {
            try extras.key("update_count", into: &out)
            try out.int(updateCount)
        }
        try extras.emit(before: nil, into: &out)
        try out.endObject()
    }
}

extension GraphArchive.Node {
    func emit<E: JSONEmitter>(into out: inout E) throws {
        try out.beginObject()
        var extras = SortedExtras(extra)
        if let desc {
            try extras.key("desc", into: &out)
            try out.string(desc)
        }
        if let flags {
            try extras.key("flags", into: &out)
            try out.int(flags)
        }
        try extras.key("id", into: &out)
        try out.int(Int(id))
        if let indirect {
            try extras.key("indirect", into: &out)
            try out.beginObject()
            if let dependency = indirect.dependency {
                try out.key("dependency")
                try out.int(Int(dependency))
            }
            try out.key("offset")
            try out.int(indirect.offset)
            try out.endObject()
        }
        if let subgraphFlags {
            try extras.key("subgraph_flags", into: &out)
            try out.int(subgraphFlags)
        }
        try extras.key("type", into: &out)
        try out.int(type)
        if let value {
            try extras.key("value", into: &out)
            try out.string(value)
        }
        try extras.emit(before: nil, into: &out)
        try out.endObject()
    }
}

extension GraphArchive.Subgraph {
    func emit<E: JSONEmitter>(into out: inout E) throws {
        try out.beginObject()
        var extras = SortedExtras(extra)
        if !children.isEmpty {
            try extras.key("children", into: &out)
            try out.intArray(children)
        }
        try extras.key("context_id", into: &out)
        try out.int(contextID)
        try extras.key("id", into: &out)
        try out.int(id)
        if invalid {
            try extras.key("invalid", into: &out)
            try out.bool(true)
        }
        if !nodes.isEmpty {
            try extras.key("nodes", into: &out)
            try out.intArray(nodes)
        }
        if !parents.isEmpty {
            try extras.key("parents", into: &out)
            try out.intArray(parents)
        }
        try extras.emit(before: nil, into: &out)
        try out.endObject()
    }
}

extension GraphArchive.TreeElement {
    func emit<E: JSONEmitter>(into out: inout E) throws {
        try out.beginObject()
        var extras = SortedExtras(extra)
        if !children.isEmpty {
            try extras.key("children", into: &out)
            try out.intArray(children)
        }
        if let desc {
            try extras.key("desc", into: &out)
            try out.string(desc)
        }
        if let flags {
            try extras.key("flags", into: &out)
            try out.int(flags)
        }
        if let node {
            try extras.key("node", into: &out)
            try out.int(node)
        }
        if !nodes.isEmpty {
            try extras.key("nodes", into: &out)
            try out.intArray(nodes)
        }
        if let offset {
            try extras.key("offset", into: &out)
            try out.int(offset)
        }
        if let owner {
            try extras.key("owner", into: &out)
            try out.int(owner)
        }
        if root {
            try extras.key("root", into: &out)
            try out.bool(true)
        }
        if !values.isEmpty {
            try extras.key("values", into: &out)
            try out.beginObject()
            // One entry per key (the last value added under it), keys sorted byte-wise.
            var byKey: [String: Value] = [:]
            for value in values { byKey[value.key] = value }
            for key in byKey.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
                let value = byKey[key].unsafelyUnwrapped
                try out.key(key)
                try out.beginObject()
                try out.key("node")
                try out.int(value.node)
                if let offset = value.offset {
                    try out.key("offset")
                    try out.int(offset)
                }
                try out.endObject()
            }
            try out.endObject()
        }
        try extras.emit(before: nil, into: &out)
        try out.endObject()
    }
}

// MARK: - Emitters

/// What the archive layout is written into.
protocol JSONEmitter {
    mutating func beginObject() throws
    mutating func endObject() throws
    mutating func beginArray() throws
    mutating func endArray() throws
    mutating func key(_ key: String) throws
    mutating func int(_ value: Int) throws
    mutating func string(_ value: String) throws
    mutating func bool(_ value: Bool) throws
    mutating func value(_ value: JSONValue) throws
}

extension JSONEmitter {
    mutating func intArray(_ values: [Int]) throws {
        try beginArray()
        for value in values { try int(value) }
        try endArray()
    }
}

/// Unknown keys of an object, sorted, written between the known keys in byte order.
struct SortedExtras {
    private var members: ArraySlice<(key: String, value: JSONValue)>

    init(_ object: JSONObject) {
        members = object.members.isEmpty
            ? []
            : object.members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }[...]
    }

    /// Writes the unknown keys that sort before `key`, then `key` itself (its value comes next).
    @inline(__always)
    mutating func key<E: JSONEmitter>(_ key: String, into out: inout E) throws {
        try emit(before: key, into: &out)
        try out.key(key)
    }

    /// Writes the unknown keys that sort before `key` (all that are left when `key` is `nil`).
    @inline(__always)
    mutating func emit<E: JSONEmitter>(before key: String?, into out: inout E) throws {
        while let first = members.first {
            if let key, !first.key.utf8.lexicographicallyPrecedes(key.utf8) { return }
            try out.key(first.key)
            try out.value(first.value)
            members.removeFirst()
        }
    }
}

/// JSON text into an ``OutputBuffer``.
struct TextEmitter: JSONEmitter {
    var output: OutputBuffer
    let pretty: Bool
    /// Per open container: whether it has an element yet.
    private var started: [Bool] = []
    /// Whether the next value follows a key on the same line.
    private var afterKey = false

    init(output: OutputBuffer, pretty: Bool) {
        self.output = output
        self.pretty = pretty
    }

    private mutating func beforeValue() throws {
        if afterKey {
            afterKey = false
            return
        }
        try separate()
    }

    /// A comma (and a new line when pretty) before the next element of the innermost container.
    private mutating func separate() throws {
        guard !started.isEmpty else { return }
        if started[started.count - 1] { try output.write(byte: UInt8(ascii: ",")) }
        started[started.count - 1] = true
        if pretty { try newline(depth: started.count) }
    }

    private mutating func newline(depth: Int) throws {
        try output.write(byte: UInt8(ascii: "\n"))
        for _ in 0..<depth { try output.write("  " as StaticString) }
    }

    private mutating func close(_ byte: UInt8) throws {
        let hadElements = started.removeLast()
        if pretty && hadElements { try newline(depth: started.count) }
        try output.write(byte: byte)
    }

    mutating func beginObject() throws {
        try beforeValue()
        try output.write(byte: UInt8(ascii: "{"))
        started.append(false)
    }

    mutating func endObject() throws { try close(UInt8(ascii: "}")) }

    mutating func beginArray() throws {
        try beforeValue()
        try output.write(byte: UInt8(ascii: "["))
        started.append(false)
    }

    mutating func endArray() throws { try close(UInt8(ascii: "]")) }

    mutating func key(_ key: String) throws {
        try separate()
        try writeString(key)
        try output.write(pretty ? ": " as StaticString : ":")
        afterKey = true
    }

    mutating func int(_ value: Int) throws {
        try beforeValue()
        try output.write(value)
    }

    mutating func string(_ value: String) throws {
        try beforeValue()
        try writeString(value)
    }

    mutating func bool(_ value: Bool) throws {
        try beforeValue()
        try output.write(value ? "true" as StaticString : "false")
    }

    mutating func value(_ value: JSONValue) throws {
        switch value {
        case .null:
            try beforeValue()
            try output.write("null" as StaticString)
        case .bool(let flag): try bool(flag)
        case .int(let number): try int(number)
        case .double:
            try beforeValue()
            try output.write(value.serialized())
        case .string(let text): try string(text)
        case .array(let values):
            try beginArray()
            for element in values { try self.value(element) }
            try endArray()
        case .object(let object):
            try beginObject()
            for member in object.members.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
                try key(member.key)
                try self.value(member.value)
            }
            try endObject()
        }
    }

    /// A JSON string: quotes, backslashes and control characters escaped, the rest as UTF-8.
    private mutating func writeString(_ string: String) throws {
        try output.write(byte: UInt8(ascii: "\""))
        var string = string
        try string.withUTF8 { bytes in
            var runStart = 0
            for index in bytes.indices {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                if index > runStart { try output.write(String(decoding: bytes[runStart..<index], as: UTF8.self)) }
                runStart = index + 1
                switch byte {
                case UInt8(ascii: "\""): try output.write("\\\"" as StaticString)
                case UInt8(ascii: "\\"): try output.write("\\\\" as StaticString)
                case UInt8(ascii: "\n"): try output.write("\\n" as StaticString)
                case UInt8(ascii: "\r"): try output.write("\\r" as StaticString)
                case UInt8(ascii: "\t"): try output.write("\\t" as StaticString)
                default:
                    let hex = String(byte, radix: 16)
                    try output.write("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
                }
            }
            if bytes.count > runStart { try output.write(String(decoding: bytes[runStart...], as: UTF8.self)) }
        }
        try output.write(byte: UInt8(ascii: "\""))
    }
}

/// A `JSONValue` tree.
struct ValueEmitter: JSONEmitter {
    private enum Container {
        case object(JSONObject, pendingKey: String?)
        case array([JSONValue])
    }

    private var stack: [Container] = []
    private(set) var result: JSONValue = .null

    private mutating func add(_ value: JSONValue) {
        guard let top = stack.popLast() else {
            result = value
            return
        }
        switch top {
        case .object(var object, let key):
            object.members.append((key ?? "", value))
            stack.append(.object(object, pendingKey: nil))
        case .array(var values):
            values.append(value)
            stack.append(.array(values))
        }
    }

    mutating func beginObject() { stack.append(.object(JSONObject(), pendingKey: nil)) }

    mutating func endObject() {
        guard case .object(let object, _) = stack.popLast() else { return }
        add(.object(object))
    }

    mutating func beginArray() { stack.append(.array([])) }

    mutating func endArray() {
        guard case .array(let values) = stack.popLast() else { return }
        add(.array(values))
    }

    mutating func key(_ key: String) {
        guard case .object(let object, _) = stack.popLast() else { return }
        stack.append(.object(object, pendingKey: key))
    }

    mutating func int(_ value: Int) { add(.int(value)) }
    mutating func string(_ value: String) { add(.string(value)) }
    mutating func bool(_ value: Bool) { add(.bool(value)) }
    mutating func value(_ value: JSONValue) { add(value) }
}
