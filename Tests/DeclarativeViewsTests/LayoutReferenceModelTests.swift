import DeclarativeViews
import Foundation
import RunLoopBridge
import Testing

/// The layout engine against a from-scratch model of the same rules, on random view trees.
///
/// The engine answers most questions from per-node caches, and takes shortcuts that rest on
/// properties of views (a stack whose children fit gives them their ideal sizes; a view offered
/// more width than it ideally takes keeps its ideal size). The model below has no cache and no
/// shortcut other than the documented fits rule: it recomputes every size from the tree, so a
/// cache answering a question it should not — or a property that does not hold for some view —
/// shows up as a frame that differs.
@MainActor
@Suite struct LayoutReferenceModelTests {
    @Test func randomTreesLayOutAsTheModelSaysAcrossResizesAndInvalidations() {
        var generator = SeededGenerator(seed: 0x1A70_07)
        for index in 0..<120 {
            let spec = TreeSpec.random(depth: 4, using: &generator)
            // Windows from roomy to narrow enough to wrap texts, then back.
            let widths: [CGFloat] = [1200, 160, 64, 400, 1200, 24]
            let host = ViewHost(spec.view, scheduler: ManualUpdateScheduler(), windowSize: CGSize(width: widths[0], height: 900))
            for (step, width) in widths.enumerated() {
                host.windowSize = CGSize(width: width, height: 900)
                if step == 3 { host.invalidateLayout() }
                host.update()
                let tree = host.renderTree
                let expected = ReferenceLayout.frames(of: tree, window: host.windowSize)
                let actual = ReferenceLayout.preorder(tree).map(\.frame)
                #expect(actual == expected, "tree \(index) at width \(width):\n\(spec)")
                if actual != expected { return }
            }
            host.invalidate()
        }
    }

    @Test func randomTreesWithLayoutPrioritiesLayOutAsTheModelSays() {
        var generator = SeededGenerator(seed: 0x9_1017)
        for index in 0..<80 {
            let spec = TreeSpec.random(depth: 4, using: &generator, priorities: true)
            let host = ViewHost(spec.view, scheduler: ManualUpdateScheduler(), windowSize: CGSize(width: 1200, height: 900))
            for width: CGFloat in [1200, 160, 64, 400] {
                host.windowSize = CGSize(width: width, height: 900)
                host.update()
                let tree = host.renderTree
                let expected = ReferenceLayout.frames(of: tree, window: host.windowSize)
                let actual = ReferenceLayout.preorder(tree).map(\.frame)
                #expect(actual == expected, "tree \(index) at width \(width):\n\(spec)")
                if actual != expected { return }
            }
            host.invalidate()
        }
    }

    @Test func aTextOfferedAtLeastItsWidthKeepsItsIdealSize() {
        var generator = SeededGenerator(seed: 42)
        for _ in 0..<500 {
            let text = TreeSpec.randomText(using: &generator)
            let ideal = TextMetrics.size(of: text, proposedWidth: nil)
            for extra in [0, 0.5, 1, 7, 8, 100] as [CGFloat] {
                #expect(TextMetrics.size(of: text, proposedWidth: ideal.width + extra) == ideal, "\(text.debugDescription)")
            }
        }
    }
}

// MARK: - Random trees

