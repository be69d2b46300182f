import AttrGraph
import Foundation

// Choosing among tagged views, headless: a `Picker`'s options and a selectable `List`'s rows are
// the content's nodes tagged with a value of the selection's type (`.tag(_:)`, or a `ForEach`
// element's id). Each becomes a button that selects it — tap it by its text, or pick it with
// ``ViewHost/select(_:)`` — and the selected ones carry `selected`.

/// A selection binding, type-erased: a single value, an optional one, or a set.
struct _Selection {
    /// Whether `tag` is a value of the selection's type.
    let accepts: (AnyHashable) -> Bool
    let isSelected: (AnyHashable) -> Bool
    /// Selects `tag` (for a set: adds it, or removes it when it is in).
    let choose: (AnyHashable) -> Void

    init<V: Hashable>(value binding: Binding<V>) {
        accepts = { $0.base is V }
        isSelected = { tag in (tag.base as? V).map { $0 == binding.wrappedValue } ?? false }
        choose = { tag in if let value = tag.base as? V { binding.wrappedValue = value } }
    }

    init<V: Hashable>(single binding: Binding<V?>) {
        accepts = { $0.base is V || $0.base is V? }
        isSelected = { tag in Self.unwrap(tag, as: V.self).map { $0 == binding.wrappedValue } ?? false }
        choose = { tag in if let value = Self.unwrap(tag, as: V.self) { binding.wrappedValue = value } }
    }

    init<V: Hashable>(set binding: Binding<Set<V>>) {
        accepts = { $0.base is V }
        isSelected = { tag in (tag.base as? V).map { binding.wrappedValue.contains($0) } ?? false }
        choose = { tag in
            guard let value = tag.base as? V else { return }
            if binding.wrappedValue.contains(value) {
                binding.wrappedValue.remove(value)
            } else {
                binding.wrappedValue.insert(value)
            }
        }
    }

    /// A tag of type `V` or `V?`, as the optional value it selects.
    private static func unwrap<V>(_ tag: AnyHashable, as type: V.Type) -> V?? {
        if let value = tag.base as? V { return .some(value) }
        if let value = tag.base as? V? { return .some(value) }
        return nil
    }
}

/// Views whose content's tagged nodes are selectable.
protocol SelectionProviding {
    var selection: _Selection? { get }
    /// The node around the options and its styles.
    var _selectionContainer: (kind: RenderNode.Kind, styles: [String: String]) { get }
}

/// Wraps each selectable node (at the top of the content, or one level down, as in a section) in
/// a button that selects it.
struct SelectableRender<Source: SelectionProviding>: StatefulRule {
    typealias Value = [DisplayNode]
    let source: _GraphValue<Source>
    let content: RenderParts
    var label: RenderParts?
    /// What choosing an option also closes (a `Menu` the picker is in), if anything.
    var dismiss: Attribute<(@MainActor () -> Void)?>?
    /// One select action per selectable node, in order, kept across updates.
    var actions: [ButtonAction] = []

    init(source: _GraphValue<Source>, content: RenderParts, label: RenderParts? = nil,
         dismiss: Attribute<(@MainActor () -> Void)?>? = nil) {
        self.source = source
        self.content = content
        self.label = label
        self.dismiss = dismiss
    }

    mutating func updateValue() {
        let source = self.source.value
        let container = source._selectionContainer
        let labelNodes = label?.read() ?? []
        var used = 0
        var options = content.read()
        if let selection = source.selection {
            options = wrap(options, selection: selection, dismiss: dismiss?.value, used: &used, depth: 0)
        }
        var annotations: _Annotations?
        if !container.styles.isEmpty {
            annotations = _Annotations()
            annotations?.styles = container.styles
            if label != nil {
                // A picker's node is named by its label's text.
                var texts: [String] = []
                for node in labelNodes { node.collectText(into: &texts) }
                annotations?.styles["picker"] = texts.joined(separator: " ")
            }
        }
        value = [DisplayNode(kind: container.kind, children: labelNodes + options, annotations: annotations)]
    }

