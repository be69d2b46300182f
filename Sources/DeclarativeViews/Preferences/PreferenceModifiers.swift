import AttrGraph

// MARK: - Writing

/// `.preference(key:value:)`: the view's value for `Key` is `value`, whatever its content set.
public nonisolated struct _PreferenceWritingModifier<Key: PreferenceKey>: PrimitiveViewModifier {
    let value: Key.Value
}

extension _PreferenceWritingModifier: Annotating {
    func annotate(_ annotations: inout _Annotations) {
        let value = self.value
        annotations.preferences.append(PreferenceWrite(key: ObjectIdentifier(Key.self)) { _ in value })
    }
}

/// `.transformPreference(_:_:)`: changes the value the view's content produced for `Key` (its
/// default when the content set none).
public nonisolated struct _PreferenceTransformModifier<Key: PreferenceKey>: PrimitiveViewModifier {
    let transform: (inout Key.Value) -> Void
}

extension _PreferenceTransformModifier: Annotating {
    func annotate(_ annotations: inout _Annotations) {
        let transform = self.transform
        annotations.preferences.append(
            PreferenceWrite(key: ObjectIdentifier(Key.self)) { content in
                var value = (content as? Key.Value) ?? Key.defaultValue
                transform(&value)
                return value
            })
    }
}

extension View {
    /// Sets the view's value for `key`, which flows up to its ancestors (SwiftUI's
    /// `preference(key:value:)`); what the view's content set for the key is replaced.
    public func preference<K: PreferenceKey>(key: K.Type = K.self, value: K.Value)
        -> ModifiedContent<Self, _PreferenceWritingModifier<K>>
    {
        modifier(_PreferenceWritingModifier<K>(value: value))
    }

    /// Changes the value the view's content produced for `key`.
    public func transformPreference<K: PreferenceKey>(_ key: K.Type = K.self, _ callback: @escaping (inout K.Value) -> Void)
        -> ModifiedContent<Self, _PreferenceTransformModifier<K>>
    {
        modifier(_PreferenceTransformModifier<K>(transform: callback))
    }
}

// MARK: - Reading

/// `.onPreferenceChange(_:perform:)`: calls the action after the update in which the value its
/// content produces for `Key` changed — and after the first, with the first value.
public nonisolated struct _PreferenceActionModifier<Key: PreferenceKey>: PrimitiveViewModifier
where Key.Value: Equatable {
    let action: (Key.Value) -> Void

    public nonisolated static func _makeView(
        modifier: _GraphValue<Self>, inputs: _ViewInputs, body: @escaping (_ViewInputs) -> _ViewOutputs
    ) -> _ViewOutputs {
        let content = body(inputs)
        return _ViewOutputs(render: Attribute(PreferenceActionRender(modifier: modifier, content: content.render, host: inputs.host)))
    }
}

struct PreferenceActionRender<Key: PreferenceKey>: StatefulRule where Key.Value: Equatable {
    typealias Value = [DisplayNode]
    let modifier: _GraphValue<_PreferenceActionModifier<Key>>
    let content: RenderParts
    @HostReference var host: _HostCore
    /// The value the action was last called with.
    var reported: Key.Value?

    init(modifier: _GraphValue<_PreferenceActionModifier<Key>>, content: RenderParts, host: _HostCore) {
        self.modifier = modifier
        self.content = content
        _host = HostReference(wrappedValue: host)
    }

    mutating func updateValue() {
        let nodes = content.read()
        let current = Preferences.read(Key.self, from: nodes)
        if reported != current {
            reported = current
            let action = modifier.value.action
            host.enqueue({ action(current) }, in: .preferences)
        }
        value = nodes
    }
}

/// `.overlayPreferenceValue` / `.backgroundPreferenceValue`: a view made from the value the
/// content produces for `Key`, in front of or behind the content, in its frame.
public nonisolated struct _PreferenceDecorationModifier<Key: PreferenceKey, Decoration: View>: PrimitiveViewModifier {
    let transform: (Key.Value) -> Decoration
    let isBackground: Bool
    let alignment: Alignment

    public nonisolated static func _makeView(
        modifier: _GraphValue<Self>, inputs: _ViewInputs, body: @escaping (_ViewInputs) -> _ViewOutputs
    ) -> _ViewOutputs {
        let content = body(inputs)
        let decorationView = Attribute(PreferenceDecorationContent(modifier: modifier, content: content.render))
        let decoration = Decoration._makeDebuggableView(view: _GraphValue(decorationView), inputs: inputs)
        return _ViewOutputs(render: Attribute(
            PreferenceDecorationRender(modifier: modifier, content: content.render, decoration: decoration.render)))
    }
}

/// The decoration view for the current value (re-made when the content's value changes).
struct PreferenceDecorationContent<Key: PreferenceKey, Decoration: View>: Rule {
    let modifier: _GraphValue<_PreferenceDecorationModifier<Key, Decoration>>
    let content: RenderParts

    var value: Decoration {
        modifier.value.transform(Preferences.read(Key.self, from: content.read()))
    }
}

struct PreferenceDecorationRender<Key: PreferenceKey, Decoration: View>: StatefulRule {
    typealias Value = [DisplayNode]
    let modifier: _GraphValue<_PreferenceDecorationModifier<Key, Decoration>>
    let content: RenderParts
    let decoration: RenderParts

    mutating func updateValue() {
        let modifier = self.modifier.value
        emitDecorated(
            content.read(), decoration: decoration.read(), background: modifier.isBackground, alignment: modifier.alignment)
    }
}

extension View {
    /// Calls `action` with the value the view's content produces for `key`: after the first
    /// update, then after each update in which it changed (SwiftUI's `onPreferenceChange`).
    public func onPreferenceChange<K: PreferenceKey>(_ key: K.Type = K.self, perform action: @escaping (K.Value) -> Void)
        -> ModifiedContent<Self, _PreferenceActionModifier<K>> where K.Value: Equatable
    {
        modifier(_PreferenceActionModifier<K>(action: action))
    }

    /// A view made from the value the content produces for `key`, in front of it.
    public func overlayPreferenceValue<K: PreferenceKey, V: View>(
        _ key: K.Type, alignment: Alignment = .center, @ViewBuilder _ transform: @escaping (K.Value) -> V
    ) -> ModifiedContent<Self, _PreferenceDecorationModifier<K, V>> {
        modifier(_PreferenceDecorationModifier<K, V>(transform: transform, isBackground: false, alignment: alignment))
    }

    /// A view made from the value the content produces for `key`, behind it.
    public func backgroundPreferenceValue<K: PreferenceKey, V: View>(
        _ key: K.Type, alignment: Alignment = .center, @ViewBuilder _ transform: @escaping (K.Value) -> V
    ) -> ModifiedContent<Self, _PreferenceDecorationModifier<K, V>> {
        modifier(_PreferenceDecorationModifier<K, V>(transform: transform, isBackground: true, alignment: alignment))
    }
}
