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
/// nested update rather than a dependency) with the cause as the graph label, `rankdir`, and
/// the recorded trees in a cluster of their own (see `renderTrees`).
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
        /// Draws the graph's recorded trees, if it has any (see `renderTrees`).
        package var drawTrees = true

        package init(
            includeValues: Bool = false, truncationLimit: Int = 40, attributeIDs: Set<UInt32>? = nil,
            clusterSubgraphs: Bool = false, rankdir: String? = nil, highlightCycle: Bool = true,
            drawTrees: Bool = true
        ) {
            self.drawTrees = drawTrees
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

    /// Renders `graph` as one string.
    package func render(_ graph: GraphArchive.Graph) -> String {
        OutputBuffer.collect { output in try render(graph, into: &output) }
    }

    /// Renders `graph` into `output`, in chunks (a million-node graph is never one string);
    /// `progress` is called with the fraction of nodes written. Rethrows the output's errors.
    ///
    /// Memory beyond the archive: a few 32-bit arrays per node and edge (the incoming edges of
    /// each node as offsets into one sorted edge list, the id order of the nodes).
    package func render(
        _ graph: GraphArchive.Graph, into output: inout OutputBuffer, progress: ((Double) -> Void)? = nil
    ) throws {
        let nodes = graph.nodes
        let included: (Int) -> Bool = { index in
            options.attributeIDs.map { $0.contains(nodes[index].id) } ?? true
        }
        var contextOfNode = [Int32](repeating: 0, count: nodes.count)
        var subgraphOfNode = [Int32](repeating: -1, count: nodes.count)
        for (subgraphIndex, subgraph) in graph.subgraphs.enumerated() {
            for node in subgraph.nodes {
                contextOfNode[node] = Int32(truncatingIfNeeded: subgraph.contextID)
                subgraphOfNode[node] = Int32(subgraphIndex)
            }
        }
        // Incoming edges per node, as a range of one array sorted by destination, then by the
        // source's id (the order the edges are written in).
        var inputStart = [Int32](repeating: 0, count: nodes.count + 1)
        var hasOutputs = [Bool](repeating: false, count: nodes.count)
        for edge in graph.edges {
            inputStart[edge.dst + 1] += 1
            hasOutputs[edge.src] = true
        }
        for index in 0..<nodes.count { inputStart[index + 1] += inputStart[index] }
        var incoming = [Int32](repeating: 0, count: graph.edges.count)
        var fill = inputStart
        for (position, edge) in graph.edges.enumerated() {
            incoming[Int(fill[edge.dst])] = Int32(position)
            fill[edge.dst] += 1
        }
        let edges = graph.edges
        for index in 0..<nodes.count where inputStart[index + 1] - inputStart[index] > 1 {
            incoming[Int(inputStart[index])..<Int(inputStart[index + 1])].sort {
                (nodes[edges[Int($0)].src].id, $0) < (nodes[edges[Int($1)].src].id, $1)
            }
        }
        let order = nodes.indices.filter(included).sorted { nodes[$0].id < nodes[$1].id }
        // Node index by attribute id (for cycle paths and dependencies), through the id order.
        let byID = nodes.indices.sorted { nodes[$0].id < nodes[$1].id }
        func nodeIndex(ofID id: UInt32) -> Int? {
            var low = 0
            var high = byID.count
            while low < high {
                let middle = (low + high) / 2
                if nodes[byID[middle]].id < id { low = middle + 1 } else { high = middle }
            }
            return low < byID.count && nodes[byID[low]].id == id ? byID[low] : nil
        }

        // The cycle: its nodes, and its steps as (reader, read) pairs.
        let cycle = options.highlightCycle ? graph.cycle : nil
        let cycleIDs = Set(cycle?.path ?? [])
        var cycleSteps: Set<Pair> = []
        if let path = cycle?.path, path.count > 1 {
            for position in 0..<(path.count - 1) {
                cycleSteps.insert(Pair(reader: path[position], read: path[position + 1]))
            }
        }

        try output.write("digraph {\n")
        if let rankdir = options.rankdir {
            try output.write("  rankdir=\(rankdir);\n")
        }
        if let cycle {
            var label = "cycle through attribute \(cycle.attribute)"
            if let cause = cycle.cause { label += "\\n" + escape(cause, limit: 200) }
            try output.write("  label=\"\(label)\";\n  labelloc=t;\n  fontcolor=magenta;\n")
        }

        var drawnSteps: Set<Pair> = []
        /// The incoming edges of `index`, as lines.
        func edgeLines(of index: Int, into output: inout OutputBuffer) throws {
            let node = nodes[index]
            for position in Int(inputStart[index])..<Int(inputStart[index + 1]) {
                let edge = edges[Int(incoming[position])]
                guard included(edge.src) else { continue }
                let source = nodes[edge.src]
                var attributes = ""
                if let indirect = node.indirect {
                    attributes += "label=\"@\(indirect.offset)\""
                } else {
                }
                let step = Pair(reader: node.id, read: source.id)
                if cycleSteps.contains(step) {
                    // One colour per edge: a changed edge on the cycle is drawn as the cycle's.
                    attributes += " color=magenta penwidth=3"
                    drawnSteps.insert(step)
                } else if node.indirect == nil {
                    if edge.isChanged { attributes += " color=red" }
                    if contextOfNode[edge.src] != contextOfNode[index] { attributes += " penwidth=2" }
                }
                try output.write("  _\(source.id) -> _\(node.id)[\(attributes)];\n")
            }
            if let dependency = node.indirect?.dependency, let dependencyIndex = nodeIndex(ofID: dependency),
                included(dependencyIndex)
            {
                try output.write("  _\(dependency) -> _\(node.id)[color=blue];\n")
            }
        }
        func nodeLine(_ index: Int) -> String {
            let node = nodes[index]
            return self.nodeLine(
                node, type: graph.types[node.type], hasInputs: inputStart[index + 1] > inputStart[index],
                hasOutputs: hasOutputs[index], onCycle: cycleIDs.contains(node.id))
        }

        if options.clusterSubgraphs {
            var placed = [Bool](repeating: false, count: nodes.count)
            let subgraphOrder = graph.subgraphs.indices.sorted { graph.subgraphs[$0].id < graph.subgraphs[$1].id }
            for subgraphIndex in subgraphOrder {
                let subgraph = graph.subgraphs[subgraphIndex]
                let members = subgraph.nodes.filter { included($0) && subgraphOfNode[$0] == Int32(subgraphIndex) }
                    .sorted { nodes[$0].id < nodes[$1].id }
                if members.isEmpty { continue }
                // Quoted when negative: `cluster_-5` unquoted is a name and a number to Graphviz.
                try output.write(subgraph.id < 0 ? "  subgraph \"cluster_\(subgraph.id)\" {\n" : "  subgraph cluster_\(subgraph.id) {\n")
                try output.write("    label=\"subgraph \(subgraph.id)\(subgraph.invalid ? " (invalid)" : "")\";\n")
                try output.write("    style=rounded;\n    color=gray;\n")
                for member in members {
                    try output.write("  " + nodeLine(member))
                    placed[member] = true
                }
                try output.write("  }\n")
            }
            for index in order where !placed[index] {
                try output.write(nodeLine(index))
            }
            for index in order { try edgeLines(of: index, into: &output) }
        } else {
            for (position, index) in order.enumerated() {
                try output.write(nodeLine(index))
                try edgeLines(of: index, into: &output)
                if let progress, position % 4096 == 4095 {
                    progress(Double(position + 1) / Double(max(order.count, 1)))
                }
            }
        }
        // Cycle steps with no dependency edge (e.g. a nested update started by the host).
        if let path = cycle?.path, path.count > 1 {
            for position in 0..<(path.count - 1) {
                let step = Pair(reader: path[position], read: path[position + 1])
                guard !drawnSteps.contains(step), let reader = nodeIndex(ofID: step.reader), let read = nodeIndex(ofID: step.read),
                    included(reader), included(read)
                else { continue }
                drawnSteps.insert(step)
                let label = position == path.count - 2 ? "re-entry" : "nested update"
                try output.write("  _\(step.read) -> _\(step.reader)[color=magenta penwidth=3 style=dashed label=\"\(label)\"];\n")
            }
        }
        try renderTrees(graph, included: included, into: &output)
        try output.write("}\n")
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
    ///
    /// Escaping works on Unicode scalars, not `Character`s: a quote or backslash followed by a
    /// combining mark, a zero-width joiner or a variation selector is one `Character` but still a
    /// quote or backslash to Graphviz, so each is escaped on its own. Line breaks become `\n`;
    /// other control characters (NUL included) would be invisible or cut the string in C code,
    /// so they are shown as their Unicode control pictures (␀ for NUL), and the C1 controls
    /// and lone surrogates' replacement as U+FFFD.
    package func escape(_ text: String, limit: Int) -> String {
        var truncated = text
        if limit > 0, text.count > limit {
            truncated = String(text.prefix(limit)) + "…"
        }
        var escaped = String.UnicodeScalarView()
        for scalar in truncated.unicodeScalars {
            switch scalar.value {
            case 0x22:  // "
                escaped.append("\\")
                escaped.append(scalar)
            case 0x5C:  // backslash
                escaped.append("\\")
                escaped.append("\\")
            case 0x0A:
                escaped.append("\\")
                escaped.append("n")
            case 0x0D:
                continue
            case 0x00..<0x20:
                escaped.append(Unicode.Scalar(0x2400 + scalar.value)!)
            case 0x7F:
                escaped.append("\u{2421}")
            case 0x80..<0xA0,
                // Bidirectional controls: they would reorder the label as drawn, so that it reads
                // as something it does not say.
                0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
                escaped.append("\u{FFFD}")
            default:
                escaped.append(scalar)
            }
        }
        return String(escaped)
    }
}