/// A random view tree of texts, spacers, stacks, buttons, backgrounds and overlays, padding, fixed and flexible frames.
indirect enum TreeSpec: CustomStringConvertible {
    case text(String)
    case spacer(CGFloat?)
    case vstack(HorizontalAlignment, CGFloat?, [TreeSpec])
    case hstack(VerticalAlignment, CGFloat?, [TreeSpec])
    case zstack(Alignment, [TreeSpec])
    case padding(EdgeInsets, TreeSpec)
    case frame(CGFloat?, CGFloat?, Alignment, TreeSpec)
    /// `.frame(minWidth:maxWidth:minHeight:maxHeight:alignment:)`.
    case flexibleFrame(RenderNode.FlexibleFrame, TreeSpec)
    /// `Button(action:label:)`.
    case button(TreeSpec)
    /// `.background(alignment:content:)` (or `.overlay`); a nil decoration is `Color.blue`.
    case decorated(background: Bool, Alignment, TreeSpec, TreeSpec?)
    /// `.layoutPriority(_:)`.
    case priority(Double, TreeSpec)

    static let words = ["a", "to", "the", "graph", "layout", "unbreakable", "x y z", "wide 漢字", "two\nlines", ""]

    static func randomText(using generator: inout SeededGenerator) -> String {
        (0..<Int.random(in: 1...4, using: &generator)).map { _ in words.randomElement(using: &generator)! }
            .joined(separator: " ")
    }

    /// `priorities`: whether stack children get random layout priorities (a third of them).
    static func random(depth: Int, using generator: inout SeededGenerator, priorities: Bool = false) -> TreeSpec {
        let roll = Int.random(in: 0..<10, using: &generator)
        if depth == 0 || roll < 3 {
            return roll == 0 && depth < 4
                ? .spacer(Bool.random(using: &generator) ? nil : CGFloat(Int.random(in: 0...20, using: &generator)))
                : .text(randomText(using: &generator))
        }
        func children() -> [TreeSpec] {
            (0..<Int.random(in: 1...4, using: &generator)).map { _ in
                let child = random(depth: depth - 1, using: &generator, priorities: priorities)
                guard priorities, Int.random(in: 0..<3, using: &generator) == 0 else { return child }
                return .priority(Double(Int.random(in: -1...2, using: &generator)), child)
            }
        }
        let spacing: CGFloat? = Bool.random(using: &generator) ? nil : CGFloat(Int.random(in: 0...12, using: &generator))
        let alignments: [Alignment] = [.center, .topLeading, .bottomTrailing, .leading, .top]
        switch roll {
        case 3, 4:
            return .vstack([.leading, .center, .trailing].randomElement(using: &generator)!, spacing, children())
        case 5, 6:
            return .hstack([.top, .center, .bottom].randomElement(using: &generator)!, spacing, children())
        case 7:
            switch Int.random(in: 0..<3, using: &generator) {
            case 0: return .zstack(alignments.randomElement(using: &generator)!, children())
            case 1: return .button(random(depth: depth - 1, using: &generator, priorities: priorities))
            default:
                let decoration = Bool.random(using: &generator) ? nil : random(depth: 1, using: &generator)
                return .decorated(
                    background: Bool.random(using: &generator), alignments.randomElement(using: &generator)!,
                    random(depth: depth - 1, using: &generator, priorities: priorities), decoration)
            }
        case 8:
            func inset() -> CGFloat { CGFloat(Int.random(in: 0...10, using: &generator)) }
            return .padding(EdgeInsets(top: inset(), leading: inset(), bottom: inset(), trailing: inset()),
                            random(depth: depth - 1, using: &generator, priorities: priorities))
        default:
            func length() -> CGFloat? { Bool.random(using: &generator) ? nil : CGFloat(Int.random(in: 0...120, using: &generator)) }
            guard Bool.random(using: &generator) else {
                return .frame(length(), length(), alignments.randomElement(using: &generator)!,
                              random(depth: depth - 1, using: &generator, priorities: priorities))
            }
            // Bounds: none, a length, or (for maxima) infinity; a minimum never above its maximum.
            func bounds() -> (Double?, Double?) {
                let low = Int.random(in: 0..<3, using: &generator) == 0 ? Double(Int.random(in: 0...80, using: &generator)) : nil
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: return (low, .infinity)
                case 1: return (low, (low ?? 0) + Double(Int.random(in: 0...200, using: &generator)))
                default: return (low, nil)
                }
            }
            let (minWidth, maxWidth) = bounds()
            let (minHeight, maxHeight) = bounds()
            return .flexibleFrame(
                RenderNode.FlexibleFrame(
                    minWidth: minWidth, maxWidth: maxWidth, minHeight: minHeight, maxHeight: maxHeight,
                    alignment: alignments.randomElement(using: &generator)!),
                random(depth: depth - 1, using: &generator, priorities: priorities))
        }
    }

    @MainActor var view: AnyView {
        switch self {
        case .text(let string): AnyView(Text(string))
        case .spacer(let minLength): AnyView(Spacer(minLength: minLength))
        case .vstack(let alignment, let spacing, let children):
            AnyView(VStack(alignment: alignment, spacing: spacing) { ForEach(children.indices, id: \.self) { children[$0].view } })
        case .hstack(let alignment, let spacing, let children):
            AnyView(HStack(alignment: alignment, spacing: spacing) { ForEach(children.indices, id: \.self) { children[$0].view } })
        case .zstack(let alignment, let children):
            AnyView(ZStack(alignment: alignment) { ForEach(children.indices, id: \.self) { children[$0].view } })
        case .padding(let insets, let content): AnyView(content.view.padding(insets))
        case .frame(let width, let height, let alignment, let content):
            AnyView(content.view.frame(width: width, height: height, alignment: alignment))
        case .button(let label):
            AnyView(Button(action: {}) { label.view })
        case .decorated(let background, let alignment, let content, let decoration):
            switch (background, decoration) {
            case (true, let decoration?): AnyView(content.view.background(alignment: alignment) { decoration.view })
            case (true, nil): AnyView(content.view.background(alignment: alignment) { Color.blue })
            case (false, let decoration?): AnyView(content.view.overlay(alignment: alignment) { decoration.view })
            case (false, nil): AnyView(content.view.overlay(alignment: alignment) { Color.blue })
            }
        case .priority(let priority, let content):
            AnyView(content.view.layoutPriority(priority))
        case .flexibleFrame(let frame, let content):
            AnyView(content.view.frame(
                minWidth: frame.minWidth.map { CGFloat($0) }, maxWidth: frame.maxWidth.map { CGFloat($0) },
                minHeight: frame.minHeight.map { CGFloat($0) }, maxHeight: frame.maxHeight.map { CGFloat($0) },
                alignment: frame.alignment))
        }
    }

    var description: String { describe(indent: "") }

    private func describe(indent: String) -> String {
        let inner = indent + "  "
        switch self {
        case .text(let string): return indent + "Text(\(string.debugDescription))"
        case .spacer(let minLength): return indent + "Spacer(minLength: \(minLength.map { "\($0)" } ?? "nil"))"
        case .vstack(let alignment, let spacing, let children):
            return indent + "VStack(\(alignment), \(spacing.map { "\($0)" } ?? "nil"))\n"
                + children.map { $0.describe(indent: inner) }.joined(separator: "\n")
        case .hstack(let alignment, let spacing, let children):
            return indent + "HStack(\(alignment), \(spacing.map { "\($0)" } ?? "nil"))\n"
                + children.map { $0.describe(indent: inner) }.joined(separator: "\n")
        case .zstack(let alignment, let children):
            return indent + "ZStack(\(alignment))\n" + children.map { $0.describe(indent: inner) }.joined(separator: "\n")
        case .padding(let insets, let content): return indent + "padding(\(insets))\n" + content.describe(indent: inner)
        case .frame(let width, let height, let alignment, let content):
            return indent + "frame(\(width.map { "\($0)" } ?? "nil"), \(height.map { "\($0)" } ?? "nil"), \(alignment))\n"
                + content.describe(indent: inner)
        case .flexibleFrame(let frame, let content):
            return indent + "\(frame)\n" + content.describe(indent: inner)
        case .button(let label):
            return indent + "Button\n" + label.describe(indent: inner)
        case .priority(let priority, let content):
            return indent + "layoutPriority(\(priority))\n" + content.describe(indent: inner)
        case .decorated(let background, let alignment, let content, let decoration):
            return indent + (background ? "background" : "overlay") + "(\(alignment))\n" + content.describe(indent: inner)
                + "\n" + (decoration?.describe(indent: inner) ?? inner + "Color.blue")
        }
    }
}