    private mutating func wrap(
        _ nodes: [DisplayNode], selection: _Selection, dismiss: (@MainActor () -> Void)?, used: inout Int, depth: Int
    ) -> [DisplayNode] {
        nodes.map { node in
            if let tag = node.annotations?.tag, selection.accepts(tag), node.annotations?.styles["selectionDisabled"] == nil {
                if used == actions.count { actions.append(ButtonAction {}) }
                let action = actions[used]
                used += 1
                let choose = MainActorHop((selection.choose, tag, dismiss))
                action.action = {
                    choose.value.0(choose.value.1)
                    choose.value.2?()
                }
                var texts: [String] = []
                node.collectText(into: &texts)
                var annotations = _Annotations()
                annotations.tag = tag
                if selection.isSelected(tag) { annotations.styles["selected"] = "" }
                return DisplayNode(
                    kind: .button(label: texts.joined(separator: " "), isEnabled: true), children: [node],
                    action: action, annotations: annotations)
            }
            guard depth < 1, !node.children.isEmpty, node.action == nil else { return node }
            let children = wrap(node.children, selection: selection, dismiss: dismiss, used: &used, depth: depth + 1)
            return children == node.children
                ? node : DisplayNode(kind: node.kind, children: children, action: node.action, annotations: node.annotations)
        }
    }
}

/// Tags a `ForEach` element's nodes with its id, unless they have a tag of their own.
struct ImplicitTagRender: StatefulRule {
    typealias Value = [DisplayNode]
    let content: Attribute<[DisplayNode]>
    let tag: AnyHashable

    mutating func updateValue() {
        let tag = self.tag
        value = content.value.map { node in
            node.annotations?.tag != nil ? node : node.annotated { $0.tag = tag }
        }
    }
}

// MARK: - Picker

/// A choice among tagged options (SwiftUI's `Picker`): its label, then each option as a button
/// (tap it by its text) in a node carrying `picker=LABEL` and the picker style; the selected
/// option carries `selected`.
///
///     Picker("Flavor", selection: $flavor) {
///         ForEach(Flavor.allCases) { Text($0.rawValue) }   // tagged with their ids
///     }
public nonisolated struct Picker<Label: View, SelectionValue: Hashable, Content: View>: View {
    let label: Label
    let content: Content
    let selection: _Selection?

    public init(selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.content = content()
        self.selection = _Selection(value: selection)
    }

    public var body: Never { _primitiveBody(Self.self) }

    public static func _makeView(view: _GraphValue<Self>, inputs: _ViewInputs) -> _ViewOutputs {
        var offsets = FieldOffsets()
        let label = view.member(Label.self, at: offsets.next(Label.self), \.label)
        let content = view.member(Content.self, at: offsets.next(Content.self), \.content)
        let labelParts = Label._makeDebuggableView(view: label, inputs: inputs)
        var contentInputs = inputs
        contentInputs.tagsElementsWithID = true
        let parts = Content._makeDebuggableView(view: content, inputs: contentInputs)
        let style = Attribute(vtableRule: EnvironmentProperty(environment: inputs.environment, keyPath: \._pickerStyle))
        // Choosing an option closes the menu the picker is in, as a button in it does.
        let dismiss = Attribute(vtableRule: EnvironmentProperty(environment: inputs.environment, keyPath: \._buttonDismiss))
        let render = Attribute(
            SelectableRender(source: view, content: parts.render, label: labelParts.render, dismiss: dismiss))
        return _ViewOutputs(render: Attribute(PickerStyleRender(content: render, style: style)))
    }
}

