import DeclarativeViews
import Foundation
import RunLoopBridge

/// Seed 004's comparison on the graph: laying out N = 10…10,000 text views, in one flat stack
/// and in nested stacks (alternating VStack and HStack, ten children each), against frames
/// computed by hand for the same tree in the same run; and one leaf change in a 10,000-view
/// tree. The series is also written as an SVG line chart.
///
/// The window is large enough that no text wraps, so the hand computation is the plain
/// "sizes of the texts, sums and maxima of the stacks" that seed 004 calls frame layout, and the
/// benchmark checks that the engine's frames are exactly those.
enum Layout {
    static let counts = [10, 100, 1_000, 10_000]

    static func run(_ options: RunOptions) throws -> [Row] {
        let counts = options.quick ? [10, 100] : Self.counts
        var rows: [Row] = []
        var series: [String: [(Int, Double)]] = [:]
        try MainActor.assumeIsolated {
            for shape in [Shape.flat, .nested] {
                for count in counts {
                    let name = "layout-\(shape)-\(count)"
                    guard options.includes(name) || options.includes("layout") else { continue }
                    let row = try measure(shape: shape, count: count, options: options, name: name)
                    rows.append(row)
                    if let engine = row.attrgraph, let hand = row.floor {
                        series["AttrGraph, \(shape)", default: []].append((count, engine))
                        series["by hand, \(shape)", default: []].append((count, hand))
                    }
                }
            }
            let changeName = "layout-leaf-change-10000"
            if !options.quick, options.includes(changeName) || options.includes("layout") {
                rows.append(try leafChange(options: options, name: changeName))
            }
        }
        if !options.quick, !series.isEmpty {
            do {
                try chart(series).write(toFile: options.layoutSVGPath, atomically: true, encoding: .utf8)
                FileHandle.standardError.write(Data("wrote the layout chart to \(options.layoutSVGPath)\n".utf8))
            } catch {
                FileHandle.standardError.write(Data("Benchmarks: cannot write \(options.layoutSVGPath): \(error)\n".utf8))
            }
        }
        return rows
    }

    enum Shape: String, CustomStringConvertible {
        case flat, nested
        var description: String { rawValue }
    }

    static let window = CGSize(width: 1_000_000, height: 1_000_000)

    @MainActor
    static func measure(shape: Shape, count: Int, options: RunOptions, name: String) throws -> Row {
        let host: ViewHost
        switch shape {
        case .flat: host = ViewHost(FlatList(count: count), scheduler: ManualUpdateScheduler(), windowSize: window)
        case .nested: host = ViewHost(NestedStacks(depth: depth(of: count), id: 0), scheduler: ManualUpdateScheduler(), windowSize: window)
        }
        host.update()
        defer { host.invalidate() }
        // The engine's frames must be the hand-computed ones.
        let expected = shape == .flat ? handFlat(count: count, window: window) : handNested(count: count, window: window)
        var actual: [CGRect] = []
        collectTextFrames(host.renderTree, into: &actual)
        try expect(actual == expected, name, "the engine's frames differ from the hand-computed ones")
        // Each sample lays everything out from scratch (the caches are dropped first).
        let samples = options.quick ? 1 : options.samples
        host.resetLayoutStatistics()
        let engine = best(samples: samples) {
            host.invalidateLayout()
            host.update()
        }
        let perPass = host.layoutStatistics.measurements / max(1, host.layoutStatistics.passes)
        try expect(perPass >= count, name, "a pass measured \(perPass) nodes, fewer than the \(count) texts")
        let hand = best(samples: samples) {
            let frames = shape == .flat ? handFlat(count: count, window: window) : handNested(count: count, window: window)
            blackHole(frames)
        }
        var row = Row(
            workload: name, attrgraph: options.quick ? nil : engine, floor: options.quick ? nil : hand,
            observation: nil, nodes: perPass, verified: true)
        if !options.quick {
            row.notes.append(("layout time per text view", engine / Double(count) * 1e9, "ns"))
        }
        return row
    }

