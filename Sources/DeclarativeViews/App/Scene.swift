import AttrGraph

/// A part of an app's interface (SwiftUI's `Scene`): here, `WindowGroup`s and scenes made of
/// them. A headless host renders every window's content.
@MainActor @preconcurrency
public protocol Scene {
    associatedtype Body: Scene
    @SceneBuilder var body: Body { get }

    /// Builds the graph attributes for a scene of this type (framework-internal).
    nonisolated static func _makeScene(scene: _GraphValue<Self>, inputs: _ViewInputs) -> _ViewOutputs
}

extension Scene {
    public nonisolated static func _makeScene(scene: _GraphValue<Self>, inputs: _ViewInputs) -> _ViewOutputs {
        let body = _makeBody(SceneBodyAccessor<Self>.self, container: scene, inputs: inputs)
        return Body._makeScene(scene: _GraphValue(body), inputs: inputs)
    }
}

extension Never: Scene {
    public nonisolated static func _makeScene(scene: _GraphValue<Never>, inputs: _ViewInputs) -> _ViewOutputs {
        fatalError("DeclarativeViews: Never has no scenes.")
    }
}

enum SceneBodyAccessor<S: Scene>: BodyAccessor {
    static func body(of scene: S) -> S.Body {
        _callOnMainActor(scene) { $0.body }
    }
}

/// Builds scenes from the statements of an app's `body`.
@resultBuilder
public enum SceneBuilder {
    public static func buildExpression<Content: Scene>(_ content: Content) -> Content {
        content
    }

    public static func buildBlock<Content: Scene>(_ content: Content) -> Content {
        content
    }

    public static func buildBlock<each Content: Scene>(_ content: repeat each Content) -> _TupleScene<repeat each Content> {
        _TupleScene(repeat each content)
    }
}

/// Several scenes, as a `SceneBuilder` block makes them.
public nonisolated struct _TupleScene<each Content: Scene>: Scene {
    public var value: (repeat each Content)

    init(_ value: repeat each Content) {
        self.value = (repeat each value)
    }

    public var body: Never { _primitiveBody(Self.self) }

    public static func _makeScene(scene: _GraphValue<Self>, inputs: _ViewInputs) -> _ViewOutputs {
        var parts = RenderParts()
        var offsets = FieldOffsets()
        func make<Element: Scene>(_: Element.Type) {
            let element = scene.member(at: offsets.next(Element.self), as: Element.self)
            parts.append(Element._makeScene(scene: element, inputs: inputs).render)
        }
        repeat make((each Content).self)
        return _ViewOutputs(render: parts)
    }
}
