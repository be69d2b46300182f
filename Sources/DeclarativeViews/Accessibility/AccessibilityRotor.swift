import Foundation

// Rotors: lists of places in a view VoiceOver users jump between (the headings, the links, "Unread
// messages"). Headless, a rotor is recorded on the view's nodes with its entries' labels
// (`accessibilityRotor=Unread: Ann, Bob; headings: Intro`), for tests to read.

/// The entries of a rotor (SwiftUI's `AccessibilityRotorContent`): ``AccessibilityRotorEntry``s,
/// or a type whose `body` is made of them.
public protocol AccessibilityRotorContent {
    associatedtype Body: AccessibilityRotorContent
    @AccessibilityRotorContentBuilder var body: Body { get }
}

/// Rotor content that lists its entries' labels itself.
protocol _PrimitiveRotorContent {
    var _rotorLabels: [String] { get }
}

extension AccessibilityRotorContent {
    /// The labels of the entries, in order.
    var _labels: [String] {
        if let primitive = self as? any _PrimitiveRotorContent { return primitive._rotorLabels }
        return body._labels
    }
}

/// The entries a rotor builder collected.
public struct _AccessibilityRotorEntries: AccessibilityRotorContent, _PrimitiveRotorContent {
    let labels: [String]
    public var body: _AccessibilityRotorEntries { self }
    var _rotorLabels: [String] { labels }
}

/// Builds rotor content from entries, conditions and loops (SwiftUI's `AccessibilityRotorContentBuilder`).
@resultBuilder
public struct AccessibilityRotorContentBuilder {
    public static func buildExpression<Content: AccessibilityRotorContent>(_ content: Content) -> _AccessibilityRotorEntries {
        _AccessibilityRotorEntries(labels: content._labels)
    }

    public static func buildBlock(_ parts: _AccessibilityRotorEntries...) -> _AccessibilityRotorEntries {
        _AccessibilityRotorEntries(labels: parts.flatMap(\.labels))
    }

    public static func buildOptional(_ part: _AccessibilityRotorEntries?) -> _AccessibilityRotorEntries {
        part ?? _AccessibilityRotorEntries(labels: [])
    }

    public static func buildEither(first: _AccessibilityRotorEntries) -> _AccessibilityRotorEntries { first }
    public static func buildEither(second: _AccessibilityRotorEntries) -> _AccessibilityRotorEntries { second }

    public static func buildArray(_ parts: [_AccessibilityRotorEntries]) -> _AccessibilityRotorEntries {
        _AccessibilityRotorEntries(labels: parts.flatMap(\.labels))
    }
}

/// One place a rotor goes to (SwiftUI's `AccessibilityRotorEntry`): a label, and the element
/// (`id` in a namespace, or the view's `.id`) or text range it stands for.
public struct AccessibilityRotorEntry<ID: Hashable>: AccessibilityRotorContent, _PrimitiveRotorContent {
    let label: String
    let id: ID?
    let textRange: Range<String.Index>?
    /// Run before the rotor moves to the entry (to scroll it into view).
    let prepare: () -> Void

    public var body: _AccessibilityRotorEntries { _AccessibilityRotorEntries(labels: [label]) }
    var _rotorLabels: [String] { [label] }

    public init<L: StringProtocol>(
        _ label: L, _ id: ID, in namespace: Namespace.ID, textRange: Range<String.Index>? = nil, prepare: @escaping (() -> Void) = {}
    ) {
        self.init(label: String(label), id: id, textRange: textRange, prepare: prepare)
    }

    public init(
        _ label: Text, id: ID, in namespace: Namespace.ID, textRange: Range<String.Index>? = nil, prepare: @escaping (() -> Void) = {}
    ) {
        self.init(label: label.content, id: id, textRange: textRange, prepare: prepare)
    }

    public init(
        _ labelKey: LocalizedStringKey, id: ID, in namespace: Namespace.ID, textRange: Range<String.Index>? = nil,
        prepare: @escaping (() -> Void) = {}
    ) {
        self.init(label: labelKey.visible, id: id, textRange: textRange, prepare: prepare)
    }

    public init(_ label: Text, id: ID, textRange: Range<String.Index>? = nil, prepare: @escaping (() -> Void) = {}) {
        self.init(label: label.content, id: id, textRange: textRange, prepare: prepare)
    }

    public init(_ labelKey: LocalizedStringKey, id: ID, textRange: Range<String.Index>? = nil, prepare: @escaping (() -> Void) = {}) {
        self.init(label: labelKey.visible, id: id, textRange: textRange, prepare: prepare)
    }