    /// One leaf's text changes in the 10,000-leaf nested tree: its body, render and layout.
    @MainActor
    static func leafChange(options: RunOptions, name: String) throws -> Row {
        let remote = LeafRemote()
        let host = ViewHost(NestedStacks(depth: 4, id: 0, remote: remote), scheduler: ManualUpdateScheduler(), windowSize: window)
        host.update()
        defer { host.invalidate() }
        try expect(remote.grow.count == 10_000, name, "\(remote.grow.count) leaves registered")
        let target = 5_555
        host.resetLayoutStatistics()
        host.resetCounters()
        var changes = 0
        let time = best(samples: options.samples * 10) {
            remote.grow[target]?()
            host.update()
            changes += 1
        }
        let statistics = host.layoutStatistics
        try expect(statistics.passes == changes, name, "\(statistics.passes) layout passes for \(changes) changes")
        try expect(host.totalBodyEvaluations == changes, name, "\(host.totalBodyEvaluations) bodies for \(changes) changes")
        let perChange = Double(statistics.measurements) / Double(changes)
        var row = Row(workload: name, attrgraph: time, floor: nil, observation: nil, nodes: Int(perChange.rounded()), verified: true)
        row.notes.append(("sizes computed per change (the rest answered from caches)", perChange, "nodes"))
        return row
    }

    static func depth(of count: Int) -> Int {
        var depth = 0
        var value = 1
        while value < count { value *= 10; depth += 1 }
        return depth
    }

    static func label(_ id: Int) -> String { labels[id] }

    /// The texts of the views, made once (the views and the hand computation read the same strings).
    static let labels = (0..<10_000).map { "\($0 % 1000)" }

    // MARK: Frames by hand

    static func textSize(_ id: Int) -> CGSize {
        CGSize(width: CGFloat(labels[id].count) * TextMetrics.cellWidth, height: TextMetrics.lineHeight)
    }

    static func handFlat(count: Int, window: CGSize) -> [CGRect] {
        var sizes: [CGSize] = []
        sizes.reserveCapacity(count)
        var width: CGFloat = 0
        var height: CGFloat = 0
        for id in 0..<count {
            let size = textSize(id)
            sizes.append(size)
            width = max(width, size.width)
            height += size.height
        }
        height += 8 * CGFloat(count - 1)
        let originX = ((window.width - width) / 2).rounded(.down)
        var y = ((window.height - height) / 2).rounded(.down)
        var frames: [CGRect] = []
        frames.reserveCapacity(count)
        for size in sizes {
            frames.append(CGRect(x: originX + ((width - size.width) / 2).rounded(.down), y: y, width: size.width, height: size.height))
            y += size.height + 8
        }
        return frames
    }

    /// The nested tree: sizes bottom-up level by level, then frames top-down (depth 0 is the
    /// leaves; node `id` at depth `d` has children `id * 10 + c` at depth `d - 1`).
    static func handNested(count: Int, window: CGSize) -> [CGRect] {
        let depth = self.depth(of: count)
        var sizes: [[CGSize]] = [(0..<count).map(textSize)]
        for level in 1...max(depth, 1) where level <= depth {
            let horizontal = level % 2 == 1
            let below = sizes[level - 1]
            sizes.append((0..<(below.count / 10)).map { id in
                var main: CGFloat = 72
                var cross: CGFloat = 0
                for child in below[(id * 10)..<(id * 10 + 10)] {
                    main += horizontal ? child.width : child.height
                    cross = max(cross, horizontal ? child.height : child.width)
                }
                return horizontal ? CGSize(width: main, height: cross) : CGSize(width: cross, height: main)
            })
        }
        let rootSize = sizes[depth][0]
        var origins: [CGPoint] = [CGPoint(
            x: ((window.width - rootSize.width) / 2).rounded(.down), y: ((window.height - rootSize.height) / 2).rounded(.down))]
        var level = depth
        while level > 0 {
            let horizontal = level % 2 == 1
            var next: [CGPoint] = []
            next.reserveCapacity(origins.count * 10)
            for (id, origin) in origins.enumerated() {
                let size = sizes[level][id]
                var position: CGFloat = 0
                for child in (id * 10)..<(id * 10 + 10) {
                    let childSize = sizes[level - 1][child]
                    next.append(horizontal
                        ? CGPoint(x: origin.x + position, y: origin.y + ((size.height - childSize.height) / 2).rounded(.down))
                        : CGPoint(x: origin.x + ((size.width - childSize.width) / 2).rounded(.down), y: origin.y + position))
                    position += (horizontal ? childSize.width : childSize.height) + 8
                }
            }
            origins = next
            level -= 1
        }
        return zip(origins, sizes[0]).map { CGRect(origin: $0, size: $1) }
    }

    static func collectTextFrames(_ nodes: [RenderNode], into frames: inout [CGRect]) {
        for node in nodes {
            if case .text = node.kind, let frame = node.frame { frames.append(frame) }
            collectTextFrames(node.children, into: &frames)
        }
    }

    // MARK: The chart

