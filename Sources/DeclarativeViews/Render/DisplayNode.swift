import AttrGraph
import Foundation

/// A node of the rendered output as the graph computes it: immutable, compared by identity.
///
/// Render rules build a new node only when its content changed; otherwise they keep the old
/// one, so an unchanged subtree is the same objects from update to update (cheap to compare,
/// and where later stages can cache what they computed from it).
final class DisplayNode: Equatable {
    // Stored properties are laid out in declaration order: what sizing reads first (the
    // flags and the layout slot) comes first, so that it shares the node's first cache line.
    /// Whether this node or a descendant reports its geometry (`GeometryReader`,
    /// `onGeometryChange`): layout passes visit only such subtrees to deliver geometry.
    let hasGeometry: Bool
    /// What the layout's hot paths need to know about `kind`, without copying its payload.
    let layoutClass: LayoutClass
    /// Whether the node (or something in it) takes more room along an axis when offered more
    /// than its ideal size (a spacer, a container that fills): stacks can lay out children that
    /// do not, and fit, at their ideal sizes without probing them.
    let expandsHorizontally: Bool
    let expandsVertically: Bool
    /// Whether the node's height depends only on the width it is offered (text, and stacks of
    /// such views): sizes are cached by width alone, and stacks need not probe its flexibility.
    let rigidVertically: Bool
    /// Whether the node has a layout priority (`.layoutPriority`, on it or on the view its
    /// padding, frame or decoration wraps): stacks look priorities up only when a child has one.
    let hasLayoutPriority: Bool
    /// Whether, offered at least its ideal width (and no height), the node takes its ideal size:
    /// a text that need not wrap, stacks and other containers of such views. Not a flexible
    /// frame (it grows towards its maximum) nor anything that expands.
    let idealWhenWider: Bool
    /// Whether the node or a descendant sets an alignment guide (`.alignmentGuide`): only then
    /// can a container's explicit guides differ from their defaults (text baselines aside).
    let hasAlignmentGuides: Bool
    /// Whether the node aligns its children on their guides rather than by the standard
    /// fractions of their sizes: a child sets a guide, or the node aligns on a guide other than
    /// leading, centre, trailing, top or bottom (a baseline, a custom guide). Most nodes do not,
    /// and lay out without looking at guides.
    let alignsOnGuides: Bool
    /// Whether a child has children of its own: a layout pass places the children of such a
    /// node's children. A stack of texts has none, and the pass reads none of its children.
    let hasContainerChildren: Bool
    /// A text's length in cells when it is one line of ASCII (its width when it need not wrap,
    /// over ``TextMetrics/cellWidth``), counted once here rather than by every layout pass
    /// that sizes it; `UInt32.max` for other texts (measured as they are laid out) and nodes.
    let singleLineTextCells: UInt32
    /// Where this node's layout results are in the storage of the engine that lays it out
    /// (``LayoutSlots``; ``LayoutSlots/none`` until it is first laid out). Layout state is the
    /// layout engine's, not the node's: the node carries only this index.
    ///
    /// `@exclusivity(unchecked)`: written once, by ``LayoutSlots/assign(to:)``, then only read.
    @exclusivity(unchecked) var layoutSlot = LayoutSlots.none
    /// The storage `layoutSlot` is in, which takes the slot back when the node goes away.
    @exclusivity(unchecked) var layoutSlots: LayoutSlots?
    /// The slot's ``NodeLayoutHead`` (which never moves), for the lookups of a pass without
    /// finding the slot's chunk first. Set with `layoutSlot`.
    @exclusivity(unchecked) var layoutHead: UnsafeMutablePointer<NodeLayoutHead>?
    /// (Before `kind`, whose payload is large: sizing and placing a stack read both.)
    let children: [DisplayNode]
    let kind: RenderNode.Kind
    /// A button's action.
    let action: ButtonAction?
    /// Annotations from modifiers that do not draw anything themselves (`.tag`, `.tabItem`…).
    var annotations: _Annotations? { annotationBox?.value }
    /// Boxed: most nodes have none, and inline they would take a third of every node.
    private let annotationBox: AnnotationBox?