extension Picker where Label == Text {
    public init(_ titleKey: LocalizedStringKey, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {
        self.init(selection: selection, content: content) { Text(titleKey) }
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {
        self.init(selection: selection, content: content) { Text(title) }
    }
}

extension Picker: SelectionProviding {
    var _selectionContainer: (kind: RenderNode.Kind, styles: [String: String]) {
        (.hstack(alignment: .center, spacing: nil), ["picker": ""])
    }
}

/// Adds the environment's picker style to a picker's node.
struct PickerStyleRender: Rule {
    let content: Attribute<[DisplayNode]>
    let style: Attribute<String>

    var value: [DisplayNode] {
        let style = self.style.value
        return content.value.map { node in node.annotated { $0.styles["pickerStyle"] = style } }
    }
}

/// How a picker shows its options (SwiftUI's `PickerStyle`): recorded as `pickerStyle=NAME`.
public protocol PickerStyle {
    var _name: String { get }
}

public struct DefaultPickerStyle: PickerStyle { public init() {}; public var _name: String { "automatic" } }
public struct MenuPickerStyle: PickerStyle { public init() {}; public var _name: String { "menu" } }
public struct SegmentedPickerStyle: PickerStyle { public init() {}; public var _name: String { "segmented" } }
public struct InlinePickerStyle: PickerStyle { public init() {}; public var _name: String { "inline" } }
public struct WheelPickerStyle: PickerStyle { public init() {}; public var _name: String { "wheel" } }
public struct NavigationLinkPickerStyle: PickerStyle { public init() {}; public var _name: String { "navigationLink" } }
public struct PalettePickerStyle: PickerStyle { public init() {}; public var _name: String { "palette" } }
public struct RadioGroupPickerStyle: PickerStyle { public init() {}; public var _name: String { "radioGroup" } }
public struct PopUpButtonPickerStyle: PickerStyle { public init() {}; public var _name: String { "popUpButton" } }

extension PickerStyle where Self == DefaultPickerStyle { public static var automatic: Self { Self() } }
extension PickerStyle where Self == MenuPickerStyle { public static var menu: Self { Self() } }
extension PickerStyle where Self == SegmentedPickerStyle { public static var segmented: Self { Self() } }
extension PickerStyle where Self == InlinePickerStyle { public static var inline: Self { Self() } }
extension PickerStyle where Self == WheelPickerStyle { public static var wheel: Self { Self() } }
extension PickerStyle where Self == NavigationLinkPickerStyle { public static var navigationLink: Self { Self() } }
extension PickerStyle where Self == PalettePickerStyle { public static var palette: Self { Self() } }
extension PickerStyle where Self == RadioGroupPickerStyle { public static var radioGroup: Self { Self() } }

struct PickerStyleKey: EnvironmentKey {
    static let defaultValue = "automatic"
}

extension EnvironmentValues {
    var _pickerStyle: String {
        get { self[PickerStyleKey.self] }
        set { self[PickerStyleKey.self] = newValue }
    }
}

extension View {
    /// The style of the pickers in this view (recorded on their nodes as `pickerStyle=NAME`).
    public func pickerStyle<S: PickerStyle>(_ style: S) -> ModifiedContent<Self, _EnvironmentKeyWritingModifier<String>> {
        environment(\._pickerStyle, style._name)
    }
}

// MARK: - Selectable lists from data

extension List {
    public init<Data: RandomAccessCollection, RowContent: View>(
        _ data: Data, selection: Binding<SelectionValue?>?, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {
        self.init(selection: selection) { ForEach(data, content: rowContent) }
    }

    public init<Data: RandomAccessCollection, RowContent: View>(
        _ data: Data, selection: Binding<Set<SelectionValue>>?, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {
        self.init(selection: selection) { ForEach(data, content: rowContent) }
    }

    public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(
        _ data: Data, id: KeyPath<Data.Element, ID>, selection: Binding<SelectionValue?>?,
        @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, ID, RowContent> {
        self.init(selection: selection) { ForEach(data, id: id, content: rowContent) }
    }

    public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(
        _ data: Data, id: KeyPath<Data.Element, ID>, selection: Binding<Set<SelectionValue>>?,
        @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, ID, RowContent> {
        self.init(selection: selection) { ForEach(data, id: id, content: rowContent) }
    }
}

// MARK: - Selectable lists from bound data, ranges, and a non-optional selection

extension List {
    @_disfavoredOverload
    public init<Data: RandomAccessCollection, RowContent: View>(
        _ data: Data, selection: Binding<SelectionValue>, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {
        self.init(selection: selection) { ForEach(data, content: rowContent) }
    }

    @_disfavoredOverload
    public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(
        _ data: Data, id: KeyPath<Data.Element, ID>, selection: Binding<SelectionValue>,
        @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, ID, RowContent> {
        self.init(selection: selection) { ForEach(data, id: id, content: rowContent) }
    }

    public init<RowContent: View>(
        _ data: Range<Int>, selection: Binding<SelectionValue?>?, @ViewBuilder rowContent: @escaping (Int) -> RowContent
    ) where Content == ForEach<Range<Int>, Int, RowContent> {
        self.init(selection: selection) { ForEach(data, content: rowContent) }
    }

    public init<RowContent: View>(
        _ data: Range<Int>, selection: Binding<Set<SelectionValue>>?, @ViewBuilder rowContent: @escaping (Int) -> RowContent
    ) where Content == ForEach<Range<Int>, Int, HStack<RowContent>> {
        self.init(selection: selection) { ForEach(data) { index in HStack { rowContent(index) } } }
    }

    @_disfavoredOverload
    public init<RowContent: View>(
        _ data: Range<Int>, selection: Binding<SelectionValue>, @ViewBuilder rowContent: @escaping (Int) -> RowContent
    ) where Content == ForEach<Range<Int>, Int, HStack<RowContent>> {
        self.init(selection: selection) { ForEach(data) { index in HStack { rowContent(index) } } }
    }

    /// A row per element of a bound collection, each given a binding to its element; rows tagged
    /// with their ids select.
    public init<Data: MutableCollection & RandomAccessCollection, RowContent: View>(
        _ data: Binding<Data>, selection: Binding<SelectionValue?>?,
        @ViewBuilder rowContent: @escaping (Binding<Data.Element>) -> RowContent
    ) where Content == ForEach<Binding<Data>, Data.Element.ID, RowContent>, Data.Element: Identifiable {
        // A binding to a collection is a collection of bindings to its elements.
        self.init(selection: selection) { ForEach(data, content: rowContent) }
    }

    public init<Data: MutableCollection & RandomAccessCollection, RowContent: View>(
        _ data: Binding<Data>, selection: Binding<Set<SelectionValue>>?,
        @ViewBuilder rowContent: @escaping (Binding<Data.Element>) -> RowContent
    ) where Content == ForEach<Binding<Data>, Data.Element.ID, RowContent>, Data.Element: Identifiable {
        // A binding to a collection is a collection of bindings to its elements.
        self.init(selection: selection) { ForEach(data, content: rowContent) }
    }

    public init<Data: MutableCollection & RandomAccessCollection, ID: Hashable, RowContent: View>(
        _ data: Binding<Data>, id: KeyPath<Data.Element, ID>, selection: Binding<SelectionValue?>?,
        @ViewBuilder rowContent: @escaping (Binding<Data.Element>) -> RowContent
    ) where Content == ForEach<[Binding<Data.Element>], ID, RowContent> {
        self.init(selection: selection) { ForEach(data, id: id, content: rowContent) }
    }

    public init<Data: MutableCollection & RandomAccessCollection, ID: Hashable, RowContent: View>(
        _ data: Binding<Data>, id: KeyPath<Data.Element, ID>, selection: Binding<Set<SelectionValue>>?,
        @ViewBuilder rowContent: @escaping (Binding<Data.Element>) -> RowContent
    ) where Content == ForEach<[Binding<Data.Element>], ID, RowContent> {
        self.init(selection: selection) { ForEach(data, id: id, content: rowContent) }
    }
}

extension List where SelectionValue == Never {
    /// A row per element of a bound collection identified by `id`, each given a binding to its element.
    public init<Data: MutableCollection & RandomAccessCollection, ID: Hashable, RowContent: View>(
        _ data: Binding<Data>, id: KeyPath<Data.Element, ID>,
        @ViewBuilder rowContent: @escaping (Binding<Data.Element>) -> RowContent
    ) where Content == ForEach<[Binding<Data.Element>], ID, RowContent> {
        self.init { ForEach(data, id: id, content: rowContent) }
    }
}
