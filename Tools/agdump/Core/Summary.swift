import AttrGraph

/// `agdump --summary`: what is in an archive, at a glance. Deterministic: types by node count,
/// then by name.
package enum Summary {
    package static let topTypes = 10

    package static func render(_ archive: GraphArchive) -> String {
        var text = "archive version \(archive.version), \(archive.graphs.count) graph\(archive.graphs.count == 1 ? "" : "s")\n"
        for (index, graph) in archive.graphs.enumerated() {
            text += "\n" + render(graph, index: index)
        }
        return text
    }

    package static func render(_ graph: GraphArchive.Graph, index: Int) -> String {
        let invalid = graph.subgraphs.filter(\.invalid).count
        var text = "graph \(index) (id \(graph.id))\n"
        text += "  nodes:      \(graph.nodes.count)\n"
        text += "  edges:      \(graph.edges.count)\n"
        text += "  subgraphs:  \(graph.subgraphs.count)\(invalid > 0 ? " (\(invalid) invalid)" : "")\n"
        text += "  types:      \(Set(graph.nodes.map(\.type)).count)\n"
        let dirty = graph.nodes.filter(\.isDirty)
        text += "  dirty:      \(dirty.count)"
        if !dirty.isEmpty {
            let ids = dirty.map(\.id).sorted()
            text += " (" + ids.prefix(10).map(String.init).joined(separator: ", ") + (ids.count > 10 ? ", …" : "") + ")"
        }
        text += "\n"
        if let updates = graph.updateCount { text += "  updates:    \(updates)\n" }
        if let changes = graph.changeCount { text += "  changes:    \(changes)\n" }
        var perType: [Int: Int] = [:]
        for node in graph.nodes { perType[node.type, default: 0] += 1 }
        let ranked = perType.sorted { lhs, rhs in
            lhs.value != rhs.value ? lhs.value > rhs.value : typeLabel(graph.types[lhs.key]) < typeLabel(graph.types[rhs.key])
        }
        if !ranked.isEmpty {
            text += "  top types by node count:\n"
            let width = String(ranked[0].value).count
            for (type, count) in ranked.prefix(topTypes) {
                text += "    " + String(repeating: " ", count: width - String(count).count) + "\(count)  \(typeLabel(graph.types[type]))\n"
            }
            if ranked.count > topTypes {
                text += "    … and \(ranked.count - topTypes) more types\n"
            }
        }
        if let cycle = graph.cycle {
            text += "  cycle:      through attribute \(cycle.attribute): " + cycle.path.map(String.init).joined(separator: " → ") + "\n"
            if let cause = cycle.cause { text += "              \(cause)\n" }
        } else {
            text += "  cycle:      none recorded\n"
        }
        return text
    }

    static func typeLabel(_ type: GraphArchive.TypeEntry) -> String {
        type.value.isEmpty ? type.name : "\(type.name) -> \(type.value)"
    }
}
