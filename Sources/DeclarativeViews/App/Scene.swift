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

    /// A scene inside `if #available(…)`, with its type erased (as SwiftUI's is, so that the
    /// app's body type does not name a type the deployment target may lack).
    public static func buildLimitedAvailability(_ scene: some Scene) -> any Scene & _LimitedAvailabilitySceneMarker {
        _LimitedAvailabilityScene(scene)
    }

    /// An `if #available(…)` block of scenes: its scenes when the check passed, none otherwise.
    public static func buildOptional(_ scene: (any Scene & _LimitedAvailabilitySceneMarker)?) -> some Scene {
        _OptionalScene(scene: scene)
    }
}

/// What SwiftUI marks the scenes of an `if #available(…)` block with.
public protocol _LimitedAvailabilitySceneMarker {}

/// A scene of an `if #available(…)` block (its own type hidden behind the marker).
nonisolated struct _LimitedAvailabilityScene<Content: Scene>: Scene, _LimitedAvailabilitySceneMarker {
    var content: Content

    init(_ content: Content) {
        self.content = content
    }

    var body: Never { _primitiveBody(Self.self) }

    static func _makeScene(scene: _GraphValue<Self>, inputs: _ViewInputs) -> _ViewOutputs {
        Content._makeScene(scene: scene.member(Content.self, at: 0, \.content), inputs: inputs)
    }
}

/// The scenes of an `if #available(…)` block, or none: built as a dynamic child keyed by the
/// scene's type (which never changes while the app runs: the check's outcome does not).
public nonisolated struct _OptionalScene: Scene {
    let scene: (any Scene & _LimitedAvailabilitySceneMarker)?

    public var body: Never { _primitiveBody(Self.self) }

    public static func _makeScene(scene: _GraphValue<Self>, inputs: _ViewInputs) -> _ViewOutputs {
        _makeDynamicChild(OptionalSceneProvider.self, container: scene, inputs: inputs)
    }
}

enum OptionalSceneProvider: DynamicChildProvider {
    static func key(of container: _OptionalScene) -> ObjectIdentifier? {
        container.scene.map { ObjectIdentifier(type(of: $0)) }
    }

    static func makeChild(container: _GraphValue<_OptionalScene>, key: ObjectIdentifier?, inputs: _ViewInputs) -> _ViewOutputs {
        guard let scene = Graph.withoutUpdate({ container.value.scene }) else { return _ViewOutputs(render: RenderParts()) }
        func make<S: Scene>(_: S) -> _ViewOutputs {
            S._makeScene(scene: _GraphValue(Attribute(Payload<S>(container: container))), inputs: inputs)
        }
        return make(scene)
    }

    /// The scene inside, while it is an `S`.
    struct Payload<S: Scene>: StatefulRule {
        typealias Value = S
        let container: _GraphValue<_OptionalScene>

        mutating func updateValue() {
            if let scene = container.value.scene as? S { value = scene }
        }
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
