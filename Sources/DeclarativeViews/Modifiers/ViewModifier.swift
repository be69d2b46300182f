import AttrGraph

/// A reusable change to a view (SwiftUI's `ViewModifier`):
///
///     struct Card: ViewModifier {
///         func body(content: Content) -> some View {
///             VStack { content }.padding(8)
///         }
///     }
///     Text("Hi").modifier(Card())
///
/// `body(content:)` is a rule like a view's `body`: it runs again when the modifier's value
/// changes or something it read changed. `content` stands for the modified view.
@MainActor @preconcurrency
public protocol ViewModifier {
    associatedtype Body: View
    typealias Content = _ViewModifier_Content<Self>
    @ViewBuilder func body(content: Content) -> Body

    /// Builds the graph attributes for a modifier of this type around `content` (framework-internal).
    nonisolated static func _makeView(
        modifier: _GraphValue<Self>, inputs: _ViewInputs, body: @escaping (_ViewInputs) -> _ViewOutputs
    ) -> _ViewOutputs
}

extension ViewModifier {
    public nonisolated static func _makeView(
        modifier: _GraphValue<Self>, inputs: _ViewInputs, body: @escaping (_ViewInputs) -> _ViewOutputs
    ) -> _ViewOutputs {
        let modifierBody = _makeBody(ModifierBodyAccessor<Self>.self, container: modifier, inputs: inputs)
        _recordBody(modifierBody)
        var inputs = inputs
        inputs.modifierContents.append(ModifierContent(modifier: ObjectIdentifier(Self.self), makeContent: body))
        return Body._makeDebuggableView(view: _GraphValue(modifierBody), inputs: inputs)
    }
}

/// The modified view, as a custom modifier's `body(content:)` sees it.
public nonisolated struct _ViewModifier_Content<Modifier: ViewModifier>: View, Equatable {
    init() {}

    public var body: Never { _primitiveBody(Self.self) }

    public static func _makeView(view: _GraphValue<Self>, inputs: _ViewInputs) -> _ViewOutputs {
        let key = ObjectIdentifier(Modifier.self)
        guard let position = inputs.modifierContents.lastIndex(where: { $0.modifier == key }) else {
            fatalError("DeclarativeViews: \(Self.self) used outside \(Modifier.self).body(content:).")
        }
        var contentInputs = inputs
        let content = inputs.modifierContents[position]
        // The content is built with the inputs it had outside the modifier's body.
        contentInputs.modifierContents.removeSubrange(position...)
        return content.makeContent(contentInputs)
    }
}

/// How to build a custom modifier's content, kept in the inputs while its body is built.
struct ModifierContent {
    let modifier: ObjectIdentifier
    let makeContent: (_ViewInputs) -> _ViewOutputs
}

enum ModifierBodyAccessor<M: ViewModifier>: BodyAccessor {
    static func body(of modifier: M) -> M.Body {
        _callOnMainActor(modifier) { $0.body(content: _ViewModifier_Content()) }
    }
}

/// A view with a modifier applied.
public nonisolated struct ModifiedContent<Content, Modifier> {
    public var content: Content
    public var modifier: Modifier

    public init(content: Content, modifier: Modifier) {
        self.content = content
        self.modifier = modifier
    }
}

extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
    public var body: Never { _primitiveBody(Self.self) }

    public static func _makeView(view: _GraphValue<Self>, inputs: _ViewInputs) -> _ViewOutputs {
        var offsets = FieldOffsets()
        let content = view.member(Content.self, at: offsets.next(Content.self), \.content)
        let modifier = view.member(Modifier.self, at: offsets.next(Modifier.self), \.modifier)
        return Modifier._makeView(modifier: modifier, inputs: inputs) { inputs in
            Content._makeDebuggableView(view: content, inputs: inputs)
        }
    }
}

extension View {
    /// Applies a modifier.
    public func modifier<M: ViewModifier>(_ modifier: M) -> ModifiedContent<Self, M> {
        ModifiedContent(content: self, modifier: modifier)
    }
}

/// Modifiers the framework implements itself: their `body(content:)` is never called.
protocol PrimitiveViewModifier: ViewModifier where Body == Never {}

extension PrimitiveViewModifier {
    public func body(content: Content) -> Never {
        fatalError("DeclarativeViews: \(Self.self) is a primitive modifier; its body is never called.")
    }
}