    /// A node without annotations (most nodes: the annotations' large optional is not built,
    /// passed and tested for them).
    convenience init(kind: RenderNode.Kind, children: [DisplayNode] = [], action: ButtonAction? = nil) {
        self.init(kind: kind, children: children, action: action, annotationBox: nil)
    }

    convenience init(kind: RenderNode.Kind, children: [DisplayNode] = [], action: ButtonAction? = nil,
                     annotations: _Annotations?) {
        self.init(kind: kind, children: children, action: action, annotationBox: annotations.map(AnnotationBox.init))
    }

    private init(kind: RenderNode.Kind, children: [DisplayNode], action: ButtonAction?, annotationBox: AnnotationBox?) {
        // The facts come from a function that borrows the kind: read here, after it is stored,
        // the kind would be copied (its strings retained) for every node made.
        let facts = SubtreeFacts(kind: kind, children: children, annotationBox: annotationBox)
        hasGeometry = facts.hasGeometry
        layoutClass = facts.layoutClass
        expandsHorizontally = facts.expandsHorizontally
        expandsVertically = facts.expandsVertically
        rigidVertically = facts.rigidVertically
        hasLayoutPriority = facts.hasLayoutPriority
        idealWhenWider = facts.idealWhenWider
        hasAlignmentGuides = facts.hasAlignmentGuides
        alignsOnGuides = facts.alignsOnGuides
        singleLineTextCells = facts.singleLineTextCells
        hasContainerChildren = facts.hasContainerChildren
        self.children = children
        self.kind = kind
        self.action = action
        self.annotationBox = annotationBox
    }

    deinit {
        layoutSlots?.recycle(layoutSlot)
    }

    static func == (lhs: DisplayNode, rhs: DisplayNode) -> Bool { lhs === rhs }

    /// Whether this node already shows exactly this content.
    func shows(_ kind: RenderNode.Kind, children: [DisplayNode], action: ButtonAction?) -> Bool {
        self.kind == kind && self.children == children && self.action === action
    }

    /// The same node with `annotations` merged in.
    func annotated(_ update: (inout _Annotations) -> Void) -> DisplayNode {
        var merged = annotations ?? _Annotations()
        update(&merged)
        return DisplayNode(kind: kind, children: children, action: action, annotations: merged)
    }

    /// The text of every `Text` in this subtree, in order.
    func collectText(into texts: inout [String]) {
        if case .text(let string) = kind { texts.append(string) }
        for child in children { child.collectText(into: &texts) }
    }

    /// The public value tree, without frames.
    var renderNode: RenderNode {
        RenderNode(kind: kind, children: children.map(\.renderNode), attributes: annotations?.styles ?? [:])
    }

    /// A shape node's path in the bounds of `frame` (origin zero, as `path(in:)` is given it).
    private func shapePath(in frame: CGRect) -> Path? {
        annotations?.shape?.path(in: CGRect(origin: .zero, size: frame.size))
    }

    /// The public value tree with the frames of `engine`'s last layout pass, this node at `frame`
    /// (in window coordinates; `nil` for content that is not laid out, like hidden tabs).
    func renderNode(frame: CGRect?, engine: LayoutEngine) -> RenderNode {
        guard let frame, let placement = engine.lastPlacement(of: self), placement.children.count == children.count else {
            var node = RenderNode(
                kind: kind, children: children.map { $0.renderNode(frame: nil, engine: engine) }, frame: frame,
                attributes: annotations?.styles ?? [:])
            node.path = frame.flatMap(shapePath(in:))
            node.clipPath = frame.flatMap { frame in annotations?.clip?.path(in: CGRect(origin: .zero, size: frame.size)) }
            node.drawing = frame.flatMap { frame in annotations?.canvas?.draw(in: frame.size) }
            return node
        }
        var nodes: [RenderNode] = []
        nodes.reserveCapacity(children.count)
        for (child, place) in zip(children, placement.children) {
            nodes.append(child.renderNode(
                frame: place.frame.isNull ? nil : place.frame.offsetBy(dx: frame.minX, dy: frame.minY), engine: engine))
        }
        var node = RenderNode(kind: kind, children: nodes, frame: frame, attributes: annotations?.styles ?? [:])
        node.path = shapePath(in: frame)
        node.clipPath = annotations?.clip?.path(in: CGRect(origin: .zero, size: frame.size))
        node.drawing = annotations?.canvas?.draw(in: frame.size)
        return node
    }
}

