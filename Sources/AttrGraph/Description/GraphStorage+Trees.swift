import AttrGraphArchive
extension GraphStorage {
    /// The recorded trees of `subgraphs` as archive elements: each subgraph's elements in the
    /// order they were begun (parents before children), the root first. `arrayIndexOfNode` maps
    /// node indices to positions in the archive's `nodes`; attributes outside this graph or no
    /// longer alive are left out.
    func archiveTrees(
        of subgraphs: [Subgraph], arrayIndexOfNode: [UInt32: Int], clip: (String) -> String
    ) -> [GraphArchive.TreeElement] {
        let engine = self.engine
        func nodeIndex(_ attribute: AnyAttribute) -> Int? {
            guard attribute != .nil, engine.owns(attribute) else { return nil }
            let index = GraphRegistry.index(attribute.rawValue)
            guard index != 0, index < state.pointee.highWater,
                !engine.node(index).pointee.flags.contains(.free),
                attribute.seed == 0 || engine.node(index).pointee.generation == attribute.seed
            else { return nil }
            return arrayIndexOfNode[index]
        }
        var elements: [GraphArchive.TreeElement] = []
        var owners: [(root: Int, owner: AnyAttribute)] = []
        for subgraph in subgraphs {
            guard let tree = subgraph.tree else { continue }
            let base = elements.count
            for (position, element) in tree.elements.enumerated() {
                let isRoot = position == 0
                let entry = GraphArchive.TreeElement(
                    node: nodeIndex(isRoot ? (tree.owner ?? .nil) : element.value),
                    offset: element.offset == 0 ? nil : element.offset,
                    desc: element.type.map { clip(_typeDescription($0)) }, root: isRoot,
                    flags: element.flags == 0 ? nil : Int(element.flags),
                    children: element.children.map { base + $0 },
                    nodes: element.nodes.compactMap(nodeIndex),
                    values: element.values.compactMap { value in
                        nodeIndex(value.attribute).map {
                            GraphArchive.TreeElement.Value(key: String(cString: value.key), node: $0)
                        }
                    })
                if isRoot, let owner = tree.owner { owners.append((elements.count, owner)) }
                elements.append(entry)
            }
        }
        // A subgraph's tree hangs under the element whose value is its owner, else the element
        // that created the owner.
        if !owners.isEmpty {
            var byValue: [Int: Int] = [:]
            var byCreated: [Int: Int] = [:]
            for (index, element) in elements.enumerated() {
                if !element.root, let node = element.node { byValue[node] = byValue[node] ?? index }
                for node in element.nodes { byCreated[node] = byCreated[node] ?? index }
            }
            for (root, owner) in owners {
                guard let node = nodeIndex(owner), let parent = byValue[node] ?? byCreated[node], parent != root else { continue }
                elements[root].owner = parent
            }
        }
        return elements
    }
}
