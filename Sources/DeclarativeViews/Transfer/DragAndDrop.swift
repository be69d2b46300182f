import Foundation

// Drag and drop of transferable values, headless: `.draggable(_:)` makes a view's value one the
// driver can pick up, `.dropDestination(for:action:isTargeted:)` a view that takes values of a
// type. ``ViewHost/dragAndDrop(_:onto:at:)`` drags the first onto the second: the value is
// exported through its representations and imported as the destination's type — a value that
// cannot become one is refused (the action does not run) —, the destination is told it is
// targeted while the value is over it, then its action runs with the value. The nodes record
// `draggable=<type>` and `dropDestination=<type>`.

/// A view's draggable value, for the driver.
final class DragSourceLink {
    let payload: () -> any Transferable

    init(payload: @escaping () -> any Transferable) {
        self.payload = payload
    }
}

/// A view's drop destination, for the driver.
final class DropLink {
    /// The value as the destination's type, or `nil` when it cannot become one (handed over
    /// unchecked: the driver waits for the conversion and uses the value only after it).
    let receive: (UncheckedSendableValue<any Transferable>) async -> UncheckedSendableValue<Any>?
    /// Runs the action with the received value and where it was dropped; whether it was taken.
    let perform: (Any, CGPoint) -> Bool
    let targeted: (Bool) -> Void

    init(receive: @escaping (UncheckedSendableValue<any Transferable>) async -> UncheckedSendableValue<Any>?, perform: @escaping (Any, CGPoint) -> Bool,
         targeted: @escaping (Bool) -> Void) {
        self.receive = receive
        self.perform = perform
        self.targeted = targeted
    }

    /// A destination for values of `T`.
    static func taking<T: Transferable>(_ type: T.Type, targeted: @escaping (Bool) -> Void,
                                        action: @escaping ([T], CGPoint) -> Bool) -> DropLink {
        DropLink(receive: { value in await Self.convert(value.value, to: T.self).map { UncheckedSendableValue($0) } },
                 perform: { value, location in (value as? T).map { action([$0], location) } ?? false },
                 targeted: targeted)
    }

    private static func convert<S: Transferable, T: Transferable>(_ value: S, to type: T.Type) async -> T? {
        if let same = value as? T { return same }
        return try? await value._transfer(as: T.self)
    }
}

/// `.draggable`: the node's value for the driver to drag.
public nonisolated struct _DraggableModifier: PrimitiveViewModifier {
    let payload: () -> any Transferable
    let typeName: String
}

extension _DraggableModifier: Annotating {
    func annotate(_ annotations: inout _Annotations) {
        if annotations.dragSource == nil { annotations.dragSource = DragSourceLink(payload: payload) }
        if annotations.styles["draggable"] == nil { annotations.styles["draggable"] = typeName }
    }
}

/// `.dropDestination`: the node's drop destination for the driver.
/// (`nil`: none, for rows of a `ForEach` without one).
public nonisolated struct _DropDestinationModifier: PrimitiveViewModifier {
    let link: () -> DropLink?
    let typeName: String?
}

extension _DropDestinationModifier: Annotating {
    func annotate(_ annotations: inout _Annotations) {
        guard let link = link(), let typeName else { return }
        annotations.dropTargets.append(link)
        if annotations.styles["dropDestination"] == nil { annotations.styles["dropDestination"] = typeName }
    }
}

extension View {
    /// Makes the view's value draggable (``ViewHost/dragAndDrop(_:onto:at:)`` picks it up).
    public func draggable<T: Transferable>(_ payload: @autoclosure @escaping () -> T) -> some View {
        modifier(_DraggableModifier(payload: payload, typeName: "\(T.self)"))
    }

    /// Makes the view's value draggable, showing `preview` while it is dragged (recorded as
    /// `dragPreview` with the preview's type).
    public func draggable<V: View, T: Transferable>(_ payload: @autoclosure @escaping () -> T,
                                                    @ViewBuilder preview: () -> V) -> some View {
        modifier(_DraggableModifier(payload: payload, typeName: "\(T.self)"))
            .modifier(_StyleModifier(key: "dragPreview", value: "\(V.self)"))
    }

