import AttrGraph
import Foundation

/// A geometry of a view — its bounds, a rectangle or a point in it — that another view resolves
/// in its own coordinates (SwiftUI's `Anchor`). A view makes one with
/// ``View/anchorPreference(key:value:transform:)``; it rides up the tree as a preference value,
/// and a `GeometryReader` above resolves it with ``GeometryProxy/subscript(_:)``:
///
///     Text("Selected")
///         .anchorPreference(key: BoundsKey.self, value: .bounds) { $0 }
///     …
///     .overlayPreferenceValue(BoundsKey.self) { anchor in
///         GeometryReader { proxy in
///             Rectangle().frame(width: proxy[anchor!].width, height: 2)
///         }
///     }
///
/// An anchor records its geometry where the layout put the view that made it (in window
/// coordinates): it is made again after each layout pass that moved that view, and resolving
/// it subtracts the resolving view's origin. Before the first pass it is at the window's origin.
public struct Anchor<Value> {
    /// The geometry in window coordinates.
    let global: Value

    /// `global` in the coordinates of a view whose origin in the window is `origin`.
    func value(relativeTo origin: CGPoint) -> Value {
        switch global {
        case let rect as CGRect:
            return rect.offsetBy(dx: -origin.x, dy: -origin.y) as! Value
        case let point as CGPoint:
            return CGPoint(x: point.x - origin.x, y: point.y - origin.y) as! Value
        default:
            return global
        }
    }

    /// What an anchor is made from (SwiftUI's `Anchor.Source`): a geometry in the coordinates of
    /// the view that makes it — `.bounds`, `.rect(_:)`, `.point(_:)`, `.unitPoint(_:)` and the
    /// named unit points (`.topLeading`, `.center`…).
    public struct Source {
        /// The geometry in window coordinates, for the view's frame in the window.
        let resolve: @Sendable (CGRect) -> Value
    }
}

extension Anchor: Equatable where Value: Equatable {}
extension Anchor: Hashable where Value: Hashable {}
extension Anchor: Sendable where Value: Sendable {}
extension Anchor.Source: Sendable where Value: Sendable {}

extension Anchor.Source where Value == CGRect {
    /// The view's bounds.
    public static var bounds: Anchor<CGRect>.Source { Anchor<CGRect>.Source { $0 } }

    /// A rectangle in the view's coordinates.
    public static func rect(_ rect: CGRect) -> Anchor<CGRect>.Source {
        Anchor<CGRect>.Source { frame in rect.offsetBy(dx: frame.minX, dy: frame.minY) }
    }
}

extension Anchor.Source where Value == CGPoint {
    /// A point in the view's coordinates.
    public static func point(_ point: CGPoint) -> Anchor<CGPoint>.Source {
        Anchor<CGPoint>.Source { frame in CGPoint(x: frame.minX + point.x, y: frame.minY + point.y) }
    }

    /// A point of the view's bounds as fractions of its size.
    public static func unitPoint(_ point: UnitPoint) -> Anchor<CGPoint>.Source {
        Anchor<CGPoint>.Source { frame in point.point(in: frame) }
    }

    public static var topLeading: Anchor<CGPoint>.Source { unitPoint(.topLeading) }
    public static var top: Anchor<CGPoint>.Source { unitPoint(.top) }
    public static var topTrailing: Anchor<CGPoint>.Source { unitPoint(.topTrailing) }
    public static var leading: Anchor<CGPoint>.Source { unitPoint(.leading) }
    public static var center: Anchor<CGPoint>.Source { unitPoint(.center) }
    public static var trailing: Anchor<CGPoint>.Source { unitPoint(.trailing) }
    public static var bottomLeading: Anchor<CGPoint>.Source { unitPoint(.bottomLeading) }
    public static var bottom: Anchor<CGPoint>.Source { unitPoint(.bottom) }
    public static var bottomTrailing: Anchor<CGPoint>.Source { unitPoint(.bottomTrailing) }
}

/// `.anchorPreference` / `.transformAnchorPreference`: a preference write made from an anchor of
/// the view, whose frame in the window the layout delivers (an input of the render rule, so a
/// move makes the write, and everything that reads the preference, anew).
public nonisolated struct _AnchorPreferenceModifier<A, Key: PreferenceKey>: PrimitiveViewModifier {
    let source: Anchor<A>.Source
    /// Applied to the content's value for the key (its default when it sets none).
    let apply: (inout Key.Value, Anchor<A>) -> Void

    public nonisolated static func _makeView(
        modifier: _GraphValue<Self>, inputs: _ViewInputs, body: @escaping (_ViewInputs) -> _ViewOutputs
    ) -> _ViewOutputs {
        let content = body(inputs)
        let frame = Attribute(value: CGRect.zero)
        let sink = GeometrySink(
            delivery: .observer { proxy, _ in frame.setValue(proxy.globalFrame) }, path: inputs.path,
            name: "anchorPreference(key: \(Key.self))")
        return _ViewOutputs(
            render: Attribute(AnchorPreferenceRender(modifier: modifier, content: content.render, frame: frame, sink: sink)))
    }
}

struct AnchorPreferenceRender<A, Key: PreferenceKey>: StatefulRule {
    typealias Value = [DisplayNode]
    let modifier: _GraphValue<_AnchorPreferenceModifier<A, Key>>
    let content: RenderParts
    let frame: Attribute<CGRect>
    let sink: GeometrySink

    mutating func updateValue() {
        let modifier = self.modifier.value
        let nodes = content.read()
        guard let first = nodes.first else {
            value = nodes
            return
        }
        let anchor = Anchor<A>(global: modifier.source.resolve(frame.value))
        let apply = modifier.apply
        let write = PreferenceWrite(key: ObjectIdentifier(Key.self)) { content in
            var value = (content as? Key.Value) ?? Key.defaultValue
            apply(&value, anchor)
            return value
        }
        var annotated = nodes
        let sink = self.sink
        annotated[0] = first.annotated {
            $0.addGeometry(sink)
            $0.preferences.append(write)
        }
        value = annotated
    }
}

extension View {
    /// Sets the view's value for `key` from an anchor of `value` (a geometry of this view), made
    /// into the key's value by `transform`; what the view's content set for the key is replaced.
    ///
    ///     .anchorPreference(key: BoundsKey.self, value: .bounds) { $0 }
    public func anchorPreference<A, K: PreferenceKey>(
        key: K.Type = K.self, value: Anchor<A>.Source, transform: @escaping (Anchor<A>) -> K.Value
    ) -> ModifiedContent<Self, _AnchorPreferenceModifier<A, K>> {
        modifier(_AnchorPreferenceModifier<A, K>(source: value) { result, anchor in result = transform(anchor) })
    }

    /// Changes the value the view's content produced for `key` with an anchor of `value`.
    public func transformAnchorPreference<A, K: PreferenceKey>(
        key: K.Type = K.self, value: Anchor<A>.Source, transform: @escaping (inout K.Value, Anchor<A>) -> Void
    ) -> ModifiedContent<Self, _AnchorPreferenceModifier<A, K>> {
        modifier(_AnchorPreferenceModifier<A, K>(source: value, apply: transform))
    }
}