/// What modifiers that only describe their content attach to it.
struct _Annotations: Equatable {
    var tag: AnyHashable?
    var tabItem: String?
    var navigationTitle: String?
    /// The geometry sink of a `GeometryReader` or `onGeometryChange` on this node.
    var geometry: GeometrySink?
    /// Recorded styling (`font`, `foregroundColor`…; see `Styling.swift`): name → value.
    var styles: [String: String] = [:]
    /// A text field's input (`TextField`), for ``ViewHost/type(_:into:)``.
    var textInput: TextInput?
    /// A row of an editable `ForEach` (`.onDelete`, `.onMove`).
    var rowEdit: RowEdit?
    /// A field's focus binding (`.focused(…)`).
    var focus: FocusLink?
    /// A focusable view's focus (`.focusable()`).
    var focusable: FocusableLink?
    /// The values the view publishes while it has the focus (`.focusedValue`, the innermost
    /// modifier's first) or always (`.focusedSceneValue`).
    var focusedValues: [FocusedValueEntry] = []
    /// Closes the presentation this node shows (a sheet's, an alert's), for ``ViewHost/dismiss()``.
    var dismiss: ButtonAction?
    /// Reveals the node's hidden actions (`.swipeActions`, `.contextMenu`), for the driver.
    var reveal: ButtonAction?
    /// The context menu of selectable rows (`.contextMenu(forSelectionType:menu:primaryAction:)`).
    var selectionMenu: SelectionMenuActions?
    /// Preference writes (`.preference`, `.transformPreference`), the innermost modifier's first.
    var preferences: [PreferenceWrite] = []
    /// The layout of a custom ``Layout`` container's node.
    var customLayout: CustomLayoutBox?
    /// `.layoutValue(key:value:)`s on the view.
    var layoutValues: LayoutValues?
    /// `.layoutPriority(_:)` on the view.
    var layoutPriority: Double?
    /// `.alignmentGuide(_:computeValue:)`s on the view, the innermost first.
    var alignmentGuides: [AlignmentGuideEntry] = []
    /// `.coordinateSpace(name:)` on the view.
    var coordinateSpaceName: AnyHashable?
    /// How the view enters and leaves the tree (`.transition`).
    var transition: AnyTransition?
    /// What `.transaction` / `.animation(_:value:)` modifiers do to the transaction of changes
    /// in this subtree, the innermost modifier's first.
    var transactionScopes: [TransactionScope] = []
    /// The shape a shape's node draws (its path is evaluated in the laid-out frame).
    var shape: ShapeOutline?
    /// The shape `.clipShape(_:)` (or `.clipped()`: a rectangle) clips the node to.
    var clip: ShapeOutline?
    /// A canvas's renderer, run in the laid-out frame.
    var canvas: CanvasDrawing?
    /// The action of `.refreshable` content, for ``ViewHost/pullToRefresh(_:)``.
    var refresh: RefreshLink?
    /// The gestures attached to the view (`.gesture`…), the innermost first, for the driver.
    var gestures: [GestureLink] = []
    /// The accessibility action handlers on the view (`.accessibilityAction`…), for the driver.
    var accessibilityActions: AccessibilityActions?
    /// Key-press handlers (`.onKeyPress`, `.onMoveCommand`…), the innermost modifier's first, for
    /// ``ViewHost/press(_:modifiers:)``.
    var keyPresses: [KeyPressHandler] = []
    /// Pointer-hover handlers (`.onHover`, `.onContinuousHover`), the innermost modifier's first,
    /// for ``ViewHost/hover(_:at:)``.
    var hovers: [HoverLink] = []
    /// `.onOpenURL` actions, for ``ViewHost/openApp(with:)``.
    var urlHandlers: [OpenURLHandlerLink] = []
    /// The value `.draggable` drags from the view, for ``ViewHost/dragAndDrop(_:onto:at:)``.
    var dragSource: DragSourceLink?
    /// `.dropDestination`s on the view, the innermost modifier's first.
    var dropTargets: [DropLink] = []

