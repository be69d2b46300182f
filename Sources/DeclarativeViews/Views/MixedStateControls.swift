// Controls for several values at once (SwiftUI's `sources:` forms): one toggle for the `isOn` of
// every source, one picker for the selection of every source. A toggle is on when every source
// is, and `toggle=mixed` when they differ; tapping it turns them all on, or all off when all were
// on. Choosing an option of a picker sets every source's selection; it shows the first source's.

extension Toggle {
    /// A toggle for the `isOn` binding of each of `sources`.
    public init<C: RandomAccessCollection>(
        sources: C, isOn: KeyPath<C.Element, Binding<Bool>>, @ViewBuilder label: () -> ToggleLabel
    ) {
        let bindings = sources.map { $0[keyPath: isOn] }
        self.init(
            isOn: Binding(
                get: { !bindings.isEmpty && bindings.allSatisfy(\.wrappedValue) },
                set: { value in for binding in bindings { binding.wrappedValue = value } }),
            label: label)
        isMixed = { bindings.contains(where: \.wrappedValue) && !bindings.allSatisfy(\.wrappedValue) }
    }
}

extension Toggle where ToggleLabel == Text {
    public init<C: RandomAccessCollection>(_ titleKey: LocalizedStringKey, sources: C, isOn: KeyPath<C.Element, Binding<Bool>>) {
        self.init(sources: sources, isOn: isOn) { Text(titleKey) }
    }

    @_disfavoredOverload
    public init<S: StringProtocol, C: RandomAccessCollection>(_ title: S, sources: C, isOn: KeyPath<C.Element, Binding<Bool>>) {
        self.init(sources: sources, isOn: isOn) { Text(title) }
    }
}

extension Picker {
    /// A picker for the selection binding of each of `sources`.
    public init<C: RandomAccessCollection>(
        sources: C, selection: KeyPath<C.Element, Binding<SelectionValue>>, @ViewBuilder content: () -> Content,
        @ViewBuilder label: () -> Label
    ) {
        let bindings = sources.map { $0[keyPath: selection] }
        guard let first = bindings.first else {
            fatalError("DeclarativeViews: Picker(sources:selection:) needs at least one source.")
        }
        self.init(
            selection: Binding(get: { first.wrappedValue }, set: { value in for binding in bindings { binding.wrappedValue = value } }),
            content: content, label: label)
    }

    /// A picker labelled with a view given as a value, as SwiftUI's first releases wrote it.
    public init(selection: Binding<SelectionValue>, label: Label, @ViewBuilder content: () -> Content) {
        self.init(selection: selection, content: content, label: { label })
    }
}

extension Picker where Label == Text {
    public init<C: RandomAccessCollection>(
        _ titleKey: LocalizedStringKey, sources: C, selection: KeyPath<C.Element, Binding<SelectionValue>>,
        @ViewBuilder content: () -> Content
    ) {
        self.init(sources: sources, selection: selection, content: content) { Text(titleKey) }
    }

    @_disfavoredOverload
    public init<C: RandomAccessCollection, S: StringProtocol>(
        _ title: S, sources: C, selection: KeyPath<C.Element, Binding<SelectionValue>>, @ViewBuilder content: () -> Content
    ) {
        self.init(sources: sources, selection: selection, content: content) { Text(title) }
    }
}
