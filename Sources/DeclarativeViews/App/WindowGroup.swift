import AttrGraph

/// Windows showing `content` (SwiftUI's `WindowGroup`).
///
///     WindowGroup {
///         ContentView()
///     }
///
/// A headless host opens one window of every group at launch (a `Window` node around the
/// content); ``OpenWindowAction`` opens more (`openWindow(id:)` for a group with an `id`), each
/// with its own state. A group that presents values (`WindowGroup(for: Note.ID.self) { $id in … }`)
/// opens a window at launch only when it is the app's first scene, with no value (or its
/// `defaultValue`), and one per value `openWindow(value:)` is given.
public nonisolated struct WindowGroup<Content: View>: Scene {
    // The content first: `_makeScene` reads it through the scene's value.
    public var content: Content
    public var title: String?

    /// The identifier `openWindow(id:)` opens the group by.
    public var id: String?
    /// The type of value the group presents (`WindowGroup(for:)`), and the value its launch
    /// window presents.
    var presented: (type: Any.Type, launchValue: (() -> AnyHashable)?)?

    public init(@ViewBuilder content: () -> Content) {
        self.content = content()
        title = nil
    }

    public init(_ title: Text, @ViewBuilder content: () -> Content) {
        self.content = content()
        self.title = title.content
    }

    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {
        self.init(Text(titleKey), content: content)
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.init(Text(title), content: content)
    }

    public init(id: String, @ViewBuilder content: () -> Content) {
        self.init(content: content)
        self.id = id
    }

    public init(_ title: Text, id: String, @ViewBuilder content: () -> Content) {
        self.init(title, content: content)
        self.id = id
    }

    public init(_ titleKey: LocalizedStringKey, id: String, @ViewBuilder content: () -> Content) {
        self.init(Text(titleKey), id: id, content: content)
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, id: String, @ViewBuilder content: () -> Content) {
        self.init(Text(title), id: id, content: content)
    }

    public var body: Never { _primitiveBody(Self.self) }

    public static func _makeScene(scene: _GraphValue<Self>, inputs: _ViewInputs) -> _ViewOutputs {
        _makeWindowScene(scene, inputs: inputs, title: { $0.title }, content: { $0.content }) { group in
            let record = SceneWindows.SceneRecord(id: group.id, valueType: group.presented?.type, isSingle: false)
            let presents = group.presented != nil
            return (record, { isFirst in !presents || isFirst }, group.presented?.launchValue?())
        }
    }
}

// MARK: - Presenting values

/// The content of a window of a ``WindowGroup`` that presents values (SwiftUI's
/// `PresentedWindowContent`): it calls the group's content closure with a binding to the
/// window's value.
public nonisolated struct PresentedWindowContent<Data: Decodable & Encodable & Hashable, Content: View>: View {
    let makeContent: (Binding<Data?>) -> Content

    @MainActor public var body: some View {
        WindowValueReader(makeContent: makeContent)
    }
}

/// Reads the window from the environment and hands the content its value's binding.
private nonisolated struct WindowValueReader<Data: Hashable, Content: View>: View {
    let makeContent: (Binding<Data?>) -> Content
    @Environment(\._sceneWindow) private var window

    @MainActor var body: some View {
        makeContent(windowValueBinding(window, as: Data.self))
    }
}

/// A binding to the value `window` presents, as a `Data`.
private func windowValueBinding<Data: Hashable>(_ window: SceneWindows.OpenedWindow?, as _: Data.Type) -> Binding<Data?> {
    Binding(get: { window?.value?.base as? Data }, set: { newValue in
        if let newValue {
            window?.value = AnyHashable(newValue)
        } else {
            window?.value = nil
        }
    })
}

extension WindowGroup {
    /// A group of windows presenting values of type `D`, each given a binding to its value
    /// (`nil` in the window opened at launch).
    public init<D, C>(id: String, for type: D.Type, @ViewBuilder content: @escaping (Binding<D?>) -> C)
    where Content == PresentedWindowContent<D, C>, D: Decodable, D: Encodable, D: Hashable, C: View {
        self.init(title: nil, id: id, for: type, content: content, defaultValue: nil)
    }

    public init<D, C>(for type: D.Type, @ViewBuilder content: @escaping (Binding<D?>) -> C)
    where Content == PresentedWindowContent<D, C>, D: Decodable, D: Encodable, D: Hashable, C: View {
        self.init(title: nil, id: nil, for: type, content: content, defaultValue: nil)
    }

    public init<D, C>(_ title: Text, id: String, for type: D.Type, @ViewBuilder content: @escaping (Binding<D?>) -> C)
    where Content == PresentedWindowContent<D, C>, D: Decodable, D: Encodable, D: Hashable, C: View {
        self.init(title: title.content, id: id, for: type, content: content, defaultValue: nil)
    }

    public init<D, C>(_ titleKey: LocalizedStringKey, id: String, for type: D.Type, @ViewBuilder content: @escaping (Binding<D?>) -> C)
    where Content == PresentedWindowContent<D, C>, D: Decodable, D: Encodable, D: Hashable, C: View {
        self.init(Text(titleKey), id: id, for: type, content: content)
    }

    @_disfavoredOverload
    public init<S, D, C>(_ title: S, id: String, for type: D.Type, @ViewBuilder content: @escaping (Binding<D?>) -> C)
    where Content == PresentedWindowContent<D, C>, S: StringProtocol, D: Decodable, D: Encodable, D: Hashable, C: View {
        self.init(Text(title), id: id, for: type, content: content)
    }