    static func == (lhs: _Annotations, rhs: _Annotations) -> Bool {
        lhs.tag == rhs.tag && lhs.tabItem == rhs.tabItem && lhs.navigationTitle == rhs.navigationTitle
            && lhs.geometry === rhs.geometry && lhs.styles == rhs.styles && lhs.textInput === rhs.textInput
            && lhs.rowEdit == rhs.rowEdit && lhs.dismiss === rhs.dismiss
            && lhs.reveal === rhs.reveal && lhs.selectionMenu === rhs.selectionMenu
            && lhs.focus === rhs.focus && lhs.focusable === rhs.focusable
            && lhs.focusedValues.count == rhs.focusedValues.count
            && zip(lhs.focusedValues, rhs.focusedValues).allSatisfy { $0 === $1 }
            && lhs.customLayout === rhs.customLayout && lhs.layoutValues === rhs.layoutValues
            && lhs.layoutPriority == rhs.layoutPriority
            && lhs.alignmentGuides.count == rhs.alignmentGuides.count
            && zip(lhs.alignmentGuides, rhs.alignmentGuides).allSatisfy { $0 === $1 }
            && lhs.coordinateSpaceName == rhs.coordinateSpaceName
            && lhs.shape === rhs.shape && lhs.clip === rhs.clip && lhs.canvas === rhs.canvas && lhs.refresh === rhs.refresh
            && lhs.gestures.count == rhs.gestures.count && zip(lhs.gestures, rhs.gestures).allSatisfy { $0 === $1 }
            && lhs.accessibilityActions === rhs.accessibilityActions
            && lhs.keyPresses.count == rhs.keyPresses.count && zip(lhs.keyPresses, rhs.keyPresses).allSatisfy { $0 === $1 }
            && lhs.hovers.count == rhs.hovers.count && zip(lhs.hovers, rhs.hovers).allSatisfy { $0 === $1 }
            && lhs.urlHandlers.count == rhs.urlHandlers.count && zip(lhs.urlHandlers, rhs.urlHandlers).allSatisfy { $0 === $1 }
            && lhs.dragSource === rhs.dragSource
            && lhs.dropTargets.count == rhs.dropTargets.count && zip(lhs.dropTargets, rhs.dropTargets).allSatisfy { $0 === $1 }
            && lhs.preferences.count == rhs.preferences.count
            && zip(lhs.preferences, rhs.preferences).allSatisfy { $0 === $1 }
            && lhs.transition == rhs.transition
            && lhs.transactionScopes.count == rhs.transactionScopes.count
            && zip(lhs.transactionScopes, rhs.transactionScopes).allSatisfy { $0 === $1 }
    }
}

/// A display node's annotations, out of line.
final class AnnotationBox {
    let value: _Annotations

    init(_ value: _Annotations) {
        self.value = value
    }
}

/// A button's action, kept up to date by the button's render rule.
final class ButtonAction {
    var action: @MainActor () -> Void
    var isEnabled = true

    init(_ action: @escaping @MainActor () -> Void) {
        self.action = action
    }
}

extension StatefulRule where Value == [DisplayNode] {
    /// Outputs one node, keeping the previous one when it shows the same content.
    func emit(_ kind: RenderNode.Kind, children: [DisplayNode] = [], action: ButtonAction? = nil) {
        if hasValue {
            let previous = value
            if previous.count == 1, previous[0].shows(kind, children: children, action: action) { return }
        }
        value = [DisplayNode(kind: kind, children: children, action: action)]
    }
}

/// A render rule for a view that contains other views: one node of the kind the view says,
/// whose children are its content's nodes.
struct ContainerRender<Source: RenderKindProviding>: StatefulRule {
    typealias Value = [DisplayNode]
    let source: _GraphValue<Source>
    let content: RenderParts

    mutating func updateValue() {
        emit(source.value._renderKind, children: content.read())
    }
}

/// Views (and modifiers) that draw one node around their content.
protocol RenderKindProviding {
    var _renderKind: RenderNode.Kind { get }
}