/// SplitMix64: the same trees on every run and platform.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

// MARK: - The model

/// The layout rules of `LayoutEngine` for texts, spacers, stacks, padding, fixed and flexible frames,
/// written again without caches: every size is computed from the subtree each time it is asked.
enum ReferenceLayout {
    typealias Proposal = (width: CGFloat?, height: CGFloat?)

    static let defaultSpacing: CGFloat = 8
    static let defaultSpacerLength: CGFloat = 8

    /// The frames of every node of `roots` in preorder, in window coordinates.
    static func frames(of roots: [RenderNode], window: CGSize) -> [CGRect?] {
        let sizes = stack(roots, horizontal: false, spacing: nil, proposal: (window.width, window.height)).sizes
        let total = stackLength(sizes, horizontal: false, spacing: nil)
        var y = offset(total.height, in: window.height, 0.5)
        var frames: [CGRect?] = []
        for (root, size) in zip(roots, sizes) {
            let frame = CGRect(x: offset(size.width, in: window.width, 0.5), y: y, width: size.width, height: size.height)
            place(root, frame: frame, proposal: (window.width, size.height), into: &frames)
            y += size.height + defaultSpacing
        }
        return frames
    }

    static func preorder(_ roots: [RenderNode]) -> [RenderNode] {
        roots.flatMap { [$0] + preorder($0.children) }
    }

