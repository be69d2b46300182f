/// Recorded trees (`Subgraph.beginTreeElement` …, DeclarativeViews' view hierarchy) drawn beside
/// the attribute graph: a cluster "tree" whose elements are notes `tree_I` labelled with their
/// value's type (and flags when set), solid dark-green edges from parent to child, a dotted edge
/// from the element a subgraph hangs under (its owner) to the subgraph's root, and dashed gray
/// edges from each element to the attributes it names — its value's attribute (unlabelled) and
/// its keyed values (labelled with the key). Elements are written in archive order.
extension DOTRenderer {
    func renderTrees(_ graph: GraphArchive.Graph, included: (Int) -> Bool, into output: inout OutputBuffer) throws {
        let trees = graph.trees
        guard options.drawTrees, !trees.isEmpty else { return }
        let nodes = graph.nodes
        try output.write("  subgraph cluster_tree {\n")
        try output.write("    label=\"tree\";\n    style=rounded;\n    color=darkgreen;\n")
        for (index, element) in trees.enumerated() {
            var label = escape(element.desc ?? (element.root ? "root" : "element"), limit: options.truncationLimit)
            if let flags = element.flags, flags != 0 { label += " (flags \(flags))" }
            let shape = element.root ? "folder" : "note"
            try output.write("    tree_\(index)[label=\"\(label)\" shape=\(shape) color=darkgreen fontcolor=darkgreen];\n")
        }
        try output.write("  }\n")
        for (index, element) in trees.enumerated() {
            for child in element.children {
                try output.write("  tree_\(index) -> tree_\(child)[color=darkgreen penwidth=2];\n")
            }
            if let owner = element.owner {
                try output.write("  tree_\(owner) -> tree_\(index)[color=darkgreen style=dotted];\n")
            }
            if let node = element.node, included(node) {
                try output.write("  tree_\(index) -> _\(nodes[node].id)[color=gray style=dashed arrowhead=none];\n")
            }
            for value in element.values where included(value.node) {
                let key = escape(value.key, limit: options.truncationLimit)
                try output.write("  tree_\(index) -> _\(nodes[value.node].id)[color=gray style=dashed label=\"\(key)\" fontcolor=gray];\n")
            }
        }
    }
}