    /// Takes dropped values of `payloadType`: `action` gets them and where they were dropped (in
    /// the view's coordinates) and says whether it took them; `isTargeted` is told when values it
    /// can take are over the view (`true`) and when they leave or are dropped (`false`).
    public func dropDestination<T: Transferable>(
        for payloadType: T.Type = T.self, action: @escaping (_ items: [T], _ location: CGPoint) -> Bool,
        isTargeted: @escaping (Bool) -> Void = { _ in }
    ) -> some View {
        modifier(_DropDestinationModifier(link: { .taking(T.self, targeted: isTargeted, action: action) },
                                          typeName: "\(T.self)"))
    }
}

extension ViewHost {
    /// Drags the draggable view showing `source` (or around it) onto the view showing
    /// `destination`, dropping at `location` in the destination's coordinates (its centre when
    /// `nil`). The innermost drop destination around `destination` that can take the value as its
    /// type is targeted (`isTargeted(true)`, the host updates), gets it, and is untargeted; the
    /// host updates. Returns whether a destination took it: `false` when none takes values the
    /// dragged one can become (no action runs). Throws when either view is not on screen, the
    /// first is not draggable or the second has no drop destination.
    @discardableResult
    public func dragAndDrop(_ source: String, onto destination: String, at location: CGPoint? = nil) async throws -> Bool {
        let (sourceChain, draggables) = nodeChain(showing: source) { $0.annotations?.dragSource != nil }
        guard let link = sourceChain?.last(where: { $0.annotations?.dragSource != nil })?.annotations?.dragSource else {
            throw ViewHostError.actionsNotFound(view: source, kind: "a draggable value", available: draggables)
        }
        let hasDrop = { (node: DisplayNode) in !(node.annotations?.dropTargets.isEmpty ?? true) }
        let (chain, destinations) = nodeChain(showing: destination, handles: hasDrop)
        guard let chain, let target = chain.last, chain.contains(where: hasDrop) else {
            throw ViewHostError.actionsNotFound(view: destination, kind: "a drop destination", available: destinations)
        }
        let bounds = frame(of: target) ?? .zero
        let local = location ?? CGPoint(x: bounds.width / 2, y: bounds.height / 2)
        let payload = link.payload()
        for node in chain.reversed() {
            for drop in node.annotations?.dropTargets ?? [] {
                guard let value = await drop.receive(UncheckedSendableValue(payload))?.value else { continue }
                // Where the value is dropped, in the coordinates of the view with the destination.
                let origin = frame(of: node)?.origin ?? bounds.origin
                let point = CGPoint(x: bounds.minX + local.x - origin.x, y: bounds.minY + local.y - origin.y)
                drop.targeted(true)
                update()
                let taken = drop.perform(value, point)
                drop.targeted(false)
                update()
                return taken
            }
        }
        return false
    }
}

/// The drop destination of the rows of a `ForEach` (`.dropDestination(for:action:)` on it): a
/// value dropped on a row is inserted at that row's offset, before it.
public final class _RowDrop {
    let link: (_ offset: Int) -> DropLink
    let typeName: String

    init(link: @escaping (Int) -> DropLink, typeName: String) {
        self.link = link
        self.typeName = typeName
    }
}

extension DynamicViewContent {
    /// Takes values of `payloadType` dropped on the rows: `action` gets them and the offset to
    /// insert them at — that of the row they were dropped on (``ViewHost/dragAndDrop(_:onto:at:)``).
    public func dropDestination<T: Transferable>(for payloadType: T.Type = T.self,
                                                 action: @escaping ([T], Int) -> Void) -> some DynamicViewContent {
        _droppable(_RowDrop(link: { offset in
            .taking(T.self, targeted: { _ in }) { items, _ in
                action(items, offset)
                return true
            }
        }, typeName: "\(T.self)"))
    }
}
