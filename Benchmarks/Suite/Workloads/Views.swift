import DeclarativeViews
import Foundation
import RunLoopBridge

/// DeclarativeViews on the graph: mounting a 10,000-row view tree, and one `@State` change in
/// it. The floor is the same render tree built directly from the data by plain function calls
/// (what a non-incremental renderer does on every change).
enum Views {
    static func run(_ options: RunOptions) throws -> [Row] {
        let sections = options.quick ? 10 : 100
        let rowsPerSection = 100
        let rows = sections * rowsPerSection
        let mountName = "views-mount-\(rows)"
        let changeName = "views-state-change-\(rows)"
        guard options.includes(mountName) || options.includes(changeName) || options.includes("views") else { return [] }
        return try MainActor.assumeIsolated {
            try measure(sections: sections, rowsPerSection: rowsPerSection, options: options,
                        names: (mountName, changeName))
        }
    }

    @MainActor
    static func measure(sections: Int, rowsPerSection: Int, options: RunOptions,
                        names: (mount: String, change: String)) throws -> [Row] {
        let rows = sections * rowsPerSection
        let samples = options.quick ? 1 : min(options.samples, 5)
        // Mount: build the graph, run every body, render.
        var mountTime = Double.infinity
        var host: ViewHost?
        var remote = Remote()
        for _ in 0..<samples + 1 {
            host?.invalidate()
            host = nil
            remote = Remote()
            let scheduler = ManualUpdateScheduler()
            let start = now()
            let mounted = ViewHost(Tree(sections: sections, rowsPerSection: rowsPerSection, remote: remote), scheduler: scheduler)
            mounted.update()
            mountTime = min(mountTime, now() - start)
            host = mounted
        }
        guard let host else { return [] }
        let tree = host.renderTree
        try expect(tree.first?.children.count == sections, names.mount, "\(tree.first?.children.count ?? 0) sections rendered")
        try expect(host.bodyEvaluations(of: TreeRow.self) == rows, names.mount,
                   "\(host.bodyEvaluations(of: TreeRow.self)) row bodies ran")
        try expect(remote.increments.count == rows, names.mount, "\(remote.increments.count) rows appeared")
        let composites = 1 + sections + rows
        let mountFloor = best(samples: samples) { blackHole(directTree(sections: sections, rowsPerSection: rowsPerSection, counts: [:])) }

        // One state change: one row's counter, then the update that brings the tree up to date.
        let target = rows / 2 + 7
        var presses = 0
        host.resetCounters()
        let changeTime = best(samples: options.quick ? 1 : options.samples * 10) {
            remote.increments[target]?()
            host.update()
            presses += 1
        }
        try expect(host.totalBodyEvaluations == presses, names.change,
                   "\(host.totalBodyEvaluations) bodies ran for \(presses) changes (expected one each)")
        let expected = directTree(sections: sections, rowsPerSection: rowsPerSection, counts: [target: presses])
        try expect(host.renderTree.map(withoutFrames) == expected, names.change, "the render tree differs from the directly built one")
        let changeFloor = best(samples: options.quick ? 1 : options.samples) {
            blackHole(directTree(sections: sections, rowsPerSection: rowsPerSection, counts: [target: presses]))
        }
        host.invalidate()
        var mountRow = Row(
            workload: names.mount, attrgraph: options.quick ? nil : mountTime, floor: options.quick ? nil : mountFloor,
            observation: nil, nodes: composites, verified: true)
        if !options.quick {
            mountRow.notes.append(("mount time per composite view", mountTime / Double(composites) * 1e9, "ns"))
        }
        let changeRow = Row(
            workload: names.change, attrgraph: options.quick ? nil : changeTime,
            floor: options.quick ? nil : changeFloor, observation: nil, nodes: 1, verified: true)
        return [mountRow, changeRow]
    }

    static func withoutFrames(_ node: RenderNode) -> RenderNode {
        RenderNode(kind: node.kind, children: node.children.map(withoutFrames))
    }

    /// The same render tree, built directly.
    static func directTree(sections: Int, rowsPerSection: Int, counts: [Int: Int]) -> [RenderNode] {
        var sectionNodes: [RenderNode] = []
        sectionNodes.reserveCapacity(sections)
        for section in 0..<sections {
            var children = [RenderNode(kind: .text("Section \(section)"))]
            children.reserveCapacity(rowsPerSection + 1)
            for row in 0..<rowsPerSection {
                let id = section * rowsPerSection + row
                children.append(
                    RenderNode(
                        kind: .hstack(alignment: .center, spacing: nil),
                        children: [
                            RenderNode(kind: .text("Row \(id)")),
                            RenderNode(kind: .button(label: "+", isEnabled: true), children: [RenderNode(kind: .text("+"))]),
                            RenderNode(kind: .text("\(counts[id] ?? 0)")),
                        ]))
            }
            sectionNodes.append(RenderNode(kind: .vstack(alignment: .leading, spacing: nil), children: children))
        }
        return [RenderNode(kind: .vstack(alignment: .center, spacing: nil), children: sectionNodes)]
    }
}

/// Lets the benchmark press a row's button without searching the render tree.
final class Remote {
    var increments: [Int: () -> Void] = [:]
}

struct Tree: View {
    let sections: Int
    let rowsPerSection: Int
    let remote: Remote
    var body: some View {
        VStack {
            ForEach(0..<sections) { section in
                TreeSection(index: section, rows: rowsPerSection, remote: remote)
            }
        }
    }
}

struct TreeSection: View {
    let index: Int
    let rows: Int
    let remote: Remote
    var body: some View {
        VStack(alignment: .leading) {
            Text("Section \(index)")
            ForEach(0..<rows) { row in
                TreeRow(id: index * rows + row, remote: remote)
            }
        }
    }
}

struct TreeRow: View {
    let id: Int
    let remote: Remote
    @State private var count = 0
    var body: some View {
        HStack {
            Text("Row \(id)")
            Button("+") { count += 1 }
            Text("\(count)")
        }
        .onAppear { remote.increments[id] = { count += 1 } }
    }
}
