import AttrGraph
import Foundation

/// A layout pass's result: the top-level nodes and their frames in the window (every other
/// frame is in the placement caches of `engine`, which made it, relative to their parent).
struct LayoutResult: Equatable {
    var roots: [DisplayNode]
    var frames: [CGRect]
    var window: CGSize
    let engine: LayoutEngine

    static func == (lhs: LayoutResult, rhs: LayoutResult) -> Bool {
        lhs.roots == rhs.roots && lhs.frames == rhs.frames && lhs.window == rhs.window && lhs.engine === rhs.engine
    }
}

extension LayoutEngine {
    /// Lays out `roots` in a window of `window` size: the top-level views stack vertically,
    /// centred, as in a hosting view. Subtrees whose node, proposal and size are those of the
    /// previous pass are not visited.
    func layOut(_ roots: [DisplayNode], in window: CGSize) -> LayoutResult {
        statistics.passes += 1
        // Container-relative frames are sized from the window, which no cache key holds.
        if window != containerSize {
            if containerSize != .zero { invalidateCaches() }
            containerSize = window
        }
        let proposal = ProposedViewSize(window)
        let (size, sizes) = stack(roots, axis: .vertical, spacing: nil, proposal: proposal)
        var y = Self.offset(size.height, in: window.height, 0.5)
        var frames: [CGRect] = []
        frames.reserveCapacity(roots.count)
        for (node, nodeSize) in zip(roots, sizes) {
            let x = Self.offset(nodeSize.width, in: window.width, 0.5)
            frames.append(CGRect(x: x, y: y, width: nodeSize.width, height: nodeSize.height))
            layOutSubtree(node, proposal: ProposedViewSize(width: window.width, height: nodeSize.height), size: nodeSize)
            y += nodeSize.height + Self.defaultSpacing
        }
        return LayoutResult(roots: roots, frames: frames, window: window, engine: self)
    }

    private struct Pending {
        /// Unretained: the caller keeps the root alive, and each node's parent's `children` keep
        /// it (display nodes are immutable, and a pass releases none).
        var node: Unmanaged<DisplayNode>
        var proposal: ProposedViewSize
        var size: CGSize
    }

    /// Places `node`'s children and theirs, skipping subtrees laid out the same way before.
    private func layOutSubtree(_ node: DisplayNode, proposal: ProposedViewSize, size: CGSize) {
        if isLaidOut(node, proposal: proposal, size: size) { return }
        // An explicit stack: layout depth is the view tree's depth, which a deep tree could make large.
        var pending = [Pending(node: .passUnretained(node), proposal: proposal, size: size)]
        while let next = pending.popLast() {
            next.node._withUnsafeGuaranteedRef { node in
                place(node, proposal: next.proposal, size: next.size, pending: &pending)
            }
        }
    }

    /// Places `node`'s children, and adds to `pending` those that have children to place.
    @inline(__always)
    private func place(_ node: DisplayNode, proposal: ProposedViewSize, size: CGSize, pending: inout [Pending]) {
        refreshCache(of: node)
        cacheForStoring(of: node).pointee.laidOut = (proposal, size)
        let placements = placement(of: node, proposal: proposal, size: size)
        // A leaf has nothing to place, and a subtree laid out the same way before has nothing
        // new: neither is pushed. When every child is a leaf (a stack of texts), none is read at
        // all. The children are visited unretained: `node`'s array keeps them alive.
        guard node.hasContainerChildren else { return }
        placements.withUnsafeBufferPointer { placements in
            Self.forEach(node.children) { index, child in
                guard !child.children.isEmpty, !placements[index].frame.isNull else { return }
                let proposal = placements[index].proposal, size = placements[index].frame.size
                if isLaidOut(child, proposal: proposal, size: size) { return }
                pending.append(Pending(node: .passUnretained(child), proposal: proposal, size: size))
            }
        }
    }

    /// Whether `node` was laid out by a pass of this engine at `proposal` and `size` since the
    /// caches were last invalidated (then its subtree is as that pass left it). Reads the node's
    /// head and cache without making them current (a stale or missing one answers no).
    @inline(__always)
    private func isLaidOut(_ node: DisplayNode, proposal: ProposedViewSize, size: CGSize) -> Bool {
        guard node.layoutSlots === slots else { return false }
        let entry = head(of: node)
        guard entry.pointee.generation == generation, entry.pointee.cacheInUse,
            let laidOut = entry.pointee.cache.pointee.laidOut
        else { return false }
        return laidOut.proposal == proposal && laidOut.size == size
    }
}

extension LayoutResult {
    /// The public render tree with window-coordinate frames.
    var renderTree: [RenderNode] {
        zip(roots, frames).map { node, frame in node.renderNode(frame: frame, engine: engine) }
    }

    /// Calls `body` with every node that reports its geometry and its frame in the window.
    /// Before each call, the node's sink is told the named coordinate spaces around the node
    /// (``GeometrySink/coordinateSpaces``), which it adds to the proxy it is delivered.
    func forEachGeometryNode(_ body: (DisplayNode, CGRect) -> Void) {
        var pending: [(DisplayNode, CGRect, [NamedFrame])] = zip(roots, frames).filter { $0.0.hasGeometry }.map { ($0, $1, []) }
        while let (node, frame, outer) = pending.popLast() {
            var spaces = outer
            if let name = node.annotations?.coordinateSpaceName { spaces.append(NamedFrame(name: name, frame: frame)) }
            if let sink = node.annotations?.geometry {
                sink.coordinateSpaces = spaces
                body(node, frame)
            }
            guard let placement = engine.lastPlacement(of: node), placement.children.count == node.children.count else { continue }
            for (child, place) in zip(node.children, placement.children) where child.hasGeometry && !place.frame.isNull {
                pending.append((child, place.frame.offsetBy(dx: frame.minX, dy: frame.minY), spaces))
            }
        }
    }
}
