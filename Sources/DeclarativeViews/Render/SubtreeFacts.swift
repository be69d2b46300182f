// How a `DisplayNode` sums up its subtree for the layout: the flags it stores, computed once
// when the node is made (nodes are immutable).

/// What the layout needs to know about a node and its subtree (see the flags of
/// ``DisplayNode``), from its kind, its children's facts and its annotations, in one pass.
struct SubtreeFacts {
    var hasGeometry: Bool
    var layoutClass: LayoutClass
    var expandsHorizontally: Bool
    var expandsVertically: Bool
    var rigidVertically: Bool
    var hasLayoutPriority: Bool
    var idealWhenWider: Bool
    var hasAlignmentGuides: Bool
    var alignsOnGuides: Bool
    /// A text's length in cells when it is one line of ASCII (``DisplayNode/singleLineTextCells``).
    var singleLineTextCells: UInt32
    /// Whether a child has children of its own (``DisplayNode/hasContainerChildren``).
    var hasContainerChildren: Bool

    /// Everything is borrowed (`__shared`: read, not copied): a copy of the kind retains its
    /// strings, and one of the children their array, for every node made.
    init(kind: borrowing RenderNode.Kind, children: __shared [DisplayNode], annotationBox: __shared AnnotationBox?) {
        var childGeometry = false, childrenExpandH = false, childrenExpandV = false, childrenRigidV = true
        var childrenIdealWhenWider = true, childGuides = false, childContainers = false
        for child in children {
            childContainers = childContainers || !child.children.isEmpty
            childGuides = childGuides || child.hasAlignmentGuides
            childGeometry = childGeometry || child.hasGeometry
            childrenExpandH = childrenExpandH || child.expandsHorizontally
            childrenExpandV = childrenExpandV || child.expandsVertically
            childrenRigidV = childrenRigidV && child.rigidVertically
            childrenIdealWhenWider = childrenIdealWhenWider && child.idealWhenWider
        }
        // Each read through the box, field by field: the annotations are too large to copy.
        hasGeometry = annotationBox?.value.geometry != nil || childGeometry
        hasContainerChildren = childContainers
        let ownPriority = annotationBox?.value.layoutPriority != nil
        hasAlignmentGuides = childGuides || !(annotationBox?.value.alignmentGuides.isEmpty ?? true)
        // Whether the node's own alignment is on a guide other than the standard ones (set by
        // the switch below, which reads the kind once for everything the layout needs).
        var ownGuide = false
        switch kind {
        case .padding, .frame, .flexibleFrame, .decorated:
            hasLayoutPriority = ownPriority || (children.first?.hasLayoutPriority ?? false)
        default:
            hasLayoutPriority = ownPriority
        }
        singleLineTextCells = .max
        switch kind {
        case .text(let string):
            layoutClass = .text
            singleLineTextCells = TextMetrics.singleLineASCIICount(string).map { UInt32(clamping: $0) } ?? .max
        case .spacer: layoutClass = .spacer
        case .divider: layoutClass = .divider
        default: layoutClass = .other
        }
        switch kind {
        case .text:
            (expandsHorizontally, expandsVertically, rigidVertically) = (false, false, true)
        case .vstack(let alignment, _):
            ownGuide = alignment.fraction == nil
            (expandsHorizontally, expandsVertically, rigidVertically) = (childrenExpandH, childrenExpandV, childrenRigidV)
        case .hstack(let alignment, _):
            ownGuide = alignment.fraction == nil
            (expandsHorizontally, expandsVertically, rigidVertically) = (childrenExpandH, childrenExpandV, childrenRigidV)
        case .zstack(let alignment):
            ownGuide = !alignment.isStandard
            (expandsHorizontally, expandsVertically, rigidVertically) = (childrenExpandH, childrenExpandV, childrenRigidV)
        case .button, .padding:
            (expandsHorizontally, expandsVertically, rigidVertically) = (childrenExpandH, childrenExpandV, childrenRigidV)
        case .frame(let width, let height, let alignment):
            ownGuide = !alignment.isStandard
            (expandsHorizontally, expandsVertically, rigidVertically) =
                (width == nil && childrenExpandH, height == nil && childrenExpandV, height != nil || childrenRigidV)
        case .spacer, .divider, .list, .window, .tabView, .tab, .navigationSplitView, .navigationStack, .column,
            .geometryReader, .shape, .layout:
            (expandsHorizontally, expandsVertically, rigidVertically) = (true, true, false)
        case .decorated(_, let alignment):
            ownGuide = !alignment.isStandard
            // The content decides the size.
            let content = children.first
            (expandsHorizontally, expandsVertically, rigidVertically) =
                (content?.expandsHorizontally ?? false, content?.expandsVertically ?? false, content?.rigidVertically ?? true)
        case .lazyGrid(let grid):
            // Flexible and adaptive tracks fill what the grid is offered across; along the
            // axis it grows, cells are offered no length, so its length depends on the other only.
            let fills = grid.items.contains { if case .fixed = $0.size { false } else { true } }
            (expandsHorizontally, expandsVertically, rigidVertically) =
                grid.axis == .vertical ? (fills, false, true) : (false, fills, false)
        case .flexibleFrame(let frame):
            ownGuide = !frame.alignment.isStandard
            // A maximum (not only an infinite one) makes the frame grow towards it when offered
            // more than its content needs.
            (expandsHorizontally, expandsVertically, rigidVertically) = (
                frame.maxWidth != nil || childrenExpandH,
                frame.maxHeight != nil || childrenExpandV,
                false)
        }
        alignsOnGuides = childGuides || ownGuide
        switch kind {
        case .text:
            idealWhenWider = true
        case .vstack, .hstack, .zstack, .button, .padding, .frame:
            // Each child is offered at least its own ideal width (a stack's or overlay's ideal
            // width is made of its children's), and no height (the node is rigid).
            idealWhenWider = rigidVertically && !expandsHorizontally && childrenIdealWhenWider
        case .decorated:
            idealWhenWider = rigidVertically && !expandsHorizontally && (children.first?.idealWhenWider ?? true)
        default:
            idealWhenWider = false
        }
    }
}

/// The kinds of node the layout engine's caches treat specially.
enum LayoutClass: UInt8 {
    case text, spacer, divider, other
}
