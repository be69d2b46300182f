import AttrGraphArchive

/// `agdump --summary`: what is in an archive, at a glance. Deterministic: types by node count,
/// then by name. Names from the archive are shown through ``TerminalText`` (no control
/// characters reach the terminal, no name adds a line).
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
        if !graph.trees.isEmpty { text += treeOutline(graph) }
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
                text += "    " + String(repeating: " ", count: width - String(count).count) + "\(count)  "
                + TerminalText.escaped(typeLabel(graph.types[type])) + "\n"
            }
            if ranked.count > topTypes {
                text += "    … and \(ranked.count - topTypes) more types\n"
            }
        }
        if let cycle = graph.cycle {
            text += "  cycle:      through attribute \(cycle.attribute): " + cycle.path.map(String.init).joined(separator: " → ") + "\n"
            if let cause = cycle.cause { text += "              \(TerminalText.escaped(cause))\n" }
        } else {
            text += "  cycle:      none recorded\n"
        }
        return text
    }

    static func typeLabel(_ type: GraphArchive.TypeEntry) -> String {
        type.value.isEmpty ? type.name : "\(type.name) -> \(type.value)"
    }

    /// The recorded trees as an indented outline (roots first, a subgraph's root under the element
    /// that owns it), at most `treeLines` lines.
    static func treeOutline(_ graph: GraphArchive.Graph) -> String {
        let trees = graph.trees
        var childrenOf = trees.map(\.children)
        var hasParent = [Bool](repeating: false, count: trees.count)
        for element in trees { for child in element.children { hasParent[child] = true } }
        for (index, element) in trees.enumerated() {
            if let owner = element.owner {
                childrenOf[owner].append(index)
                hasParent[index] = true
            }
        }
        var text = "  tree:       \(trees.count) elements (\(trees.filter(\.root).count) roots)\n"
        var lines = 0
        var visited = [Bool](repeating: false, count: trees.count)
        // Depth-first with an explicit stack: archives are validated to be forests, `visited`
        // guards anyway.
        var stack: [(Int, Int)] = trees.indices.filter { !hasParent[$0] }.reversed().map { ($0, 0) }
        while let (index, depth) = stack.popLast() {
            guard !visited[index] else { continue }
            visited[index] = true
            if lines == treeLines {
                text += "    …\n"
                break
            }
            lines += 1
            let element = trees[index]
            var line = String(repeating: "  ", count: min(depth, 30) + 2)
                + TerminalText.escaped(element.desc ?? (element.root ? "root" : "element"))
            if let node = element.node { line += " @\(graph.nodes[node].id)" }
            if !element.values.isEmpty {
                line += " [" + element.values.map { TerminalText.escaped($0.key) }.joined(separator: ", ") + "]"
            }
            text += line + "\n"
            for child in childrenOf[index].reversed() { stack.append((child, depth + 1)) }
        }
        return text
    }

    static let treeLines = 40
}