    public init<D, C>(_ title: Text, for type: D.Type, @ViewBuilder content: @escaping (Binding<D?>) -> C)
    where Content == PresentedWindowContent<D, C>, D: Decodable, D: Encodable, D: Hashable, C: View {
        self.init(title: title.content, id: nil, for: type, content: content, defaultValue: nil)
    }

    public init<D, C>(_ titleKey: LocalizedStringKey, for type: D.Type, @ViewBuilder content: @escaping (Binding<D?>) -> C)
    where Content == PresentedWindowContent<D, C>, D: Decodable, D: Encodable, D: Hashable, C: View {
        self.init(Text(titleKey), for: type, content: content)
    }

    @_disfavoredOverload
    public init<S, D, C>(_ title: S, for type: D.Type, @ViewBuilder content: @escaping (Binding<D?>) -> C)
    where Content == PresentedWindowContent<D, C>, S: StringProtocol, D: Decodable, D: Encodable, D: Hashable, C: View {
        self.init(Text(title), for: type, content: content)
    }

    /// A group of windows presenting values of type `D`, each given a binding to its value;
    /// the window opened at launch presents `defaultValue()`.
    public init<D, C>(
        id: String, for type: D.Type = D.self, @ViewBuilder content: @escaping (Binding<D>) -> C,
        defaultValue: @escaping () -> D
    ) where Content == PresentedWindowContent<D, C>, D: Decodable, D: Encodable, D: Hashable, C: View {
        self.init(title: nil, id: id, content: content, defaultValue: defaultValue)
    }

    public init<D, C>(
        for type: D.Type = D.self, @ViewBuilder content: @escaping (Binding<D>) -> C, defaultValue: @escaping () -> D
    ) where Content == PresentedWindowContent<D, C>, D: Decodable, D: Encodable, D: Hashable, C: View {
        self.init(title: nil, id: nil, content: content, defaultValue: defaultValue)
    }

    public init<D, C>(
        _ title: Text, id: String, for type: D.Type = D.self, @ViewBuilder content: @escaping (Binding<D>) -> C,
        defaultValue: @escaping () -> D
    ) where Content == PresentedWindowContent<D, C>, D: Decodable, D: Encodable, D: Hashable, C: View {
        self.init(title: title.content, id: id, content: content, defaultValue: defaultValue)
    }

    public init<D, C>(
        _ titleKey: LocalizedStringKey, id: String, for type: D.Type = D.self,
        @ViewBuilder content: @escaping (Binding<D>) -> C, defaultValue: @escaping () -> D
    ) where Content == PresentedWindowContent<D, C>, D: Decodable, D: Encodable, D: Hashable, C: View {
        self.init(Text(titleKey), id: id, content: content, defaultValue: defaultValue)
    }

    @_disfavoredOverload
    public init<S, D, C>(
        _ title: S, id: String, for type: D.Type = D.self, @ViewBuilder content: @escaping (Binding<D>) -> C,
        defaultValue: @escaping () -> D
    ) where Content == PresentedWindowContent<D, C>, S: StringProtocol, D: Decodable, D: Encodable, D: Hashable, C: View {
        self.init(Text(title), id: id, content: content, defaultValue: defaultValue)
    }

    public init<D, C>(
        _ title: Text, for type: D.Type = D.self, @ViewBuilder content: @escaping (Binding<D>) -> C,
        defaultValue: @escaping () -> D
    ) where Content == PresentedWindowContent<D, C>, D: Decodable, D: Encodable, D: Hashable, C: View {
        self.init(title: title.content, id: nil, content: content, defaultValue: defaultValue)
    }

    public init<D, C>(
        _ titleKey: LocalizedStringKey, for type: D.Type = D.self, @ViewBuilder content: @escaping (Binding<D>) -> C,
        defaultValue: @escaping () -> D
    ) where Content == PresentedWindowContent<D, C>, D: Decodable, D: Encodable, D: Hashable, C: View {
        self.init(Text(titleKey), content: content, defaultValue: defaultValue)
    }

    @_disfavoredOverload
    public init<S, D, C>(
        _ title: S, for type: D.Type = D.self, @ViewBuilder content: @escaping (Binding<D>) -> C,
        defaultValue: @escaping () -> D
    ) where Content == PresentedWindowContent<D, C>, S: StringProtocol, D: Decodable, D: Encodable, D: Hashable, C: View {
        self.init(Text(title), content: content, defaultValue: defaultValue)
    }

    /// The optional-binding forms: the content sees the window's value as set.
    private init<D, C>(
        title: String?, id: String?, for type: D.Type, content: @escaping (Binding<D?>) -> C, defaultValue: (() -> D)?
    ) where Content == PresentedWindowContent<D, C>, D: Decodable, D: Encodable, D: Hashable, C: View {
        self.content = PresentedWindowContent(makeContent: content)
        self.title = title
        self.id = id
        presented = (D.self, defaultValue.map { value in { AnyHashable(value()) } })
    }

    /// The default-value forms: the content sees the window's value, or the default.
    private init<D, C>(
        title: String?, id: String?, content: @escaping (Binding<D>) -> C, defaultValue: @escaping () -> D
    ) where Content == PresentedWindowContent<D, C>, D: Decodable, D: Encodable, D: Hashable, C: View {
        self.init(title: title, id: id, for: D.self, content: { optional in
            content(Binding(get: { optional.wrappedValue ?? defaultValue() }, set: { optional.wrappedValue = $0 }))
        }, defaultValue: defaultValue)
    }
}
