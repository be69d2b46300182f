/// Renders an archived graph as Graphviz DOT with AttributeGraph's conventions:
///
/// - node `_N[label="N: Desc → value"]` (value only with ``Options/includeValues``,
///   descriptions truncated with `…`, quotes escaped);
/// - `style="bold"` for a node with a value that lacks inputs or outputs, `style="dashed"` for a
///   node without a value, `color=red` for a dirty node, `fillcolor=cyan` + filled while updating;
/// - edge `_IN -> _N[…]` with ` color=red` when marked changed and ` penwidth=2` when it
///   crosses graph contexts; indirect nodes are `shape=box`, their source edge is labelled
///   with the offset and their dependency edge is blue.
///
/// AttrGraph's additions: clusters per subgraph, a recorded cycle highlighted in magenta
/// (thick, double-bordered nodes; thick edges; a dashed edge where the cycle went through a
/// nested update rather than a dependency) with the cause as the graph label, and `rankdir`.
///
/// Output is deterministic: nodes in attribute-id order, each followed by its incoming edges in
/// source-id order. An empty graph is exactly `digraph {\n}\n`.
package struct DOTRenderer {
    package struct Options: Sendable {
        package var includeValues = false
        /// Maximum characters of a description or value before `…` (AttributeGraph uses 40).
        package var truncationLimit = 40
        /// Only these attribute ids (and edges between them); `nil` for all.
        package var attributeIDs: Set<UInt32>?
        package var clusterSubgraphs = false
        package var rankdir: String?
        package var highlightCycle = true

        package init(
            includeValues: Bool = false, truncationLimit: Int = 40, attributeIDs: Set<UInt32>? = nil,
            clusterSubgraphs: Bool = false, rankdir: String? = nil, highlightCycle: Bool = true
        ) {
            self.includeValues = includeValues
            self.truncationLimit = truncationLimit
            self.attributeIDs = attributeIDs
            self.clusterSubgraphs = clusterSubgraphs
            self.rankdir = rankdir
            self.highlightCycle = highlightCycle
        }
    }

    package let options: Options

    package init(options: Options = Options()) {
        self.options = options
    }

    /// Renders `graph`; `progress` is called with the fraction of nodes written.
    package func render(_ graph: GraphArchive.Graph, progress: ((Double) -> Void)? = nil) -> String {
        let nodes = graph.nodes
        let included: (Int) -> Bool = { index in
            options.attributeIDs.map { $0.contains(nodes[index].id) } ?? true
        }
        var contextOfNode = [Int](repeating: 0, count: nodes.count)
        var subgraphOfNode = [Int](repeating: -1, count: nodes.count)
        for (subgraphIndex, subgraph) in graph.subgraphs.enumerated() {
            for node in subgraph.nodes {
                contextOfNode[node] = subgraph.contextID
                subgraphOfNode[node] = subgraphIndex
            }
        }
        var inputs = [[GraphArchive.Edge]](repeating: [], count: nodes.count)
        var hasInputs = [Bool](repeating: false, count: nodes.count)
        var hasOutputs = [Bool](repeating: false, count: nodes.count)
        for edge in graph.edges {
            inputs[edge.dst].append(edge)
            hasInputs[edge.dst] = true
            hasOutputs[edge.src] = true
        }
        let order = nodes.indices.filter(included).sorted { nodes[$0].id < nodes[$1].id }
        let indexByID = Dictionary(nodes.indices.map { (nodes[$0].id, $0) }, uniquingKeysWith: { first, _ in first })

        // The cycle: its nodes, and its steps as (reader, read) pairs.
        let cycle = options.highlightCycle ? graph.cycle : nil
        let cycleIDs = Set(cycle?.path ?? [])
        var cycleSteps: Set<Pair> = []
        if let path = cycle?.path, path.count > 1 {
            for position in 0..<(path.count - 1) {
                cycleSteps.insert(Pair(reader: path[position], read: path[position + 1]))
            }
        }

        var output = "digraph {\n"
        if let rankdir = options.rankdir {
            output += "  rankdir=\(rankdir);\n"
        }
        if let cycle {
            var label = "cycle through attribute \(cycle.attribute)"
            if let cause = cycle.cause { label += "\\n" + escape(cause, limit: 200) }
            output += "  label=\"\(label)\";\n  labelloc=t;\n  fontcolor=magenta;\n"
        }

        var nodeLines = [String](repeating: "", count: nodes.count)
        var edgeLines: [String] = []
        var drawnSteps: Set<Pair> = []
        for (position, index) in order.enumerated() {
            let node = nodes[index]
            nodeLines[index] = nodeLine(node, type: graph.types[node.type], hasInputs: hasInputs[index],
                hasOutputs: hasOutputs[index], onCycle: cycleIDs.contains(node.id))
            var lines: [String] = []
            for edge in inputs[index].sorted(by: { nodes[$0.src].id < nodes[$1.src].id }) where included(edge.src) {
                let source = nodes[edge.src]
                var attributes = ""
                if node.indirect != nil {
                    attributes += "label=\"@\(node.indirect?.offset ?? 0)\""
                } else {
                    if edge.isChanged { attributes += " color=red" }
                    if contextOfNode[edge.src] != contextOfNode[index] { attributes += " penwidth=2" }
                }
                let step = Pair(reader: node.id, read: source.id)
                if cycleSteps.contains(step) {
                    attributes += " color=magenta penwidth=3"
                    drawnSteps.insert(step)
                }
                lines.append("  _\(source.id) -> _\(node.id)[\(attributes)];\n")
            }
            if let dependency = node.indirect?.dependency, let dependencyIndex = indexByID[dependency],
                included(dependencyIndex)
            {
                lines.append("  _\(dependency) -> _\(node.id)[color=blue];\n")
            }
            if options.clusterSubgraphs {
                edgeLines += lines
            } else {
                output += nodeLines[index]
                output += lines.joined()
            }
            if let progress, position % 4096 == 4095 {
                progress(Double(position + 1) / Double(max(order.count, 1)))
            }
        }
        if options.clusterSubgraphs {
            var placed = Set<Int>()
            let subgraphOrder = graph.subgraphs.indices.sorted { graph.subgraphs[$0].id < graph.subgraphs[$1].id }
            for subgraphIndex in subgraphOrder {
                let subgraph = graph.subgraphs[subgraphIndex]
                let members = subgraph.nodes.filter(included).filter { subgraphOfNode[$0] == subgraphIndex }
                    .sorted { nodes[$0].id < nodes[$1].id }
                if members.isEmpty { continue }
                output += "  subgraph cluster_\(subgraph.id) {\n"
                output += "    label=\"subgraph \(subgraph.id)\(subgraph.invalid ? " (invalid)" : "")\";\n"
                output += "    style=rounded;\n    color=gray;\n"
                for member in members {
                    output += "  " + nodeLines[member]
                    placed.insert(member)
                }
                output += "  }\n"
            }
            for index in order where !placed.contains(index) {
                output += nodeLines[index]
            }
            output += edgeLines.joined()
        }
        // Cycle steps with no dependency edge (e.g. a nested update started by the host).
        if let path = cycle?.path, path.count > 1 {
            for position in 0..<(path.count - 1) {
                let step = Pair(reader: path[position], read: path[position + 1])
                guard !drawnSteps.contains(step), let reader = indexByID[step.reader], let read = indexByID[step.read],
                    included(reader), included(read)
                else { continue }
                drawnSteps.insert(step)
                let label = position == path.count - 2 ? "re-entry" : "nested update"
                output += "  _\(step.read) -> _\(step.reader)[color=magenta penwidth=3 style=dashed label=\"\(label)\"];\n"
            }
        }
        output += "}\n"
        return output
    }

    private struct Pair: Hashable {
        var reader: UInt32
        var read: UInt32
    }

    private func nodeLine(
        _ node: GraphArchive.Node, type: GraphArchive.TypeEntry, hasInputs: Bool, hasOutputs: Bool, onCycle: Bool
    ) -> String {
        if node.indirect != nil {
            return "  _\(node.id)[label=\"\(node.id)\" shape=box\(onCycle ? " fontcolor=magenta penwidth=3 peripheries=2" : "")];\n"
        }
        var line = "  _\(node.id)[label=\"\(node.id): \(escape(node.desc ?? type.name, limit: options.truncationLimit))"
        if options.includeValues, let value = node.value, node.hasValue {
            line += " → " + escape(value, limit: options.truncationLimit)
        }
        line += "\""
        let filled = node.isUpdating
        if filled { line += " fillcolor=cyan" }
        if node.hasValue && hasInputs && hasOutputs {
            if filled { line += " style=filled" }
        } else {
            line += node.hasValue ? " style=\"bold\(filled ? ",filled" : "")\"" : " style=\"dashed\(filled ? ",filled" : "")\""
        }
        if node.isDirty { line += " color=red" }
        if onCycle { line += (node.isDirty ? "" : " color=magenta") + " fontcolor=magenta penwidth=3 peripheries=2" }
        line += "];\n"
        return line
    }

    /// Truncates to `limit` characters (adding `…`) and escapes for a quoted DOT string.
    package func escape(_ text: String, limit: Int) -> String {
        var truncated = text
        if limit > 0, text.count > limit {
            truncated = String(text.prefix(limit)) + "…"
        }
        var escaped = ""
        for character in truncated {
            switch character {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\r": break
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
