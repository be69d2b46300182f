import AttrGraphArchive
import Foundation

/// Which nodes of a graph to show: `--around ID --depth K`, `--only IDS`, `--type REGEX`.
/// Filters combine (a node must pass all that are given).
package enum Selection {
    /// The attribute ids to render, or `nil` for all.
    package static func attributeIDs(in graph: GraphArchive.Graph, options: Options) throws(AGDumpError) -> Set<UInt32>? {
        var selected: Set<UInt32>?
        func intersect(_ ids: Set<UInt32>) {
            selected = selected.map { $0.intersection(ids) } ?? ids
        }
        let known = Set(graph.nodes.map(\.id))
        if let around = options.around {
            guard known.contains(around) else {
                throw AGDumpError(.usage, "agdump: attribute \(around) is not in graph \(graph.id) (\(nearbyHint(around, known)))")
            }
            intersect(neighbourhood(of: around, depth: options.depth, in: graph))
        }
        if let only = options.only {
            let missing = only.subtracting(known)
            if missing.count == only.count {
                throw AGDumpError(
                    .usage, "agdump: none of the --only ids (\(only.sorted().map(String.init).joined(separator: ","))) is in graph \(graph.id)")
            }
            intersect(only.intersection(known))
        }
        if let pattern = options.typePattern {
            let expression: NSRegularExpression
            do {
                expression = try NSRegularExpression(pattern: pattern)
            } catch {
                throw AGDumpError(.usage, "agdump: --type: '\(pattern)' is not a valid regular expression")
            }
            var matching: Set<UInt32> = []
            for node in graph.nodes {
                let name = graph.types[node.type].name
                if expression.firstMatch(in: name, range: NSRange(name.startIndex..., in: name)) != nil {
                    matching.insert(node.id)
                }
            }
            intersect(matching)
        }
        return selected
    }

    /// `id` and every node at most `depth` edges away, following edges in both directions.
    package static func neighbourhood(of id: UInt32, depth: Int, in graph: GraphArchive.Graph) -> Set<UInt32> {
        var neighbours = [[Int]](repeating: [], count: graph.nodes.count)
        for edge in graph.edges {
            neighbours[edge.src].append(edge.dst)
            neighbours[edge.dst].append(edge.src)
        }
        guard let start = graph.nodes.firstIndex(where: { $0.id == id }) else { return [] }
        var distance = [Int](repeating: -1, count: graph.nodes.count)
        distance[start] = 0
        var queue = [start]
        var head = 0
        while head < queue.count {
            let index = queue[head]
            head += 1
            if distance[index] == depth { continue }
            for next in neighbours[index] where distance[next] < 0 {
                distance[next] = distance[index] + 1
                queue.append(next)
            }
        }
        return Set(queue.map { graph.nodes[$0].id })
    }

    private static func nearbyHint(_ id: UInt32, _ known: Set<UInt32>) -> String {
        guard let low = known.min(), let high = known.max() else { return "the graph has no attributes" }
        return "its attribute ids run from \(low) to \(high)"
    }
}