    /// A log-log line chart of the series: N across, seconds up.
    static func chart(_ series: [String: [(Int, Double)]]) -> String {
        let width = 720.0, height = 440.0, left = 80.0, right = 220.0, top = 40.0, bottom = 60.0
        let times = series.values.flatMap { $0.map(\.1) }
        let minTime = pow(10, floor(log10(times.min() ?? 1e-6)))
        let maxTime = pow(10, ceil(log10(times.max() ?? 1)))
        let minCount = 10.0, maxCount = 10_000.0
        func x(_ count: Int) -> Double {
            left + (log10(Double(count)) - log10(minCount)) / (log10(maxCount) - log10(minCount)) * (width - left - right)
        }
        func y(_ time: Double) -> Double {
            top + (1 - (log10(time) - log10(minTime)) / (log10(maxTime) - log10(minTime))) * (height - top - bottom)
        }
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" font-family="sans-serif" font-size="12">
            <rect width="100%" height="100%" fill="white"/>
            <text x="\(left)" y="24" font-size="15">Layout time by number of views (log–log), AttrGraph vs. frames by hand</text>

            """
        for count in counts {
            svg += "<line x1=\"\(x(count))\" y1=\"\(top)\" x2=\"\(x(count))\" y2=\"\(height - bottom)\" stroke=\"#ddd\"/>\n"
            svg += "<text x=\"\(x(count))\" y=\"\(height - bottom + 18)\" text-anchor=\"middle\">\(count)</text>\n"
        }
        var decade = minTime
        while decade <= maxTime * 1.0001 {
            svg += "<line x1=\"\(left)\" y1=\"\(y(decade))\" x2=\"\(width - right)\" y2=\"\(y(decade))\" stroke=\"#ddd\"/>\n"
            svg += "<text x=\"\(left - 6)\" y=\"\(y(decade) + 4)\" text-anchor=\"end\">\(formatSeconds(decade))</text>\n"
            decade *= 10
        }
        svg += "<text x=\"\((left + width - right) / 2)\" y=\"\(height - 16)\" text-anchor=\"middle\">views (N)</text>\n"
        let colors = ["AttrGraph, flat": "#1f77b4", "by hand, flat": "#9ecae1", "AttrGraph, nested": "#d62728",
                      "by hand, nested": "#fc9272"]
        for (index, name) in series.keys.sorted().enumerated() {
            let points = series[name]!.sorted { $0.0 < $1.0 }
            let color = colors[name] ?? "black"
            let dashed = name.hasPrefix("by hand") ? " stroke-dasharray=\"6 4\"" : ""
            svg += "<polyline fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\"\(dashed) points=\""
                + points.map { "\(x($0.0)),\(y($0.1))" }.joined(separator: " ") + "\"/>\n"
            for point in points {
                svg += "<circle cx=\"\(x(point.0))\" cy=\"\(y(point.1))\" r=\"3\" fill=\"\(color)\"/>\n"
            }
            let legendY = top + 20 + Double(index) * 20
            svg += "<line x1=\"\(width - right + 16)\" y1=\"\(legendY - 4)\" x2=\"\(width - right + 40)\" y2=\"\(legendY - 4)\" stroke=\"\(color)\" stroke-width=\"2\"\(dashed)/>\n"
            svg += "<text x=\"\(width - right + 46)\" y=\"\(legendY)\">\(name)</text>\n"
        }
        return svg + "</svg>\n"
    }
}

// MARK: - The views

struct FlatList: View {
    let count: Int
    var body: some View {
        VStack {
            ForEach(0..<count) { id in
                Text(Layout.label(id))
            }
        }
    }
}

/// Lets the leaf-change benchmark change one leaf without searching the tree.
final class LeafRemote {
    var grow: [Int: () -> Void] = [:]
}

struct NestedStacks: View {
    let depth: Int
    let id: Int
    var remote: LeafRemote?
    var body: some View {
        if depth == 0 {
            if let remote {
                Leaf(id: id, remote: remote)
            } else {
                Text(Layout.label(id))
            }
        } else if depth % 2 == 1 {
            HStack {
                ForEach(0..<10) { child in NestedStacks(depth: depth - 1, id: id * 10 + child, remote: remote) }
            }
        } else {
            VStack {
                ForEach(0..<10) { child in NestedStacks(depth: depth - 1, id: id * 10 + child, remote: remote) }
            }
        }
    }
}

struct Leaf: View {
    let id: Int
    let remote: LeafRemote
    @State private var suffix = ""
    var body: some View {
        Text(Layout.label(id) + suffix)
            .onAppear { remote.grow[id] = { suffix = suffix.count < 3 ? suffix + "!" : "" } }
    }
}