    @_disfavoredOverload
    public init<L: StringProtocol>(_ label: L, id: ID, textRange: Range<String.Index>? = nil, prepare: @escaping (() -> Void) = {}) {
        self.init(label: String(label), id: id, textRange: textRange, prepare: prepare)
    }

    init(label: String, id: ID?, textRange: Range<String.Index>?, prepare: @escaping () -> Void) {
        self.label = label
        self.id = id
        self.textRange = textRange
        self.prepare = prepare
    }
}

extension AccessibilityRotorEntry where ID == Never {
    /// An entry for a range of the view's text.
    public init(_ label: Text? = nil, textRange: Range<String.Index>, prepare: @escaping (() -> Void) = {}) {
        self.init(label: label?.content ?? "", id: nil, textRange: textRange, prepare: prepare)
    }

    public init(_ labelKey: LocalizedStringKey, textRange: Range<String.Index>, prepare: @escaping (() -> Void) = {}) {
        self.init(label: labelKey.visible, id: nil, textRange: textRange, prepare: prepare)
    }

    @_disfavoredOverload
    public init<L: StringProtocol>(_ label: L, textRange: Range<String.Index>, prepare: @escaping (() -> Void) = {}) {
        self.init(label: String(label), id: nil, textRange: textRange, prepare: prepare)
    }
}

/// A rotor the system defines (SwiftUI's `AccessibilitySystemRotor`), which a view can fill itself.
public struct AccessibilitySystemRotor: Sendable {
    let name: String

    public static var headings: AccessibilitySystemRotor { AccessibilitySystemRotor(name: "headings") }
    public static func headings(level: AccessibilityHeadingLevel) -> AccessibilitySystemRotor {
        AccessibilitySystemRotor(name: "headings \(level.name)")
    }
    public static var links: AccessibilitySystemRotor { AccessibilitySystemRotor(name: "links") }
    public static func links(visited: Bool) -> AccessibilitySystemRotor {
        AccessibilitySystemRotor(name: visited ? "visitedLinks" : "unvisitedLinks")
    }
    public static var boldText: AccessibilitySystemRotor { AccessibilitySystemRotor(name: "boldText") }
    public static var italicText: AccessibilitySystemRotor { AccessibilitySystemRotor(name: "italicText") }
    public static var underlineText: AccessibilitySystemRotor { AccessibilitySystemRotor(name: "underlineText") }
    public static var misspelledWords: AccessibilitySystemRotor { AccessibilitySystemRotor(name: "misspelledWords") }
    public static var images: AccessibilitySystemRotor { AccessibilitySystemRotor(name: "images") }
    public static var textFields: AccessibilitySystemRotor { AccessibilitySystemRotor(name: "textFields") }
    public static var tables: AccessibilitySystemRotor { AccessibilitySystemRotor(name: "tables") }
    public static var lists: AccessibilitySystemRotor { AccessibilitySystemRotor(name: "lists") }
    public static var landmarks: AccessibilitySystemRotor { AccessibilitySystemRotor(name: "landmarks") }
}