    static func offset(_ length: CGFloat, in available: CGFloat, _ fraction: CGFloat) -> CGFloat {
        ((available - length) * fraction).rounded(.down)
    }

    static func fraction(_ alignment: HorizontalAlignment) -> CGFloat {
        switch alignment {
        case .leading: 0
        case .center: 0.5
        case .trailing: 1
        default: preconditionFailure("the model's trees align on the standard guides only")
        }
    }

    static func fraction(_ alignment: VerticalAlignment) -> CGFloat {
        switch alignment {
        case .top: 0
        case .center: 0.5
        case .bottom: 1
        default: preconditionFailure("the model's trees align on the standard guides only")
        }
    }

    /// A stack child's layout priority: on it, or on the view its padding, frame or decoration
    /// wraps (read from the render tree's `layoutPriority` attribute).
    static func priority(_ node: RenderNode) -> Double {
        if let value = node.attributes["layoutPriority"] { return Double(value) ?? 0 }
        switch node.kind {
        case .padding, .frame, .flexibleFrame, .decorated: return node.children.first.map(priority) ?? 0
        default: return 0
        }
    }

    /// Whether the node takes more room along the axis when offered more than its ideal size.
    static func expands(_ node: RenderNode, horizontal: Bool) -> Bool {
        switch node.kind {
        case .spacer, .shape: true
        case .decorated: node.children.first.map { expands($0, horizontal: horizontal) } ?? false
        case .flexibleFrame(let frame):
            (horizontal ? frame.maxWidth : frame.maxHeight) != nil || node.children.contains { expands($0, horizontal: horizontal) }
        case .frame(let width, let height, _):
            (horizontal ? width : height) == nil && node.children.contains { expands($0, horizontal: horizontal) }
        default: node.children.contains { expands($0, horizontal: horizontal) }
        }
    }

    static func inset(_ proposal: Proposal, _ insets: EdgeInsets) -> Proposal {
        (proposal.width.map { max(0, $0 - insets.leading - insets.trailing) },
         proposal.height.map { max(0, $0 - insets.top - insets.bottom) })
    }

    /// `horizontal`: the axis of the stack the node is in, if any.
    static func size(_ node: RenderNode, _ proposal: Proposal, inStack horizontal: Bool? = nil) -> CGSize {
        switch node.kind {
        case .text(let string):
            return TextMetrics.size(of: string, proposedWidth: proposal.width)
        case .spacer(let minLength):
            let minimum = minLength.map { CGFloat($0) } ?? defaultSpacerLength
            guard let horizontal else {
                return CGSize(width: max(proposal.width ?? 0, 0), height: max(proposal.height ?? 0, 0))
            }
            return horizontal
                ? CGSize(width: max(proposal.width ?? minimum, minimum), height: 0)
                : CGSize(width: 0, height: max(proposal.height ?? minimum, minimum))
        case .vstack(_, let spacing):
            return stack(node.children, horizontal: false, spacing: spacing, proposal: proposal).size
        case .hstack(_, let spacing):
            return stack(node.children, horizontal: true, spacing: spacing, proposal: proposal).size
        case .zstack, .button:
            return overlay(node.children, proposal)
        case .shape:
            // What it is offered, 10 points where nothing is.
            return CGSize(width: proposal.width ?? 10, height: proposal.height ?? 10)
        case .decorated:
            // The content decides (asked outside any stack); the decorations get its size.
            return node.children.first.map { size($0, proposal) } ?? .zero
        case .padding(let insets):
            let content = overlay(node.children, inset(proposal, insets))
            return CGSize(width: content.width + insets.leading + insets.trailing, height: content.height + insets.top + insets.bottom)
        case .frame(let width, let height, _):
            let content = overlay(node.children, (width.map { CGFloat($0) } ?? proposal.width, height.map { CGFloat($0) } ?? proposal.height))
            return CGSize(width: width.map { CGFloat($0) } ?? content.width, height: height.map { CGFloat($0) } ?? content.height)
        case .flexibleFrame(let frame):
            // SwiftUI's rule: the content is offered the proposal clamped to the bounds; with a
            // minimum the frame is at least that (and at most the proposal, unless the content is
            // smaller), with a maximum at most that (and at least the proposal).
            let inner = flexibleProposal(frame, proposal)
            let content = overlay(node.children, inner)
            func length(_ content: CGFloat, _ proposed: CGFloat?, _ low: Double?, _ high: Double?) -> CGFloat {
                var length = content
                let proposed = proposed ?? content
                if let low { length = max(CGFloat(low), min(length, proposed)) }
                if let high { length = min(CGFloat(high), max(length, proposed)) }
                return length
            }
            return CGSize(
                width: length(content.width, inner.width, frame.minWidth, frame.maxWidth),
                height: length(content.height, inner.height, frame.minHeight, frame.maxHeight))
        default:
            Issue.record("the model does not lay out \(node.kind)")
            return .zero
        }
    }

