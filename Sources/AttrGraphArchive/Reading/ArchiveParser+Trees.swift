
/// A graph's recorded trees (`"trees"`, from `Subgraph.beginTreeElement` …): an array of elements,
/// each `{node, offset, desc, root, flags, children, nodes, values: {key: {node, offset}}, owner}`.
extension ArchiveParser {
    mutating func readTrees(_ g: Int) throws(ArchiveReadError) -> [GraphArchive.TreeElement] {
        var elements: [GraphArchive.TreeElement] = []
        guard try array("graphs[\(g)].trees") else { return elements }
        repeat {
            elements.append(try readTreeElement("graphs[\(g)].trees[\(elements.count)]"))
        } while try scanner.nextElement()
        return elements
    }

    private mutating func readTreeElement(_ path: String) throws(ArchiveReadError) -> GraphArchive.TreeElement {
        var element = GraphArchive.TreeElement()
        var seen = Seen()
        let index = 0...Int(Int32.max)
        guard try object(path) else { return element }
        repeat {
            let keyStart = scanner.position
            let key = try scanner.readKey()
            if scanner.key(key, is: "node") {
                try mark(&seen, 0, key, at: keyStart)
                element.node = try scanner.readNull() ? nil : try int("\(path).node", in: index)
            } else if scanner.key(key, is: "offset") {
                try mark(&seen, 1, key, at: keyStart)
                element.offset = try scanner.readNull() ? nil : try int("\(path).offset", in: 0...Int(Int32.max))
            } else if scanner.key(key, is: "desc") {
                try mark(&seen, 2, key, at: keyStart)
                element.desc = try scanner.readNull() ? nil : try string("\(path).desc")
            } else if scanner.key(key, is: "root") {
                try mark(&seen, 3, key, at: keyStart)
                let valueStart = scanner.position
                switch try scanner.readValue() {
                case .bool(let flag): element.root = flag
                case .null: element.root = false
                default:
                    scanner.position = valueStart
                    throw shape("\(path).root", "expected a boolean, found \(kindName())", at: valueStart)
                }
            } else if scanner.key(key, is: "flags") {
                try mark(&seen, 4, key, at: keyStart)
                element.flags = try scanner.readNull() ? nil : try int("\(path).flags", in: 0...Int(UInt32.max))
            } else if scanner.key(key, is: "children") {
                try mark(&seen, 5, key, at: keyStart)
                element.children = try scanner.readNull() ? [] : try intArray("\(path).children", in: index)
            } else if scanner.key(key, is: "nodes") {
                try mark(&seen, 6, key, at: keyStart)
                element.nodes = try scanner.readNull() ? [] : try intArray("\(path).nodes", in: index)
            } else if scanner.key(key, is: "values") {
                try mark(&seen, 7, key, at: keyStart)
                element.values = try scanner.readNull() ? [] : try readTreeValues("\(path).values")
            } else if scanner.key(key, is: "owner") {
                try mark(&seen, 8, key, at: keyStart)
                element.owner = try scanner.readNull() ? nil : try int("\(path).owner", in: index)
            } else {
                try keepUnknown(key, at: keyStart, in: &element.extra, seen: &seen)
            }
        } while try scanner.nextMember()
        return element
    }

    private mutating func readTreeValues(_ path: String) throws(ArchiveReadError) -> [GraphArchive.TreeElement.Value] {
        var values: [GraphArchive.TreeElement.Value] = []
        var keys = SeenKeys()
        guard try object(path) else { return values }
        repeat {
            let keyStart = scanner.position
            let name = scanner.keyString(try scanner.readKey())
            if !keys.insert(name) { throw scanner.duplicateKey(name, at: keyStart) }
            let valuePath = "\(path).\(name)"
            let start = scanner.position
            var node: Int?
            var offset: Int?
            var seen = Seen()
            var ignored = JSONObject()
            if try object(valuePath) {
                repeat {
                    let memberStart = scanner.position
                    let key = try scanner.readKey()
                    if scanner.key(key, is: "node") {
                        try mark(&seen, 0, key, at: memberStart)
                        node = try int("\(valuePath).node", in: 0...Int(Int32.max))
                    } else if scanner.key(key, is: "offset") {
                        try mark(&seen, 1, key, at: memberStart)
                        offset = try scanner.readNull() ? nil : try int("\(valuePath).offset", in: 0...Int(Int32.max))
                    } else {
                        try keepUnknown(key, at: memberStart, in: &ignored, seen: &seen)
                    }
                } while try scanner.nextMember()
            }
            guard let node else { throw shape(valuePath, "missing \"node\"", at: start) }
            values.append(.init(key: name, node: node, offset: offset))
        } while try scanner.nextMember()
        return values
    }

    /// Every index is in range, an element has at most one parent, and following parents (or a
    /// root's owner) never comes back to where it started — a drawing of it is a forest.
    func validateTrees(_ graph: GraphArchive.Graph, path: String) throws(ArchiveReadError) {
        let trees = graph.trees
        guard !trees.isEmpty else { return }
        func dangling(_ where: String, _ index: Int, _ count: Int, _ array: String) -> ArchiveReadError {
            ArchiveReadError(
                .danglingIndex,
                "dangling index: " + ArchiveError.danglingIndex(path: `where`, index: index, count: count, array: array).description)
        }
        func invalid(_ where: String, _ reason: String) -> ArchiveReadError {
            ArchiveReadError(.notAnArchive, ArchiveError.notAnArchive(path: `where`, reason: reason).description)
        }
        let nodeCount = graph.nodes.count
        var parent = [Int](repeating: -1, count: trees.count)
        for (index, element) in trees.enumerated() {
            let here = "\(path).trees[\(index)]"
            if let node = element.node, node >= nodeCount { throw dangling("\(here).node", node, nodeCount, "nodes") }
            for (position, node) in element.nodes.enumerated() where node >= nodeCount {
                throw dangling("\(here).nodes[\(position)]", node, nodeCount, "nodes")
            }
            for value in element.values where value.node >= nodeCount {
                throw dangling("\(here).values.\(value.key).node", value.node, nodeCount, "nodes")
            }
            if let owner = element.owner, owner >= trees.count { throw dangling("\(here).owner", owner, trees.count, "trees") }
            for (position, child) in element.children.enumerated() {
                let childPath = "\(here).children[\(position)]"
                guard child < trees.count else { throw dangling(childPath, child, trees.count, "trees") }
                guard parent[child] < 0 else {
                    throw invalid(childPath, "element \(child) is already a child of element \(parent[child]); a tree element has one parent")
                }
                parent[child] = index
            }
        }
        // Walk up from each element; three colours keep it linear in the number of elements.
        var state = [UInt8](repeating: 0, count: trees.count)  // 0 new, 1 on the current walk, 2 done
        for start in trees.indices where state[start] == 0 {
            var walk: [Int] = []
            var current = start
            while current >= 0, state[current] == 0 {
                state[current] = 1
                walk.append(current)
                current = parent[current] >= 0 ? parent[current] : (trees[current].owner ?? -1)
            }
            if current >= 0, state[current] == 1 {
                throw invalid("\(path).trees[\(current)]", "its parents and owners lead back to itself; trees cannot contain cycles")
            }
            for element in walk { state[element] = 2 }
        }
    }
}
