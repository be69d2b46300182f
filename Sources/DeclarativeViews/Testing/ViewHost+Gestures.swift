import Foundation

// The driver's gestures: drag, pinch, rotate, tap at a point, long press — performed on the view
// showing a text. The gestures of that view and of the views around it compete as in SwiftUI:
// `.highPriorityGesture`s first (the outermost first), then `.gesture`s (the innermost first); the
// first that recognizes the input is performed, with every `.simultaneousGesture` that also does.
// Between the steps of a continuous gesture the host updates, as frames would.

extension ViewHost {
    /// Drags the view showing `text` from `start` (in its own coordinates; its centre if `nil`)
    /// to `end`, in `steps` equal moves: its drag gesture's `.onChanged` and `.updating` see each
    /// move, `.onEnded` the last one.
    public func drag(_ text: String, from start: CGPoint? = nil, to end: CGPoint, steps: Int = 3) throws {
        try performGesture(on: text, kind: "a drag gesture") { bounds in
            _GestureInput(.drag(to: end), at: start ?? bounds.center, steps: steps)
        }
    }

    /// Drags the view showing `text` by `translation` from its centre.
    public func drag(_ text: String, by translation: CGSize, steps: Int = 3) throws {
        try performGesture(on: text, kind: "a drag gesture") { bounds in
            let start = bounds.center
            return _GestureInput(.drag(to: CGPoint(x: start.x + translation.width, y: start.y + translation.height)),
                                 at: start, steps: steps)
        }
    }

    /// Pinches the view showing `text` to `scale` times its size (a ``MagnifyGesture`` or
    /// ``MagnificationGesture``).
    public func magnify(_ text: String, by scale: CGFloat, steps: Int = 3) throws {
        try performGesture(on: text, kind: "a magnify gesture") { bounds in
            _GestureInput(.magnify(by: scale), at: bounds.center, steps: steps)
        }
    }

    /// Turns the view showing `text` by `angle` with two fingers (a ``RotateGesture`` or
    /// ``RotationGesture``).
    public func rotate(_ text: String, by angle: Angle, steps: Int = 3) throws {
        try performGesture(on: text, kind: "a rotate gesture") { bounds in
            _GestureInput(.rotate(by: angle), at: bounds.center, steps: steps)
        }
    }

    /// Taps the view showing `text` at `location`, in its own coordinates (a ``SpatialTapGesture``
    /// or `.onTapGesture { location in … }` gets it).
    public func tap(_ text: String, at location: CGPoint) throws {
        try performGesture(on: text, kind: "a tap gesture") { _ in _GestureInput(.tap(count: 1), at: location) }
    }

    /// Long-presses the view showing `text` (a ``LongPressGesture`` or `.onLongPressGesture`).
    public func longPress(_ text: String) throws {
        do {
            try performGesture(on: text, kind: "a long-press gesture") { bounds in
                _GestureInput(.longPress, at: bounds.center)
            }
        } catch ViewHostError.hitTestingDisabled(let view) {
            throw ViewHostError.hitTestingDisabled(view: view)
        } catch {
            // `.onLongPressGesture` makes a button: press it.
            try tap(text)
        }
    }

    /// Performs the input `make` returns (given the view's bounds) on the gestures of the view
    /// showing `text` and of its ancestors.
    private func performGesture(on text: String, kind: String, _ make: (CGRect) -> _GestureInput) throws {
        let (chain, shown) = nodeChain(showing: text) { !$0.gestures.isEmpty }
        let links = (chain ?? []).reversed().flatMap(\.gestures)
        guard let target = chain?.last, !links.isEmpty else {
            throw ViewHostError.actionsNotFound(view: text, kind: kind, available: shown)
        }
        if chain?.contains(where: { $0.annotations?.styles["allowsHitTesting"] == "false" }) == true {
            throw ViewHostError.hitTestingDisabled(view: text)
        }
        var input = make(CGRect(origin: .zero, size: frame(of: target)?.size ?? .zero))
        input.modifiers = core.heldModifiers
        if let chain, let origin = frame(of: target)?.origin {
            input.convert = { point, space in
                let spaceOrigin = self.origin(of: space, node: target, ancestors: chain[...])
                return CGPoint(x: origin.x + point.x - spaceOrigin.x, y: origin.y + point.y - spaceOrigin.y)
            }
        }
        let exclusive = links.filter { $0.priority == .high }.reversed() + links.filter { $0.priority == .normal }
        let winner = exclusive.lazy.compactMap { $0.recognize(input) }.first
        let alongside = links.filter { $0.priority == .simultaneous }.compactMap { $0.recognize(input) }
        let performances = (winner.map { [$0] } ?? []) + alongside
        guard !performances.isEmpty else {
            throw ViewHostError.actionsNotFound(view: text, kind: kind, available: shown)
        }
        for performance in performances {
            performance { self.update() }
        }
    }
}

extension ViewHost {
    /// The nodes from a root to the text node showing `text` (`nil` when none is on screen), and
    /// the texts of the nodes on the way to every node `handles` (what the error lists).
    func nodeChain(showing text: String, handles: (DisplayNode) -> Bool) -> (chain: [DisplayNode]?, shown: [String]) {
        var chain: [DisplayNode]?
        var shown: [String] = []
        func visit(_ node: DisplayNode, _ ancestors: [DisplayNode]) {
            guard chain == nil, !node.isHiddenFromUser else { return }
            let path = ancestors + [node]
            if handles(node) {
                var texts: [String] = []
                node.collectText(into: &texts)
                shown.append(texts.joined(separator: " "))
            }
            if case .text(let string) = node.kind, string == text {
                chain = path
                return
            }
            for child in node.reachableChildren { visit(child, path) }
        }
        for root in rendered { visit(root, []) }
        return (chain, shown)
    }

    /// Performs `body` (gestures on the host's views) with the modifier keys `modifiers` held:
    /// a gesture limited by `.modifiers(_:)` recognizes only input with its keys held.
    public func holdingModifiers(_ modifiers: EventModifiers, perform body: () throws -> Void) rethrows {
        let previous = core.heldModifiers
        core.heldModifiers = modifiers
        defer { core.heldModifiers = previous }
        try body()
    }
}

extension DisplayNode {
    /// The gestures attached to this node's view.
    var gestures: [GestureLink] { annotations?.gestures ?? [] }
}

extension CGRect {
    fileprivate var center: CGPoint { CGPoint(x: midX, y: midY) }
}