extension View {
    private func rotor(_ name: String, _ labels: [String]) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
        modifier(AccessibilityAttachmentModifier(.accumulated(key: "accessibilityRotor", value: "\(name): " + labels.joined(separator: ", "))))
    }

    /// A rotor named `label` with `entries` (`accessibilityRotor=Unread: Ann, Bob`, several accumulated).
    public func accessibilityRotor<Content: AccessibilityRotorContent>(
        _ label: Text, @AccessibilityRotorContentBuilder entries: @escaping () -> Content
    ) -> some View {
        rotor(label.content, entries()._labels)
    }

    public func accessibilityRotor<Content: AccessibilityRotorContent>(
        _ labelKey: LocalizedStringKey, @AccessibilityRotorContentBuilder entries: @escaping () -> Content
    ) -> some View {
        rotor(labelKey.visible, entries()._labels)
    }

    public func accessibilityRotor<Content: AccessibilityRotorContent>(
        _ systemRotor: AccessibilitySystemRotor, @AccessibilityRotorContentBuilder entries: @escaping () -> Content
    ) -> some View {
        rotor(systemRotor.name, entries()._labels)
    }

    @_disfavoredOverload
    public func accessibilityRotor<L: StringProtocol, Content: AccessibilityRotorContent>(
        _ label: L, @AccessibilityRotorContentBuilder entries: @escaping () -> Content
    ) -> some View {
        rotor(String(label), entries()._labels)
    }

    /// A rotor with an entry for each model, labelled by `entryLabel`.
    public func accessibilityRotor<EntryModel, ID: Hashable>(
        _ rotorLabel: Text, entries: [EntryModel], entryID: KeyPath<EntryModel, ID>, entryLabel: KeyPath<EntryModel, String>
    ) -> some View {
        rotor(rotorLabel.content, entries.map { $0[keyPath: entryLabel] })
    }

    public func accessibilityRotor<EntryModel, ID: Hashable>(
        _ rotorLabelKey: LocalizedStringKey, entries: [EntryModel], entryID: KeyPath<EntryModel, ID>,
        entryLabel: KeyPath<EntryModel, String>
    ) -> some View {
        rotor(rotorLabelKey.visible, entries.map { $0[keyPath: entryLabel] })
    }

    public func accessibilityRotor<EntryModel, ID: Hashable>(
        _ systemRotor: AccessibilitySystemRotor, entries: [EntryModel], entryID: KeyPath<EntryModel, ID>,
        entryLabel: KeyPath<EntryModel, String>
    ) -> some View {
        rotor(systemRotor.name, entries.map { $0[keyPath: entryLabel] })
    }

    @_disfavoredOverload
    public func accessibilityRotor<L: StringProtocol, EntryModel, ID: Hashable>(
        _ rotorLabel: L, entries: [EntryModel], entryID: KeyPath<EntryModel, ID>, entryLabel: KeyPath<EntryModel, String>
    ) -> some View {
        rotor(String(rotorLabel), entries.map { $0[keyPath: entryLabel] })
    }

    public func accessibilityRotor<EntryModel: Identifiable>(
        _ rotorLabel: Text, entries: [EntryModel], entryLabel: KeyPath<EntryModel, String>
    ) -> some View {
        rotor(rotorLabel.content, entries.map { $0[keyPath: entryLabel] })
    }

    public func accessibilityRotor<EntryModel: Identifiable>(
        _ rotorLabelKey: LocalizedStringKey, entries: [EntryModel], entryLabel: KeyPath<EntryModel, String>
    ) -> some View {
        rotor(rotorLabelKey.visible, entries.map { $0[keyPath: entryLabel] })
    }

    public func accessibilityRotor<EntryModel: Identifiable>(
        _ systemRotor: AccessibilitySystemRotor, entries: [EntryModel], entryLabel: KeyPath<EntryModel, String>
    ) -> some View {
        rotor(systemRotor.name, entries.map { $0[keyPath: entryLabel] })
    }

    @_disfavoredOverload
    public func accessibilityRotor<L: StringProtocol, EntryModel: Identifiable>(
        _ rotorLabel: L, entries: [EntryModel], entryLabel: KeyPath<EntryModel, String>
    ) -> some View {
        rotor(String(rotorLabel), entries.map { $0[keyPath: entryLabel] })
    }

    /// A rotor over ranges of the view's text, each labelled by the text it covers.
    public func accessibilityRotor(_ label: Text, textRanges: [Range<String.Index>]) -> some View {
        rotor(label.content, ["\(textRanges.count) ranges"])
    }

    public func accessibilityRotor(_ labelKey: LocalizedStringKey, textRanges: [Range<String.Index>]) -> some View {
        rotor(labelKey.visible, ["\(textRanges.count) ranges"])
    }

    public func accessibilityRotor(_ systemRotor: AccessibilitySystemRotor, textRanges: [Range<String.Index>]) -> some View {
        rotor(systemRotor.name, ["\(textRanges.count) ranges"])
    }

    @_disfavoredOverload
    public func accessibilityRotor<L: StringProtocol>(_ label: L, textRanges: [Range<String.Index>]) -> some View {
        rotor(String(label), ["\(textRanges.count) ranges"])
    }

    /// Marks the view as the element rotor entries with `id` in `namespace` go to
    /// (`accessibilityRotorEntry=ID`).
    public func accessibilityRotorEntry<ID: Hashable>(id: ID, in namespace: Namespace.ID) -> some View {
        modifier(AccessibilityAttachmentModifier("accessibilityRotorEntry", "\(id)"))
    }
}

// MARK: - ForEach of entries

extension ForEach: AccessibilityRotorContent, _PrimitiveRotorContent where Content: AccessibilityRotorContent {
    /// The entries of every element, in order.
    public var body: _AccessibilityRotorEntries { _AccessibilityRotorEntries(labels: _rotorLabels) }

    var _rotorLabels: [String] { data.flatMap { content($0)._labels } }

    /// The entries `content` makes for each element (`ForEach(messages) { AccessibilityRotorEntry($0.subject, id: $0.id) }`).
    public init(_ data: Data, @AccessibilityRotorContentBuilder content: @escaping (Data.Element) -> Content)
    where ID == Data.Element.ID, Data.Element: Identifiable {
        self.init(data: data, id: \.id, content: content)
    }

    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @AccessibilityRotorContentBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data: data, id: id, content: content)
    }
}