    static func flexibleProposal(_ frame: RenderNode.FlexibleFrame, _ proposal: Proposal) -> Proposal {
        func clamp(_ proposed: CGFloat?, _ low: Double?, _ high: Double?) -> CGFloat? {
            guard var length = proposed else { return nil }
            if let high { length = min(length, CGFloat(high)) }
            if let low { length = max(length, CGFloat(low)) }
            return length
        }
        return (clamp(proposal.width, frame.minWidth, frame.maxWidth), clamp(proposal.height, frame.minHeight, frame.maxHeight))
    }

    static func overlay(_ children: [RenderNode], _ proposal: Proposal) -> CGSize {
        children.reduce(CGSize.zero) { result, child in
            let size = size(child, proposal)
            return CGSize(width: max(result.width, size.width), height: max(result.height, size.height))
        }
    }

    static func stackLength(_ sizes: [CGSize], horizontal: Bool, spacing: Double?) -> CGSize {
        guard !sizes.isEmpty else { return .zero }
        var main = (spacing.map { CGFloat($0) } ?? defaultSpacing) * CGFloat(sizes.count - 1)
        var cross: CGFloat = 0
        for size in sizes {
            main += horizontal ? size.width : size.height
            cross = max(cross, horizontal ? size.height : size.width)
        }
        return horizontal ? CGSize(width: main, height: cross) : CGSize(width: cross, height: main)
    }

    static func proposal(main: CGFloat?, cross: CGFloat?, horizontal: Bool) -> Proposal {
        horizontal ? (main, cross) : (cross, main)
    }

    /// The stack algorithm: children that do not expand and fit get their ideal sizes; otherwise
    /// each, least flexible first, is offered an equal share of what is left.
    static func stack(_ children: [RenderNode], horizontal: Bool, spacing: Double?, proposal: Proposal)
        -> (size: CGSize, sizes: [CGSize])
    {
        guard !children.isEmpty else { return (.zero, []) }
        let gaps = (spacing.map { CGFloat($0) } ?? defaultSpacing) * CGFloat(children.count - 1)
        let main = horizontal ? proposal.width : proposal.height
        let cross = horizontal ? proposal.height : proposal.width
        let along = { (size: CGSize) in horizontal ? size.width : size.height }
        var sizes: [CGSize]
        if let main, main.isFinite, !children.contains(where: { expands($0, horizontal: horizontal) }) {
            sizes = children.map { size($0, self.proposal(main: nil, cross: cross, horizontal: horizontal), inStack: horizontal) }
            if sizes.reduce(gaps, { $0 + along($1) }) <= main {
                return (stackLength(sizes, horizontal: horizontal, spacing: spacing), sizes)
            }
        }
        if let main, main.isFinite {
            let flexibility = children.indices.map { index in
                let largest = size(children[index], self.proposal(main: .infinity, cross: cross, horizontal: horizontal), inStack: horizontal)
                let smallest = size(children[index], self.proposal(main: 0, cross: cross, horizontal: horizontal), inStack: horizontal)
                return (index: index, flex: along(largest) - along(smallest))
            }
            let order = flexibility.sorted { $0.flex < $1.flex || ($0.flex == $1.flex && $0.index < $1.index) }
            sizes = Array(repeating: .zero, count: children.count)
            var remaining = max(0, main - gaps)
            // By priority, highest first: a group is offered what is left less the smallest sizes
            // of the lower-priority children.
            let priorities = children.map(priority)
            let smallest = children.map { along(size($0, self.proposal(main: 0, cross: cross, horizontal: horizontal), inStack: horizontal)) }
            for level in Set(priorities).sorted(by: >) {
                let group = order.filter { priorities[$0.index] == level }
                let reserved = children.indices.filter { priorities[$0] < level }.reduce(CGFloat(0)) { $0 + smallest[$1] }
                var available = max(0, remaining - reserved)
                var left = CGFloat(group.count)
                for entry in group {
                    let offer = self.proposal(main: max(0, available / left), cross: cross, horizontal: horizontal)
                    sizes[entry.index] = size(children[entry.index], offer, inStack: horizontal)
                    available -= along(sizes[entry.index])
                    remaining -= along(sizes[entry.index])
                    left -= 1
                }
            }
        } else {
            sizes = children.map { size($0, self.proposal(main: main, cross: cross, horizontal: horizontal), inStack: horizontal) }
        }
        return (stackLength(sizes, horizontal: horizontal, spacing: spacing), sizes)
    }

