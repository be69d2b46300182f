import AttrGraph
import Foundation

/// A view that takes all the space it is offered and builds its content from its own size
/// (SwiftUI's `GeometryReader`). Its content is placed at its top-leading corner.
///
///     GeometryReader { proxy in
///         Text("\(Int(proxy.size.width)) points wide")
///     }
///
/// The size comes from the layout pass: after a pass, a new size updates the content, which
/// may change the layout again (a *feedback loop* when it never settles; see
/// ``ViewHost/layoutFeedbackThreshold``).
public nonisolated struct GeometryReader<Content: View>: View {
    public var content: (GeometryProxy) -> Content

    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) {
        self.content = content
    }

    public var body: Never { _primitiveBody(Self.self) }

    public static func _makeView(view: _GraphValue<Self>, inputs: _ViewInputs) -> _ViewOutputs {
        let geometry = Attribute(value: GeometryProxy.zero)
        let sink = GeometrySink(delivery: .reader(geometry), path: inputs.path, name: "GeometryReader")
        let content = Attribute(vtableRule: GeometryContent(reader: view, geometry: geometry, host: inputs.host))
        let outputs = Content._makeDebuggableView(view: _GraphValue(content), inputs: inputs)
        return _ViewOutputs(render: Attribute(GeometryReaderRender(content: outputs.render, sink: sink)))
    }

    /// The content for the current geometry.
    struct GeometryContent: Rule {
        let reader: _GraphValue<GeometryReader<Content>>
        let geometry: Attribute<GeometryProxy>
        @HostReference var host: _HostCore
        /// Tracks the `@Observable` properties the content reads, across runs.
        let observation = ObservationSlot()

        var value: Content {
            let build = reader.value.content
            let proxy = geometry.value
            // `@Observable` properties the content closure reads are dependencies too.
            return observation.tracking(graphThread: host.graphThread) { build(proxy) }
        }
    }
}

struct GeometryReaderRender: StatefulRule {
    typealias Value = [DisplayNode]
    let content: RenderParts
    let sink: GeometrySink

    mutating func updateValue() {
        let children = content.read()
        if hasValue, let previous = value.first, previous.children == children { return }
        var annotations = _Annotations()
        annotations.geometry = sink
        value = [DisplayNode(kind: .geometryReader, children: children, annotations: annotations)]
    }
}

extension View {
    /// Calls `action` after a layout pass in which `transform` of the view's geometry changed
    /// (and after the first pass), with the new value (SwiftUI's `onGeometryChange`).
    ///
    ///     Text(title)
    ///         .onGeometryChange(for: CGFloat.self, of: { $0.size.width }) { width = $0 }
    public func onGeometryChange<T: Equatable>(
        for type: T.Type, of transform: @escaping (GeometryProxy) -> T, action: @escaping (_ newValue: T) -> Void
    ) -> ModifiedContent<Self, _GeometryChangeModifier<T>> {
        modifier(_GeometryChangeModifier(transform: transform) { _, new in action(new) })
    }

    /// Like ``onGeometryChange(for:of:action:)-(_,_,(T)->Void)``, with the old and the new value.
    public func onGeometryChange<T: Equatable>(
        for type: T.Type, of transform: @escaping (GeometryProxy) -> T,
        action: @escaping (_ oldValue: T, _ newValue: T) -> Void
    ) -> ModifiedContent<Self, _GeometryChangeModifier<T>> {
        modifier(_GeometryChangeModifier(transform: transform, action: action))
    }
}

/// `onGeometryChange`: annotates the content's first node with a geometry sink whose closures
/// the render rule keeps current.
public nonisolated struct _GeometryChangeModifier<T: Equatable>: PrimitiveViewModifier {
    var transform: (GeometryProxy) -> T
    var action: (T, T) -> Void

    public static func _makeView(
        modifier: _GraphValue<Self>, inputs: _ViewInputs, body: @escaping (_ViewInputs) -> _ViewOutputs
    ) -> _ViewOutputs {
        let content = body(inputs)
        let state = ObserverState()
        let sink = GeometrySink(
            delivery: .observer { proxy, host in state.observe(proxy, host: host) }, path: inputs.path,
            name: "onGeometryChange(for: \(T.self))")
        return _ViewOutputs(
            render: Attribute(GeometryChangeRender(modifier: modifier, content: content.render, state: state, sink: sink)))
    }

    /// The latest closures and the last value delivered.
    final class ObserverState {
        var transform: ((GeometryProxy) -> T)?
        var action: ((T, T) -> Void)?
        var last: T?

        func observe(_ proxy: GeometryProxy, host: _HostCore) -> Bool {
            guard let transform, let action else { return false }
            let value = transform(proxy)
            if let last, last == value { return false }
            let old = last ?? value
            last = value
            host.enqueue({ action(old, value) }, in: .geometry)
            return true
        }
    }

    struct GeometryChangeRender: StatefulRule {
        typealias Value = [DisplayNode]
        let modifier: _GraphValue<_GeometryChangeModifier<T>>
        let content: RenderParts
        let state: ObserverState
        let sink: GeometrySink
        var source: [DisplayNode] = []

        mutating func updateValue() {
            let modifier = self.modifier.value
            state.transform = modifier.transform
            state.action = modifier.action
            let nodes = content.read()
            if hasValue, nodes == source { return }
            source = nodes
            var annotated = nodes
            if let first = nodes.first {
                let sink = self.sink
                annotated[0] = first.annotated { $0.addGeometry(sink) }
            }
            value = annotated
        }
    }
}