    /// Appends the frames of `node` (at `frame`) and its subtree.
    static func place(_ node: RenderNode, frame: CGRect, proposal: Proposal, into frames: inout [CGRect?]) {
        frames.append(frame)
        func placeOverlay(_ proposal: Proposal, in bounds: CGRect, _ alignment: Alignment) {
            for child in node.children {
                let size = size(child, proposal)
                let origin = CGPoint(
                    x: frame.minX + bounds.minX + offset(size.width, in: bounds.width, fraction(alignment.horizontal)),
                    y: frame.minY + bounds.minY + offset(size.height, in: bounds.height, fraction(alignment.vertical)))
                place(child, frame: CGRect(origin: origin, size: size), proposal: proposal, into: &frames)
            }
        }
        func placeStack(horizontal: Bool, spacing: Double?, crossFraction: CGFloat) {
            let sizes = stack(node.children, horizontal: horizontal, spacing: spacing, proposal: proposal).sizes
            let cross = horizontal ? proposal.height : proposal.width
            var position: CGFloat = 0
            for (child, size) in zip(node.children, sizes) {
                let origin = horizontal
                    ? CGPoint(x: frame.minX + position, y: frame.minY + offset(size.height, in: frame.height, crossFraction))
                    : CGPoint(x: frame.minX + offset(size.width, in: frame.width, crossFraction), y: frame.minY + position)
                let offer = self.proposal(main: horizontal ? size.width : size.height, cross: cross, horizontal: horizontal)
                place(child, frame: CGRect(origin: origin, size: size), proposal: offer, into: &frames)
                position += (horizontal ? size.width : size.height) + (spacing.map { CGFloat($0) } ?? defaultSpacing)
            }
        }
        let bounds = CGRect(origin: .zero, size: frame.size)
        switch node.kind {
        case .vstack(let alignment, let spacing): placeStack(horizontal: false, spacing: spacing, crossFraction: fraction(alignment))
        case .hstack(let alignment, let spacing): placeStack(horizontal: true, spacing: spacing, crossFraction: fraction(alignment))
        case .zstack(let alignment): placeOverlay(proposal, in: bounds, alignment)
        case .button: placeOverlay(proposal, in: bounds, .center)
        case .decorated(_, let alignment):
            guard let content = node.children.first else { return }
            place(content, frame: frame, proposal: proposal, into: &frames)
            for decoration in node.children.dropFirst() {
                let size = size(decoration, (frame.width, frame.height))
                let origin = CGPoint(
                    x: frame.minX + offset(size.width, in: frame.width, fraction(alignment.horizontal)),
                    y: frame.minY + offset(size.height, in: frame.height, fraction(alignment.vertical)))
                place(decoration, frame: CGRect(origin: origin, size: size), proposal: (frame.width, frame.height), into: &frames)
            }
        case .padding(let insets):
            let inner = CGRect(
                x: insets.leading, y: insets.top, width: max(0, frame.width - insets.leading - insets.trailing),
                height: max(0, frame.height - insets.top - insets.bottom))
            placeOverlay(inset(proposal, insets), in: inner, .topLeading)
        case .frame(let width, let height, let alignment):
            placeOverlay((width.map { CGFloat($0) } ?? proposal.width, height.map { CGFloat($0) } ?? proposal.height), in: bounds, alignment)
        case .flexibleFrame(let flexible):
            placeOverlay(flexibleProposal(flexible, proposal), in: bounds, flexible.alignment)
        default:
            for child in node.children { place(child, frame: .null, proposal: proposal, into: &frames) }
        }
    }
}
